/**
 * Sign in with Google. Google's button hands the browser an ID token (a JWT signed by
 * Google); the shop believes it only after checking it here: the signature against
 * Google's published keys, the issuer, the audience (this shop's client id), the expiry
 * and an address Google has verified. Then the customer of this brand is found by their
 * Google account, else by the address (and the two are linked from now on), else a new
 * account is opened for them, already confirmed and without a password.
 *
 * The token itself is never logged or kept; only the Google account's id is stored.
 */
import { and, eq, isNull } from "drizzle-orm";
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import type { ChannelId } from "../../config/channels";
import { emailField, MAX_NAME_LENGTH } from "../../domain/customers";
import type { Locale } from "../../domain/locales";
import type { Db } from "../../db/client";
import { customers } from "../../db/schema";
import { hit, refund } from "../../db/throttle";
import type { Logger } from "../logger";
import {
  FAILED_LOGINS_PER_ADDRESS,
  newCustomerNumber,
  normaliseEmail,
  type Customer,
} from "./accounts";
import { startSession } from "./session";

/** Google writes its issuer in either form. */
export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

/** Google signs ID tokens with RS256 only; any other algorithm is refused. */
const ALGORITHMS = ["RS256"];

/** Clocks differ a little: a token is taken this many seconds either side of its times. */
const CLOCK_TOLERANCE_SECONDS = 10;

/** Longest token read at all (Google's are about 1 KB). */
const MAX_CREDENTIAL_LENGTH = 4096;

/** The body of the credentials call: the ID token as Google's button hands it over. */
export const googleCredentialInput = z.object({
  credential: z
    .string()
    .max(MAX_CREDENTIAL_LENGTH)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/),
});

/** A name as Google has it, cut to the length an account's name may have. */
const nameClaim = z
  .string()
  .trim()
  .transform((name) => name.slice(0, MAX_NAME_LENGTH));

/** What the shop reads from a token whose signature and registered claims are good. */
const googleClaims = z.object({
  sub: z.string().min(1).max(255),
  email: emailField,
  // Only an address Google has verified may open or reach an account.
  email_verified: z.literal(true),
  given_name: nameClaim.optional(),
  family_name: nameClaim.optional(),
  name: nameClaim.optional(),
});
type GoogleClaims = z.infer<typeof googleClaims>;

export type GoogleLogInResult =
  | { ok: true; customer: Customer; sessionToken: string; created: boolean }
  | { ok: false; reason: "invalid" | "throttled" | "unavailable" };

export interface GoogleSignIn {
  /**
   * Checks an ID token and logs its customer in (finding, linking or opening the account);
   * the session the browser came with (`site.session`) ends.
   */
  logIn(
    credential: string,
    site: {
      channel: ChannelId;
      locale: Locale;
      ip: string;
      session?: string | undefined;
      /** The browser's User-Agent header (the history keeps its family). */
      userAgent?: string | undefined;
    },
  ): Promise<GoogleLogInResult>;
}

/**
 * True when a check failed because Google's keys could not be had (no answer, not a key
 * set), not because of the token: the visitor is not to blame and nothing is counted.
 */
function keysUnavailable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  // A failed fetch is no JOSE error at all; an answer other than a 200 with JSON is the generic one.
  return !(error instanceof errors.JOSEError) || error.code === "ERR_JOSE_GENERIC";
}

export function createGoogleSignIn(options: {
  db: Db;
  log: Logger;
  /** The shop's OAuth client id: the audience every token must name. */
  clientId: string;
  /** Where Google publishes its signing keys (fetched when needed, kept for a while). */
  jwksUrl?: string;
  /** The signing keys themselves, instead of `jwksUrl` (tests use a local key set). */
  keys?: JWTVerifyGetKey;
}): GoogleSignIn {
  const { db, log, clientId } = options;
  const keys: JWTVerifyGetKey =
    options.keys ??
    createRemoteJWKSet(new URL(options.jwksUrl ?? "https://www.googleapis.com/oauth2/v3/certs"));

  /** The token's claims, or why it is not taken. */
  async function verify(credential: string): Promise<GoogleClaims | "invalid" | "unavailable"> {
    try {
      const { payload } = await jwtVerify(credential, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ["exp", "iat", "sub"],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      const claims = googleClaims.safeParse(payload);
      if (claims.success) return claims.data;
      log.info(
        { id: "google-credential-refused", reason: "claims", fields: claimProblems(claims.error) },
        "Google credential refused",
      );
      return "invalid";
    } catch (error) {
      if (keysUnavailable(error)) {
        log.error(
          { id: "google-keys-unavailable", reason: (error as Error)?.message },
          "Google's signing keys are not available",
        );
        return "unavailable";
      }
      log.info(
        { id: "google-credential-refused", reason: (error as errors.JOSEError).code },
        "Google credential refused",
      );
      return "invalid";
    }
  }

  async function bySubject(channel: ChannelId, subject: string): Promise<Customer | null> {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.channel, channel), eq(customers.googleSubject, subject)));
    return row ?? null;
  }

  async function byEmail(channel: ChannelId, email: string): Promise<Customer | null> {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.channel, channel), eq(customers.email, normaliseEmail(email))));
    return row ?? null;
  }

  /** The customer the Google account signs in to, with whether it was opened now; null: none may. */
  async function accountFor(
    claims: GoogleClaims,
    site: { channel: ChannelId; locale: Locale },
    again = true,
  ): Promise<{ customer: Customer; created: boolean } | null> {
    // A Google account once linked keeps its customer, whatever its address is today.
    const linked = await bySubject(site.channel, claims.sub);
    if (linked) return { customer: linked, created: false };

    const existing = await byEmail(site.channel, claims.email);
    if (existing) {
      if (existing.googleSubject === claims.sub) return { customer: existing, created: false };
      // The account already belongs to another Google account: this one may not take it
      // over (the owner can still log in with that one, or with a password).
      if (existing.googleSubject !== null) {
        log.warn(
          { id: "google-account-mismatch", channel: site.channel, customer: existing.number },
          "account is linked to another Google account",
        );
        return null;
      }
      // Google has verified the address, so the account is confirmed now. A password set
      // on an account nobody had confirmed came from whoever typed the address in, not
      // necessarily its owner: it is dropped (a password reset sets a new one).
      const [updated] = await db
        .update(customers)
        .set({
          googleSubject: claims.sub,
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
          ...(existing.emailVerifiedAt ? {} : { passwordHash: null }),
        })
        .where(and(eq(customers.id, existing.id), isNull(customers.googleSubject)))
        .returning();
      if (updated) return { customer: updated, created: false };
      // Linked by a log-in at the same moment: with this Google account, or another one.
      const raced = await bySubject(site.channel, claims.sub);
      return raced ? { customer: raced, created: false } : null;
    }

    // A new customer: the names Google knows (the whole name as the first name when it
    // has no parts, else the address's local part), a confirmed address and no password.
    const firstName =
      claims.given_name || claims.name || normaliseEmail(claims.email).split("@")[0] || "";
    const lastName = claims.given_name ? (claims.family_name ?? "") : "";
    const [created] = await db
      .insert(customers)
      .values({
        channel: site.channel,
        number: newCustomerNumber(site.channel),
        email: normaliseEmail(claims.email),
        emailVerifiedAt: new Date(),
        passwordHash: null,
        firstName: firstName.slice(0, MAX_NAME_LENGTH),
        lastName,
        locale: site.locale,
        googleSubject: claims.sub,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return { customer: created, created: true };
    // Opened by another log-in or a sign-up at the same moment: look once more.
    return again ? accountFor(claims, site, false) : null;
  }

  return {
    async logIn(credential, site) {
      // Refused tokens count against the network address like failed password log-ins,
      // in the same counter: one budget of failures per address, whatever the method.
      // The attempt is counted before the check (atomically) and taken back on success.
      const addressKey = `login:ip:${site.ip}`;
      if (!(await hit(db, addressKey, FAILED_LOGINS_PER_ADDRESS))) {
        log.warn({ id: "log-in-throttled", channel: site.channel }, "log-in throttled");
        return { ok: false, reason: "throttled" };
      }
      const claims = await verify(credential);
      if (claims === "unavailable") {
        await refund(db, addressKey, FAILED_LOGINS_PER_ADDRESS);
        return { ok: false, reason: "unavailable" };
      }
      const account = claims === "invalid" ? null : await accountFor(claims, site);
      if (!account) return { ok: false, reason: "invalid" };
      await refund(db, addressKey, FAILED_LOGINS_PER_ADDRESS);
      return {
        ok: true,
        customer: account.customer,
        created: account.created,
        sessionToken: await startSession(db, account.customer.id, site.session, {
          method: "google",
          ip: site.ip,
          userAgent: site.userAgent,
        }),
      };
    },
  };
}

/** The claims a token lacked or had wrong (names only, never values). */
function claimProblems(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((issue) => String(issue.path[0] ?? "")))];
}
