/**
 * What the request's device is, from its user agent (bowser) and, where the browser
 * sends them, its client hints (Sec-CH-UA-Mobile, Sec-CH-UA-Platform), which win over
 * the user agent; crawlers are recognised by isbot.
 */
import Bowser from "bowser";
import { isbot } from "isbot";

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

/** A structured header's string value without its quotes (`"Android"` → `Android`). */
function hint(headers: Headers, name: string): string | null {
  const value = headers.get(name);
  return value === null ? null : value.trim().replace(/^"|"$/g, "");
}

export function deviceInfo(headers: Headers): DeviceInfo {
  const userAgent = headers.get("user-agent") ?? "";
  const parser = Bowser.getParser(userAgent || " ");
  const platform = parser.getPlatformType(true);
  const os = parser.getOSName(true);
  const browser = parser.getBrowserName(true);
  const mobileHint = hint(headers, "sec-ch-ua-mobile");
  const platformHint = hint(headers, "sec-ch-ua-platform")?.toLowerCase() ?? null;
  const isTablet = platform === "tablet";
  const isMobile = mobileHint !== null ? mobileHint === "?1" : platform === "mobile";
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
    isCrawler: isbot(userAgent),
  };
}
