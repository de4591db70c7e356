/**
 * Spam protection for public forms: a self-hosted proof-of-work challenge (ALTCHA). The
 * browser fetches a signed challenge, spends a moment of computing on it, and sends the
 * solution with the form; the server checks signature, expiry and solution, and accepts
 * each solution once. The signing secret comes from SPAM_PROTECTION_SECRET, else one is
 * created in the database at the first start, so every process shares it.
 */
import { createHash, randomBytes } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { MS_PER_MINUTE } from "../../domain/constants";
import type { Db } from "../../db/client";
import { appMeta } from "../../db/schema";
import { hit } from "../../db/throttle";

/** How long a challenge may be solved and used. */
export const CHALLENGE_TTL_MS = 10 * MS_PER_MINUTE;
/** PBKDF2 rounds per try, and the range of the tries a solution needs (about a second on a phone). */
const COST = 1_000;
const COUNTER = { min: 500, max: 2_000 };
const ALGORITHM = "PBKDF2/SHA-256";
/**
 * A used solution's marker counts in a one-second window that starts at its challenge's
 * expiry: the same row for every use while the challenge is valid, and an ended window
 * (pruned by the retention job) once it cannot be used anyway.
 */
const USED_MARKER_WINDOW_MS = 1_000;

/** The key of a challenge's used-solution marker. */
export function usedSolutionKey(signature: string): string {
  return `spam:${signature}`;
}

const tokenSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(200),
      keySignature: z.string().max(200).optional(),
      // Seconds since 1970; every challenge made here has one (it anchors the used marker).
      expiresAt: z.number().int().positive(),
      data: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional(),
    }),
    signature: z.string().max(200),
  }),
  solution: z.object({
    counter: z.number().int().min(0),
    derivedKey: z.string().max(200),
    time: z.number().optional(),
  }),
});

export interface SpamProtection {
  /** A new signed challenge for a form action; null where the browser gets its token elsewhere (reCAPTCHA). */
  challenge: ((action: string) => Promise<Challenge>) | null;
  /** True for a valid, unexpired, unused solution of a challenge made for this action. */
  verify(token: string, action: string): Promise<boolean>;
}

/** The solution as the browser sends it: base64url of `{ challenge, solution }`. */
export function encodeSpamToken(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

async function sharedSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const key = "spam-protection-secret";
  await db
    .insert(appMeta)
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return String(row?.value);
}

export function createSpamProtection(options: { db: Db; secret?: string }): SpamProtection {
  const { db } = options;
  // Read on first use (not at boot), and read again after a failure.
  let loaded: Promise<{ hmacSignatureSecret: string; hmacKeySignatureSecret: string }> | null =
    null;
  const secrets = () => {
    loaded ??= sharedSecret(db, options.secret).then(
      (secret) => ({
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: createHash("sha256").update(`key:${secret}`).digest("base64url"),
      }),
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    );
    return loaded;
  };
  return {
    async challenge(action: string) {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER.min, COUNTER.max),
        deriveKey,
        data: { action },
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        ...(await secrets()),
      });
    },
    async verify(token, action) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
      } catch {
        return false;
      }
      const parsed = tokenSchema.safeParse(decoded);
      if (!parsed.success || parsed.data.challenge.parameters.data?.action !== action) return false;
      const { challenge, solution } = parsed.data;
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        ...(await secrets()),
      }).catch(() => null);
      if (!result?.verified) return false;
      // A solution counts once: the second use of the same challenge is refused. The
      // window is anchored at the expiry, not the clock, so no boundary falls in between.
      const expiry = new Date(challenge.parameters.expiresAt * 1_000);
      return hit(
        db,
        usedSolutionKey(challenge.signature),
        { ms: USED_MARKER_WINDOW_MS, limit: 1 },
        expiry,
      );
    },
  };
}
