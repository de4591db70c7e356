/**
 * The spam-protection token of a form, obtained on demand when the form is sent: Google's
 * reCAPTCHA token when the shop is configured with it, else the shop's own challenge for
 * the form's action, solved in the browser (a moment of computing) and sent along as
 * base64url JSON. Either one's code loads only then.
 */
import { logError, logWarning } from "~/lib/log";
import type { ThirdPartyConfig } from "../../domain/thirdParty";

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
  options: { recaptcha: ThirdPartyConfig["recaptcha"] | undefined; challengeUrl?: string },
): Promise<string> {
  try {
    const { recaptcha, challengeUrl = SPAM_CHALLENGE_URL } = options;
    if (recaptcha) {
      const { recaptchaToken } = await import("./recaptcha");
      return await recaptchaToken(recaptcha, action);
    }
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
