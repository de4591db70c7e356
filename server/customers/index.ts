/**
 * The customer services: accounts and sessions, the mail outbox, the texts of failed
 * account calls, and the links the mails carry.
 */
import type { ChannelId } from "../../config/channels";
import type { HostTable } from "../../config/hosts";
import { accountPath } from "../../domain/accountPaths";
import { localeSettings, type Locale } from "../../domain/locales";
import { languagePrefix } from "../../domain/paths";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { createAccounts, type Accounts } from "./accounts";
import type { MailLinks } from "./accountMails";
import { createMailer, type Mailer } from "./mail";
import { clearedSessionCookie, sessionCookie, sessionToken } from "./session";
import { accountText, type AccountProblem } from "./texts";

export interface CustomerServices {
  accounts: Accounts;
  mailer: Mailer;
  /** Whether the development mailbox page is served. */
  mailboxEnabled: boolean;
  text(locale: Locale, problem: AccountProblem): string;
  /** Links for the mails of a brand's country site, built from the host table. */
  links(site: { channel: ChannelId; locale: Locale }, requestUrl: URL): MailLinks;
  sessionCookie(token: string, secure: boolean): string;
  clearedSessionCookie(secure: boolean): string;
  sessionToken(cookies: string): string | undefined;
}

export function mailboxEnabled(env: Env): boolean {
  if (env.MAILBOX_ENABLED === "true" || env.MAILBOX_ENABLED === "1") return true;
  if (env.MAILBOX_ENABLED === "false" || env.MAILBOX_ENABLED === "0") return false;
  return env.NODE_ENV !== "production";
}

export function createCustomerServices(options: {
  db: Db;
  env: Env;
  log: Logger;
  hosts: HostTable;
}): CustomerServices {
  const { db, env, log, hosts } = options;
  const mailer = createMailer({ db, env, log });
  return {
    accounts: createAccounts({ db, mailer, log }),
    mailer,
    mailboxEnabled: mailboxEnabled(env),
    text: accountText,
    links(site, requestUrl) {
      const { country, language } = localeSettings(site.locale);
      const origin =
        hosts.originFor({ channel: site.channel, country }, requestUrl) ?? requestUrl.origin;
      const page = (name: "verify" | "password", token: string | null) =>
        `${origin}${languagePrefix(country, language)}${accountPath(language, name)}${token ? `?token=${token}` : ""}`;
      return {
        verify: (token) => page("verify", token),
        reset: (token) => page("password", token),
      };
    },
    sessionCookie,
    clearedSessionCookie,
    sessionToken,
  };
}
