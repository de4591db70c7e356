/**
 * What a device is, from what a user-agent parser read (platform type, OS, browser,
 * crawler) and, where the browser gives them, its client hints (mobile, platform), which
 * win over the user agent. The server parses the request's headers, the browser its
 * navigator (server/device.ts, app/integrations/rum.ts); the rules are here.
 */

export interface DeviceInfo {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isIos: boolean;
  isAndroid: boolean;
  isChrome: boolean;
  isSafari: boolean;
  isFirefox: boolean;
  isEdge: boolean;
  isSamsungInternet: boolean;
  isCrawler: boolean;
}

/** Client hints: whether the browser says it is mobile, and its platform's name. */
export interface DeviceHints {
  mobile: boolean | null;
  platform: string | null;
}

/** A user agent as a parser read it, names in lower case (bowser's). */
export interface ParsedUserAgent {
  platform: string;
  os: string;
  browser: string;
  crawler: boolean;
}

export function deviceInfoOf(
  { platform, os, browser, crawler }: ParsedUserAgent,
  hints: DeviceHints,
): DeviceInfo {
  const platformHint = hints.platform?.toLowerCase() ?? null;
  const isTablet = platform === "tablet";
  const isMobile = hints.mobile ?? platform === "mobile";
  return {
    isMobile,
    isTablet: isTablet && !isMobile,
    isDesktop: !isMobile && !isTablet,
    isIos: platformHint !== null ? platformHint === "ios" : os === "ios",
    isAndroid: platformHint !== null ? platformHint === "android" : os === "android",
    isChrome: browser === "chrome",
    isSafari: browser === "safari",
    isFirefox: browser === "firefox",
    isEdge: browser === "microsoft edge",
    isSamsungInternet: browser === "samsung internet for android",
    isCrawler: crawler,
  };
}
