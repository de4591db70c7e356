import { describe, expect, it } from "vitest";
import { forwardedClient } from "./clientAddress";

const PROXY = new Set(["10.0.0.2", "10.0.0.3"]);

describe("the client address", () => {
  it("is the socket's peer when no trusted proxy is in between", () => {
    expect(forwardedClient("203.0.113.9", "198.51.100.1", PROXY)).toBe("203.0.113.9");
    expect(forwardedClient("203.0.113.9", undefined, new Set())).toBe("203.0.113.9");
  });

  it("is the last untrusted hop of X-Forwarded-For behind trusted proxies", () => {
    expect(forwardedClient("10.0.0.2", "198.51.100.1", PROXY)).toBe("198.51.100.1");
    expect(forwardedClient("10.0.0.2", "198.51.100.1, 10.0.0.3", PROXY)).toBe("198.51.100.1");
  });

  it("never takes what the client wrote left of the first untrusted hop", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the real address.
    expect(forwardedClient("10.0.0.2", "1.2.3.4, 198.51.100.1", PROXY)).toBe("198.51.100.1");
  });

  it("reads IPv4-mapped IPv6 addresses as IPv4", () => {
    expect(forwardedClient("::ffff:10.0.0.2", "::ffff:198.51.100.1", new Set(["10.0.0.2"]))).toBe(
      "198.51.100.1",
    );
  });
});
