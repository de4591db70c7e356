/**
 * Passwords: argon2id with the parameters OWASP recommends (19 MiB, 2 passes, 1 lane),
 * and a strength check against the common-password lists, the common words and names of
 * every shop language, the shop's own words (brands, products) and the person's own name
 * and address, so "Passwort123!" or "Cardelia2026!" are refused.
 */
import { hash, verify } from "@node-rs/argon2";
import { CHANNELS } from "../../config/channels";
import { createStrengthChecker } from "./strength";

/** argon2id is algorithm 2 of the binding (its enum is a const enum we cannot import). */
const ARGON2ID = 2;
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
/**
 * zxcvbn's scale 0–4: 4 is an estimate of at least 10^10 guesses. 3 (10^8) let a common word
 * with a year and a "!" through ("Frühling2025!"), which a targeted guesser tries early.
 */
export const MIN_STRENGTH = 4;
/**
 * The checker reads at most this many characters and tries few look-alike substitutions:
 * its work grows steeply with both, and a long password is strong enough in its start.
 */
const CHECKED_LENGTH = 40;
const LOOK_ALIKE_SUBSTITUTIONS = 4;

/**
 * Words anyone guessing at this shop tries first: the brands and what they sell, in the
 * shop's languages. They count as the person's own words (zxcvbn's user inputs).
 */
export const SHOP_WORDS: readonly string[] = [
  ...Object.values(CHANNELS).map((channel) => channel.brandName),
  ..."karte karten grusskarte grußkarte einladung hochzeit geburt geburtstag weihnachten fotobuch kalender fotokalender poster leinwand wandbild bilderrahmen fotobox collage foto fotos".split(
    " ",
  ),
  ..."card cards greeting invitation wedding birthday christmas photobook calendar canvas frame photo photos print prints wallart".split(
    " ",
  ),
  ..."carte cartes faire-part mariage anniversaire noel noël livre-photo calendrier toile cadre affiche".split(
    " ",
  ),
  ..."biglietto biglietti matrimonio compleanno natale fotolibro calendario tela cornice".split(
    " ",
  ),
  ..."tarjeta tarjetas boda cumpleaños navidad fotolibro calendario lienzo marco".split(" "),
  ..."kaart kaarten trouwkaart geboortekaartje verjaardag kerst fotoboek kalender canvas lijst".split(
    " ",
  ),
];

/**
 * The strength checker, in a thread of its own (./strength.ts): its dictionaries take a
 * few tens of MB and about a second to rank, built there on the first question, so no
 * request of the process waits for them and none pays for them before someone chooses a
 * password.
 */
export const STRENGTH_OPTIONS = {
  maxLength: CHECKED_LENGTH,
  lookAlikeSubstitutions: LOOK_ALIKE_SUBSTITUTIONS,
} as const;
const checker = createStrengthChecker(STRENGTH_OPTIONS);

export type PasswordProblem = "too-short" | "too-long" | "too-weak";

/** The words of names and addresses, lowercased, as zxcvbn compares them. */
function wordsOf(texts: readonly string[]): string[] {
  return texts.flatMap((s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 2);
}

/** Why a new password is refused, or null when it is good. */
export async function passwordProblem(
  password: string,
  personal: readonly string[] = [],
): Promise<PasswordProblem | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return "too-short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too-long";
  const score = await checker.score(password, wordsOf([...SHOP_WORDS, ...personal]));
  return score < MIN_STRENGTH ? "too-weak" : null;
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
