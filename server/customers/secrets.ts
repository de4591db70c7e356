/** Random tokens for cookies and e-mailed links; only their SHA-256 is ever stored. */
import { createHash, randomBytes } from "node:crypto";
import { readCookie } from "../../domain/cookies";

/** A token of 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The cookie a kind of session travels in, the same rules for customers and operators: the
 * token only, HttpOnly, for the whole site, and over HTTPS `__Host-`-prefixed and Secure
 * (read first when a browser sends both). Each kind gives its name, lifetime and SameSite.
 */
export function sessionCookies(name: string, maxAgeMs: number, sameSite: "Lax" | "Strict") {
  const secureName = `__Host-${name}`;
  const write = (value: string, maxAge: number, secure: boolean) =>
    `${secure ? secureName : name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; ` +
    `SameSite=${sameSite}${secure ? "; Secure" : ""}`;
  return {
    /** The cookie that starts carrying a session's token. */
    cookie: (token: string, secure: boolean) => write(token, Math.floor(maxAgeMs / 1000), secure),
    /** The cookie that ends it in the browser. */
    cleared: (secure: boolean) => write("", 0, secure),
    /** The token a request's Cookie header carries: the secure cookie when present. */
    token: (cookies: string) => readCookie(cookies, secureName) ?? readCookie(cookies, name),
  };
}
