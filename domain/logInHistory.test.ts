import { describe, expect, it } from "vitest";
import { truncatedAddress, userAgentFamily } from "./logInHistory";

describe("truncatedAddress", () => {
  it("keeps an IPv4 address's /24 network", () => {
    expect(truncatedAddress("203.0.113.77")).toBe("203.0.113.0/24");
    expect(truncatedAddress(" 10.1.2.3 ")).toBe("10.1.2.0/24");
  });

  it("keeps an IPv6 address's /48 network, written out or shortened", () => {
    expect(truncatedAddress("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::/48");
    expect(truncatedAddress("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(truncatedAddress("[2a00:1450:4001:82a::200e]")).toBe("2a00:1450:4001::/48");
    expect(truncatedAddress("fe80::1%eth0")).toBe("fe80:0:0::/48");
    expect(truncatedAddress("::1")).toBe("0:0:0::/48");
  });

  it("treats an IPv4 address written as IPv6 as IPv4", () => {
    expect(truncatedAddress("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
  });

  it("says unknown for anything that is no address", () => {
    for (const bad of ["", undefined, null, "unknown", "300.1.1.1", "1.2.3", "1::2::3", "gggg::1"])
      expect(truncatedAddress(bad)).toBe("unknown");
  });
});

describe("userAgentFamily", () => {
  it("names the browser and system, never more", () => {
    expect(
      userAgentFamily(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      ),
    ).toBe("Firefox on Windows");
    expect(
      userAgentFamily(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      userAgentFamily(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      userAgentFamily(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
    expect(
      userAgentFamily(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
  });

  it("says other for an unknown client and unknown for none", () => {
    expect(userAgentFamily("curl/8.5.0")).toBe("other");
    expect(userAgentFamily("")).toBe("unknown");
    expect(userAgentFamily(undefined)).toBe("unknown");
  });
});
