/**
 * Recommending the shop to a friend: what the form takes, the rules a recommendation must
 * keep, and the vouchers it gives. The friend gets a voucher for a first order; the sender
 * gets one of their own once that friend's first order is paid. Each friend address can be
 * recommended once per brand, and nobody can recommend themselves (no voucher farming).
 */
import { z } from "zod";
import { MS_PER_DAY } from "./constants";
import { MAX_EMAIL_LENGTH } from "./customers";
import type { Country } from "./locales";

/** The form action the recommendation's spam protection is asked for. */
export const RECOMMENDATION_ACTION = "recommendation";
/** Where the form's spam-protection challenge comes from. */
export const RECOMMENDATION_CHALLENGE_PATH = "/web-api/recommendation-challenge";

export const RECOMMENDATION_FIELDS = [
  "senderName",
  "senderEmail",
  "friendEmail",
  "message",
] as const;
export type RecommendationField = (typeof RECOMMENDATION_FIELDS)[number];

export const RECOMMENDATION_LIMITS = {
  senderName: 100,
  email: MAX_EMAIL_LENGTH,
  message: 500,
} as const;

/**
 * What is wrong with a field: left empty, not of the right form, too long, the sender's own
 * address as the friend's, or a friend this shop was recommended to already.
 */
export const RECOMMENDATION_PROBLEMS = ["required", "invalid", "tooLong", "self", "taken"] as const;
export type RecommendationProblem = (typeof RECOMMENDATION_PROBLEMS)[number];
export type RecommendationErrors = Partial<Record<RecommendationField, RecommendationProblem>>;

/** One line of text: no line breaks or other control characters (they would end up in mail headers). */
const ONE_LINE = /^[^\p{Cc}]*$/u;

const email = z
  .string()
  .trim()
  .min(1, "required")
  .max(RECOMMENDATION_LIMITS.email, "tooLong")
  .pipe(z.email("invalid"));

export const recommendationInput = z
  .object({
    senderName: z
      .string()
      .trim()
      .min(1, "required")
      .max(RECOMMENDATION_LIMITS.senderName, "tooLong")
      .regex(ONE_LINE, "invalid"),
    senderEmail: email,
    friendEmail: email,
    message: z.preprocess(
      (value) => (value === null || value === undefined ? "" : value),
      z.string().trim().max(RECOMMENDATION_LIMITS.message, "tooLong"),
    ),
  })
  .refine((v) => normalisedEmail(v.senderEmail) !== normalisedEmail(v.friendEmail), {
    path: ["friendEmail"],
    message: "self",
  });
export type RecommendationInput = z.infer<typeof recommendationInput>;

/** An address as the shop compares it: trimmed and lowercased. */
export function normalisedEmail(address: string): string {
  return address.trim().toLowerCase();
}

function isProblem(message: string): message is RecommendationProblem {
  return (RECOMMENDATION_PROBLEMS as readonly string[]).includes(message);
}

export type RecommendationReading =
  { ok: true; data: RecommendationInput } | { ok: false; errors: RecommendationErrors };

/**
 * Checks what the form sends: the recommendation, or the first problem of each wrong field.
 * A field that is missing or not text counts as left empty.
 */
export function readRecommendation(input: unknown): RecommendationReading {
  const values = (typeof input === "object" && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const parsed = recommendationInput.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: RecommendationErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!(RECOMMENDATION_FIELDS as readonly unknown[]).includes(field)) continue;
    const name = field as RecommendationField;
    const value = values[name];
    const empty = typeof value !== "string" || value.trim() === "";
    errors[name] ??= isProblem(issue.message) ? issue.message : empty ? "required" : "invalid";
  }
  return { ok: false, errors };
}

/** What the form sent, as text per field (to show the form again as the shopper left it). */
export function recommendationValues(
  input: Record<string, unknown>,
): Record<RecommendationField, string> {
  const text = (value: unknown, max: number) =>
    typeof value === "string" ? value.slice(0, max * 2) : "";
  return {
    senderName: text(input.senderName, RECOMMENDATION_LIMITS.senderName),
    senderEmail: text(input.senderEmail, RECOMMENDATION_LIMITS.email),
    friendEmail: text(input.friendEmail, RECOMMENDATION_LIMITS.email),
    message: text(input.message, RECOMMENDATION_LIMITS.message),
  };
}

/** What each voucher takes off (percent: the same in every currency), and how long it lasts. */
export const RECOMMENDATION_VOUCHER = { percent: 10, validDays: 365 } as const;

/** Who a recommendation's voucher is for: the recommended friend, or the thanked sender. */
export type RecommendationVoucherFor = "friend" | "sender";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * A voucher code from random bytes: a prefix that says what it is for, then eight letters
 * and digits without the ones easily mistaken (0/O, 1/I).
 */
export function recommendationCode(forWhom: RecommendationVoucherFor, random: Uint8Array): string {
  if (random.length < 8) throw new Error("A code needs eight random bytes");
  const tail = Array.from(random.slice(0, 8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]);
  return `${forWhom === "friend" ? "FRIEND" : "THANKS"}-${tail.join("")}`;
}

/**
 * The voucher row a recommendation issues: once only, in the country's shop it was sent
 * from, valid for a year; the friend's only for a first order.
 */
export function recommendationVoucher(options: {
  forWhom: RecommendationVoucherFor;
  code: string;
  channel: string;
  country: Country;
  now: Date;
}) {
  const { forWhom, code, channel, country, now } = options;
  return {
    channel,
    code,
    kind: "voucher",
    countries: [country],
    percent: RECOMMENDATION_VOUCHER.percent,
    maxTotal: 1,
    maxPerCustomer: 1,
    validFrom: now,
    validUntil: new Date(now.getTime() + RECOMMENDATION_VOUCHER.validDays * MS_PER_DAY),
    firstOrderOnly: forWhom === "friend",
    source: "recommendation",
  };
}
