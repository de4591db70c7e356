/**
 * The spam-protection token of a form, obtained on demand: the shop's challenge for the
 * form's action, solved in the browser (a moment of computing), sent along as base64url
 * JSON. The solver's code loads only when a form is sent.
 */
import { logError, logWarning } from "~/lib/log";

export const SPAM_CHALLENGE_URL = "/web-api/newsletter-challenge";

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The token, or "" when none could be obtained (the error is logged; the form goes anyway).
 * A form with a challenge path of its own names it.
 */
export async function spamToken(
  action: string,
  challengeUrl = SPAM_CHALLENGE_URL,
): Promise<string> {
  try {
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
  } catch (error) {
    logError("newsletter-recaptcha-error", error);
    logWarning("newsletter-no-recaptcha-token", { action });
    return "";
  }
}
