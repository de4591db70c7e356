import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { sendOverSocket } from "../testing/socket";
import { addressNetwork, clientAddress, clientAddressOf, forwardedClient } from "./clientAddress";

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

describe("the network a limit counts", () => {
  it("is an IPv6 address's /64, however the address is written", () => {
    expect(addressNetwork("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressNetwork("2001:0DB8:0001:0002:0:0:0:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("puts two addresses of one /64 together and those of two /64s apart", () => {
    expect(addressNetwork("2001:db8:1:2::1")).toBe(addressNetwork("2001:db8:1:2:ffff::9"));
    expect(addressNetwork("2001:db8:1:2::1")).not.toBe(addressNetwork("2001:db8:1:3::1"));
  });

  it("leaves IPv4 addresses and what is no address as they are", () => {
    expect(addressNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(addressNetwork("unknown")).toBe("unknown");
    expect(addressNetwork("1:2:3")).toBe("1:2:3");
    expect(addressNetwork("1::2::3")).toBe("1::2::3");
    expect(addressNetwork("gggg::1")).toBe("gggg::1");
  });
});

describe("the address every route reads", () => {
  it("is an IPv6 client's /64 network, behind a trusted proxy too", async () => {
    const app = new Hono();
    app.use(clientAddressOf(["127.0.0.1"]));
    app.get("/", (c) => c.text(clientAddress(c)));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const from = async (forwardedFor: string) =>
        (
          await sendOverSocket(port, "/", ["host", "localhost", "x-forwarded-for", forwardedFor])
        ).body.toString();
      expect(await from("2001:db8:1:2::abcd")).toBe("2001:db8:1:2::/64");
      expect(await from("2001:db8:1:2:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
      expect(await from("198.51.100.7")).toBe("198.51.100.7");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
