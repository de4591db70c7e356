/**
 * The session cookie: an opaque random token, HttpOnly and SameSite=Lax, with the
 * __Host- prefix and Secure when the visitor uses HTTPS (directly or through a TLS proxy).
 */
import { readCookie } from "../../domain/cookies";
import { SESSION_MS } from "./accounts";

export const SESSION_COOKIE = "shop_session";
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export function sessionCookie(token: string, secure: boolean): string {
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const maxAge = Math.floor(SESSION_MS / 1000);
  return `${name}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The session token a request carries: the secure cookie when present. */
export function sessionToken(cookies: string): string | undefined {
  return readCookie(cookies, SECURE_SESSION_COOKIE) ?? readCookie(cookies, SESSION_COOKIE);
}
