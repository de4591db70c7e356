import { describe, expect, it } from "vitest";
import { deviceInfo } from "./device";

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  desktopEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

const device = (userAgent: string, extra: Record<string, string> = {}) =>
  deviceInfo(new Headers({ "user-agent": userAgent, ...extra }));

describe("device info", () => {
  it("an iPhone is a mobile iOS Safari", () => {
    expect(device(UA.iphone)).toMatchObject({
      isMobile: true,
      isTablet: false,
      isDesktop: false,
      isIos: true,
      isAndroid: false,
      isSafari: true,
      isCrawler: false,
    });
  });

  it("an iPad is a tablet, neither mobile nor desktop", () => {
    expect(device(UA.ipad)).toMatchObject({ isMobile: false, isTablet: true, isDesktop: false });
  });

  it("an Android phone is a mobile Android Chrome", () => {
    expect(device(UA.android)).toMatchObject({ isMobile: true, isAndroid: true, isChrome: true });
  });

  it("desktop browsers are told apart", () => {
    expect(device(UA.desktopEdge)).toMatchObject({
      isDesktop: true,
      isEdge: true,
      isChrome: false,
    });
    expect(device(UA.firefox)).toMatchObject({ isDesktop: true, isFirefox: true });
  });

  it("client hints win over the user agent", () => {
    const hinted = device(UA.desktopEdge, {
      "sec-ch-ua-mobile": "?1",
      "sec-ch-ua-platform": '"Android"',
    });
    expect(hinted).toMatchObject({ isMobile: true, isDesktop: false, isAndroid: true });
    expect(device(UA.android, { "sec-ch-ua-mobile": "?0" }).isMobile).toBe(false);
  });

  it("crawlers are recognised; a request without a user agent is a desktop", () => {
    expect(device(UA.googlebot).isCrawler).toBe(true);
    expect(deviceInfo(new Headers())).toMatchObject({ isDesktop: true, isCrawler: false });
  });
});
