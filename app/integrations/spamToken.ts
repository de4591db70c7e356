/**
 * The spam-protection token of a form: Google's reCAPTCHA token when the shop is configured
 * with it, obtained when the form is sent; else the shop's own challenge for the form's
 * action, solved in the browser (a moment of computing) and sent along as base64url JSON.
 * The challenge may be solved ahead, from the shopper's first input into the form, so a
 * quick sender does not wait for it. Either one's code loads only when it is needed.
 */
import { logError, logWarning } from "~/lib/log";
import type { ThirdPartyConfig } from "../../domain/thirdParty";

export const SPAM_CHALLENGE_URL = "/web-api/newsletter-challenge";
/**
 * How long a challenge solved ahead is used: well inside the time the shop accepts it (ten
 * minutes from when it was asked for). An older one is left, and one is solved anew.
 */
export const SOLVED_AHEAD_MS = 5 * 60_000;

interface SpamOptions {
  recaptcha: ThirdPartyConfig["recaptcha"] | undefined;
  /** A form with a challenge path of its own names it. */
  challengeUrl?: string;
}

/** Challenges being solved or solved ahead, by challenge path and action; each is used once. */
const ahead = new Map<string, { asked: number; token: Promise<string | null> }>();

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The token, or "" when none could be obtained (the error is logged; the form goes anyway).
 * A form with a challenge path of its own names it.
 */
export async function spamToken(action: string, options: SpamOptions): Promise<string> {
  try {
    const { recaptcha, challengeUrl = SPAM_CHALLENGE_URL } = options;
    if (recaptcha) {
      const { recaptchaToken } = await import("./recaptcha");
      return await recaptchaToken(recaptcha, action);
    }
    const key = `${challengeUrl}?${action}`;
    const prepared = ahead.get(key);
    ahead.delete(key);
    const solved =
      prepared && Date.now() - prepared.asked < SOLVED_AHEAD_MS ? await prepared.token : null;
    return solved ?? (await solvedChallenge(action, challengeUrl));
  } catch (error) {
    logError("newsletter-recaptcha-error", error);
    logWarning("newsletter-no-recaptcha-token", { action });
    return "";
  }
}

/**
 * Starts solving the shop's challenge for a form, for `spamToken` to take when the form
 * is sent; called on each input, it starts one while none is under way or usable. Nothing
 * with reCAPTCHA, whose tokens last two minutes: that one is asked for when the form goes.
 * A failure here is not logged: the form's sending tries again and tells.
 */
export function prepareSpamToken(action: string, options: SpamOptions): void {
  if (options.recaptcha) return;
  const challengeUrl = options.challengeUrl ?? SPAM_CHALLENGE_URL;
  const key = `${challengeUrl}?${action}`;
  const prepared = ahead.get(key);
  if (prepared && Date.now() - prepared.asked < SOLVED_AHEAD_MS) return;
  ahead.set(key, {
    asked: Date.now(),
    token: solvedChallenge(action, challengeUrl).catch(() => null),
  });
}

/** The shop's challenge for the action, asked for and solved: the token to send. */
async function solvedChallenge(action: string, challengeUrl: string): Promise<string> {
  const [{ solveChallenge }, { deriveKey }, response] = await Promise.all([
    import("altcha-lib"),
    import("altcha-lib/algorithms/web/pbkdf2"),
    fetch(`${challengeUrl}?action=${encodeURIComponent(action)}`),
  ]);
  if (!response.ok) throw new Error(`challenge: ${response.status}`);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge not solved in time");
  return base64url(JSON.stringify({ challenge, solution }));
}
