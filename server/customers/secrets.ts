/** Random tokens for cookies and e-mailed links; only their SHA-256 is ever stored. */
import { createHash, randomBytes } from "node:crypto";

/** A token of 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
