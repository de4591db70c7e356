/**
 * The customer services: accounts and sessions, the Google sign-in when configured, the
 * mail outbox, the texts of failed account calls, and the links the mails carry.
 */
import type { ChannelId } from "../../config/channels";
import type { HostTable } from "../../config/hosts";
import { accountPath } from "../../domain/accountPaths";
import { newsletterPath } from "../../domain/newsletterPaths";
import { localeSettings, type Locale } from "../../domain/locales";
import { languagePrefix } from "../../domain/paths";
import type { Db } from "../../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { createAccounts, type Accounts } from "./accounts";
import { createGoogleSignIn, type GoogleSignIn } from "./google";
import type { MailLinks } from "./accountMails";
import { createContactForm, type ContactForm } from "./contactForm";
import type { ContentClient } from "../content/client";
import { createMailer, type Mailer } from "./mail";
import { createNewsletter, type Newsletter, type NewsletterLinks } from "./newsletter";
import { createRecaptchaProtection } from "./recaptcha";
import { createRecommendations, type Recommendations } from "./recommendations";
import { createSpamProtection, type SpamProtection } from "./spamProtection";
import { clearedSessionCookie, sessionCookie, sessionToken } from "./session";
import { accountText, type AccountProblem } from "./texts";

export interface CustomerServices {
  accounts: Accounts;
  /** Sign in with Google; null without GOOGLE_CLIENT_ID. */
  google: GoogleSignIn | null;
  newsletter: Newsletter;
  spamProtection: SpamProtection;
  /** The contact form: a shopper's message to customer service, and their copy. */
  contactForm: ContactForm;
  /** Recommending the shop to a friend, and the sender's thanks after the friend's first order. */
  recommendations: Recommendations;
  mailer: Mailer;
  /** Whether the development mailbox page is served. */
  mailboxEnabled: boolean;
  text(locale: Locale, problem: AccountProblem): string;
  /** Links for the mails of a brand's country site, built from the host table. */
  links(site: { channel: ChannelId; locale: Locale }, requestUrl: URL): MailLinks;
  /** Links for the newsletter mails of a brand's country site. */
  newsletterLinks(site: { channel: ChannelId; locale: Locale }, requestUrl: URL): NewsletterLinks;
  sessionCookie(token: string, secure: boolean): string;
  clearedSessionCookie(secure: boolean): string;
  sessionToken(cookies: string): string | undefined;
}

/** reCAPTCHA when its keys are configured, else the shop's own proof-of-work challenge. */
function createFormSpamProtection(options: { db: Db; env: Env; log: Logger }): SpamProtection {
  const { db, env, log } = options;
  return env.RECAPTCHA_SECRET_KEY
    ? createRecaptchaProtection({
        db,
        log,
        secret: env.RECAPTCHA_SECRET_KEY,
        verifyUrl: env.RECAPTCHA_VERIFY_URL,
        minScore: env.RECAPTCHA_MIN_SCORE,
      })
    : createSpamProtection({ db, secret: env.SPAM_PROTECTION_SECRET });
}

export function mailboxEnabled(env: Env): boolean {
  if (env.MAILBOX_ENABLED === "true" || env.MAILBOX_ENABLED === "1") return true;
  if (env.MAILBOX_ENABLED === "false" || env.MAILBOX_ENABLED === "0") return false;
  // The embedded default (the shop's own *.localhost hosts, no hosts file) keeps the mailbox
  // open even in production mode, so sign-up mails can be followed after `npm start`; a shop
  // on real hosts reads its mails in the back office only.
  return env.NODE_ENV !== "production" || !env.HOSTS_FILE;
}

function language(site: { locale: Locale }) {
  return localeSettings(site.locale).language;
}

export function createCustomerServices(options: {
  db: Db;
  env: Env;
  log: Logger;
  hosts: HostTable;
  /** The content the contact form reads the service address from (else MAIL_FROM). */
  content?: Pick<ContentClient, "getStory">;
}): CustomerServices {
  const { db, env, log, hosts } = options;
  const mailer = createMailer({ db, env, log });
  const spamProtection = createFormSpamProtection({ db, env, log });
  /** The origin and language prefix of a brand's country site, from the host table (never the request's Host). */
  const siteRoot = (site: { channel: ChannelId; locale: Locale }, requestUrl: URL) => {
    const { country, language: lang } = localeSettings(site.locale);
    const origin =
      hosts.originFor({ channel: site.channel, country }, requestUrl) ?? requestUrl.origin;
    return `${origin}${languagePrefix(country, lang)}`;
  };
  return {
    accounts: createAccounts({ db, mailer, log }),
    google: env.GOOGLE_CLIENT_ID
      ? createGoogleSignIn({
          db,
          log,
          clientId: env.GOOGLE_CLIENT_ID,
          jwksUrl: env.GOOGLE_JWKS_URL,
        })
      : null,
    newsletter: createNewsletter({ db, mailer }),
    spamProtection,
    contactForm: createContactForm({ db, env, mailer, spamProtection, content: options.content }),
    recommendations: createRecommendations({
      db,
      mailer,
      spamProtection,
      siteRoot,
      fallbackOrigin: `http://localhost:${env.PORT}`,
    }),
    mailer,
    mailboxEnabled: mailboxEnabled(env),
    text: accountText,
    links(site, requestUrl) {
      const page = (name: "verify" | "password", token: string | null) =>
        `${siteRoot(site, requestUrl)}${accountPath(language(site), name)}${token ? `?token=${token}` : ""}`;
      return {
        verify: (token) => page("verify", token),
        reset: (token) => page("password", token),
      };
    },
    newsletterLinks(site, requestUrl) {
      const page = (name: "confirm" | "unsubscribe", token: string) =>
        `${siteRoot(site, requestUrl)}${newsletterPath(language(site), name)}?token=${token}`;
      return {
        confirm: (token) => page("confirm", token),
        unsubscribe: (token) => page("unsubscribe", token),
      };
    },
    sessionCookie,
    clearedSessionCookie,
    sessionToken,
  };
}
