/**
 * Google reCAPTCHA v3 as the forms' spam protection, when the operator configures its
 * keys: the browser asks Google for a token naming the form's action, the server hands it
 * to Google's check with the secret key and accepts the form when Google vouches for it
 * (success, the same action, a score at or above the configured minimum). Each token
 * counts once here too, whatever Google says. When Google cannot be asked, the form is
 * refused (and the failure logged): an unchecked form is what the protection is for.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { MS_PER_DAY } from "../../domain/constants";
import type { Db } from "../../db/client";
import { hit } from "../../db/throttle";
import type { Logger } from "../logger";
import type { SpamProtection } from "./spamProtection";

/** How long Google's check may take before the form is refused. */
const VERIFY_TIMEOUT_MS = 5_000;
/** Google's tokens live two minutes; a long window keeps every used one on record. */
const USED_WINDOW_MS = 30 * MS_PER_DAY;
/** Tokens are a few hundred to a few thousand characters. */
const MAX_TOKEN_LENGTH = 4_000;

const verdictSchema = z.object({
  success: z.boolean(),
  score: z.number().min(0).max(1).optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

export function createRecaptchaProtection(options: {
  db: Db;
  log: Logger;
  secret: string;
  verifyUrl: string;
  minScore: number;
  /** Replaced in tests. */
  fetch?: typeof fetch;
}): SpamProtection {
  const { db, log, secret, verifyUrl, minScore } = options;
  const request = options.fetch ?? fetch;
  return {
    // The browser gets its token from Google, not from the shop.
    challenge: null,
    async verify(token, action) {
      if (!token || token.length > MAX_TOKEN_LENGTH) return false;
      let verdict: z.infer<typeof verdictSchema>;
      try {
        const response = await request(verifyUrl, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ secret, response: token }),
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`reCAPTCHA check answered ${response.status}`);
        verdict = verdictSchema.parse(await response.json());
      } catch (error) {
        log.error(
          { id: "recaptcha-unavailable", action, reason: (error as Error)?.message },
          "reCAPTCHA's check could not be asked",
        );
        return false;
      }
      if (!verdict.success || verdict.action !== action || (verdict.score ?? 0) < minScore) {
        log.info(
          {
            id: "recaptcha-refused",
            action,
            score: verdict.score,
            errors: verdict["error-codes"],
          },
          "reCAPTCHA token refused",
        );
        return false;
      }
      const used = createHash("sha256").update(token).digest("base64url");
      return hit(db, `spam:recaptcha:${used}`, { ms: USED_WINDOW_MS, limit: 1 });
    },
  };
}
