/**
 * Google reCAPTCHA v3 in the browser, when the operator configured it as the forms' spam
 * protection: its script loaded once per page for the shop's site key, then a token for
 * the form's action, which the server has Google check. A script already loaded for
 * another site key cannot make tokens for this one, so loading fails then.
 */
import type { ThirdPartyConfig } from "../../domain/thirdParty";
import { loadScript } from "~/integrations/scriptLoader";

type RecaptchaConfig = NonNullable<ThirdPartyConfig["recaptcha"]>;

/** The part of Google's `grecaptcha` the shop uses. */
interface RecaptchaApi {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: RecaptchaApi;
  }
}

/** The site key the page's script was loaded for. */
let loadedSiteKey: string | null = null;

/** A token for the action; rejects when the script cannot load or make one. */
export async function recaptchaToken(config: RecaptchaConfig, action: string): Promise<string> {
  if (loadedSiteKey !== null && loadedSiteKey !== config.siteKey) {
    throw new Error("reCAPTCHA is loaded with a different site key");
  }
  await loadScript("recaptcha", config.src);
  loadedSiteKey = config.siteKey;
  const api = window.grecaptcha;
  if (!api) throw new Error("reCAPTCHA did not load");
  await new Promise<void>((resolve) => api.ready(resolve));
  const token = await api.execute(config.siteKey, { action });
  if (!token) throw new Error("reCAPTCHA gave no token");
  return token;
}
