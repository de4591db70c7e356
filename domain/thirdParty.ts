/**
 * The third-party scripts the shop may load, what each needs the visitor's consent for,
 * and the hosts the content security policy must allow for them. Nothing here loads
 * anything: the browser's script loader (app/thirdParty) reads this configuration, and
 * the server builds the CSP from the same object, so a host is allowed exactly when a
 * script from it is configured.
 */
import type { ConsentCategory, ConsentChoice } from "./consent";

export interface ThirdPartyConfig {
  /** Google Tag Manager: the container's script URL with its id (marketing). */
  tagManager: { src: string; containerId: string; hosts: string[] } | null;
  /** Session analytics (Hotjar-compatible `hj` API): its script URL (statistics). */
  sessionAnalytics: { src: string } | null;
  /** Where browser errors and web vitals are posted (statistics); null: nowhere. */
  rum: { endpoint: string } | null;
  /** The help chat provider's script (Zendesk Web Widget API, `zE`), comfort. */
  chat: { src: string } | null;
  /**
   * Google Identity Services for "Sign in with Google": its script and the shop's OAuth
   * client id. No consent is asked for it: it loads only where the visitor opened the
   * log-in, for the sign-in they came to do, so it is necessary, not a purpose to choose.
   */
  googleSignIn: { src: string; clientId: string } | null;
  /**
   * Google reCAPTCHA v3 as the forms' spam protection, when its keys are configured: the
   * script, the public site key, and the hosts the script loads its code from. Like the
   * sign-in it asks no consent: it loads only when a visitor sends a form it protects.
   */
  recaptcha: { src: string; siteKey: string; hosts: string[] } | null;
}

export const NO_THIRD_PARTIES: ThirdPartyConfig = {
  tagManager: null,
  sessionAnalytics: null,
  rum: null,
  chat: null,
  googleSignIn: null,
  recaptcha: null,
};

/** The shop's own collector of browser errors and web vitals. */
export const OWN_RUM_ENDPOINT = "/web-api/rum";

/** The scripts that wait for the visitor's consent: all but the ones a visitor's own action loads. */
export type ThirdPartyName = Exclude<keyof ThirdPartyConfig, "googleSignIn" | "recaptcha">;

/** The consent purpose each script needs; necessary scripts are never third-party here. */
export const THIRD_PARTY_CATEGORY: Readonly<Record<ThirdPartyName, ConsentCategory>> = {
  tagManager: "marketing",
  sessionAnalytics: "analytics",
  rum: "analytics",
  chat: "functional",
};

/**
 * Cookie name prefixes each script sets; they are deleted when the visitor withdraws the
 * consent the script needed (GTM's Google Analytics and Ads cookies, Hotjar's, Zendesk's).
 */
export const THIRD_PARTY_COOKIES: Readonly<Record<ThirdPartyName, readonly string[]>> = {
  tagManager: ["_ga", "_gid", "_gat", "_gcl_", "_fbp"],
  sessionAnalytics: ["_hj"],
  rum: [],
  chat: ["__zlcmid", "ZD-"],
};

/** What the URL switches off for a page view: `tracking=0` and `logging=0`. */
export interface TrackingSwitches {
  /** Tag manager and session analytics. */
  tracking: boolean;
  /** Remote logging: the RUM collector. */
  logging: boolean;
}

function switchedOff(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value === "0" || value === "false";
}

export function trackingSwitches(query: URLSearchParams): TrackingSwitches {
  return { tracking: !switchedOff(query, "tracking"), logging: !switchedOff(query, "logging") };
}

/** The scripts that may run for a consent choice and the page's switches. */
export function allowedThirdParties(
  config: ThirdPartyConfig,
  consent: ConsentChoice | null,
  switches: TrackingSwitches,
): Set<ThirdPartyName> {
  const allowed = new Set<ThirdPartyName>();
  if (!consent) return allowed;
  for (const name of Object.keys(THIRD_PARTY_CATEGORY) as ThirdPartyName[]) {
    if (!config[name] || !consent[THIRD_PARTY_CATEGORY[name]]) continue;
    if ((name === "tagManager" || name === "sessionAnalytics") && !switches.tracking) continue;
    if (name === "rum" && !switches.logging) continue;
    allowed.add(name);
  }
  return allowed;
}

/** The origin of an absolute http(s) URL; null for a path or anything else. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The CSP sources the configured scripts need, beyond the shop's own origin. */
export function thirdPartySources(config: ThirdPartyConfig): {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
  style: string[];
} {
  const unique = (urls: (string | undefined)[]) => [
    ...new Set(urls.map((url) => (url ? originOf(url) : null)).filter((o): o is string => !!o)),
  ];
  const tags = config.tagManager?.hosts ?? [];
  const scripts = [config.tagManager?.src, ...tags, config.sessionAnalytics?.src, config.chat?.src];
  // Google's sign-in runs its script, fetches from and frames its own origin (the button
  // and the account chooser) and adds its button's style sheet.
  const google = config.googleSignIn?.src;
  // reCAPTCHA's loader runs its code from a second host and frames its own origin, which
  // its code also calls.
  const recaptcha = config.recaptcha ? [config.recaptcha.src, ...config.recaptcha.hosts] : [];
  return {
    script: unique([...scripts, google, ...recaptcha]),
    connect: unique([...scripts, config.rum?.endpoint, google, ...recaptcha]),
    img: unique(scripts),
    frame: unique([config.tagManager?.src, ...tags, config.chat?.src, google, ...recaptcha]),
    style: unique([google]),
  };
}

/** A GTM container id as Google writes them. */
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;

/** The tag manager's script URL for a container: its base URL with `?id=`. */
export function tagManagerSrc(base: string, containerId: string): string {
  const url = new URL(base);
  url.searchParams.set("id", containerId);
  return url.toString();
}

/** reCAPTCHA's script URL for a site key (`?render=`: the invisible v3 client). */
export function recaptchaSrc(base: string, siteKey: string): string {
  const url = new URL(base);
  url.searchParams.set("render", siteKey);
  return url.toString();
}

/** The chat provider's script URL with the channel's public key (`?key=`). */
export function chatSrc(base: string, publicKey: string): string {
  const url = new URL(base);
  url.searchParams.set("key", publicKey);
  return url.toString();
}
