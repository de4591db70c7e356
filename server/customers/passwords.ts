/**
 * Passwords: argon2id with the parameters OWASP recommends (19 MiB, 2 passes, 1 lane),
 * and a strength check against the common-password dictionary and the person's own
 * name and address, so "Passwort123" or "anna.schmidt" are refused.
 */
import { hash, verify } from "@node-rs/argon2";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";

/** argon2id is algorithm 2 of the binding (its enum is a const enum we cannot import). */
const ARGON2ID = 2;
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn's scale 0–4: 3 means "safely unguessable" against an offline attack on a slow hash. */
const MIN_STRENGTH = 3;

const strength = new ZxcvbnFactory({
  dictionary: common.dictionary,
  graphs: common.adjacencyGraphs,
});

export type PasswordProblem = "too-short" | "too-long" | "too-weak";

/** Why a new password is refused, or null when it is good. */
export async function passwordProblem(
  password: string,
  personal: readonly string[] = [],
): Promise<PasswordProblem | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return "too-short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too-long";
  const words = personal
    .flatMap((s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 2);
  const result = await strength.checkAsync(password, words);
  return result.score < MIN_STRENGTH ? "too-weak" : null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** A hash of nothing anyone knows: checking against it costs as much as a real check. */
let decoy: Promise<string> | undefined;

/**
 * True when the password matches the stored hash. Without a stored hash (no such account)
 * a decoy hash is checked, so the answer takes as long either way.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword("decoy password that matches nothing");
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
