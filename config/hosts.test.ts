import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "../domain/locales";
import { createHostTable, hostName, hostTableSchema, localHostTable } from "./hosts";

describe("hosts table", () => {
  const table = createHostTable();

  it("serves the cards channel in Germany on plain localhost", () => {
    expect(table.resolve("localhost:3000")).toEqual({ channel: "cards", country: "DE" });
    expect(table.resolve("127.0.0.1:3000")).toEqual({ channel: "cards", country: "DE" });
  });

  it("maps {channel}.localhost to Germany and {cc}.{channel}.localhost to the country", () => {
    expect(table.resolve("cards.localhost")).toEqual({ channel: "cards", country: "DE" });
    expect(table.resolve("wallart.localhost:3000")).toEqual({ channel: "wallart", country: "DE" });
    expect(table.resolve("ch.cards.localhost:3000")).toEqual({ channel: "cards", country: "CH" });
    expect(table.resolve("US.WALLART.LOCALHOST")).toEqual({ channel: "wallart", country: "US" });
  });

  it("has a local host for every country of both channels", () => {
    for (const channel of ["cards", "wallart"] as const) {
      for (const country of COUNTRY_CODES) {
        expect(table.originFor({ channel, country }, new URL("http://localhost:3000/"))).toMatch(
          /^http:\/\/[a-z.]+\.localhost:3000$/,
        );
      }
    }
    expect(localHostTable().length).toBeGreaterThan(24);
  });

  it("does not know foreign hosts", () => {
    expect(table.resolve("evil.example")).toBeNull();
    expect(table.resolve(undefined)).toBeNull();
    expect(table.resolve("")).toBeNull();
  });

  it("keeps the request's protocol and port for local hosts, and uses https for production hosts", () => {
    const prod = createHostTable([
      { host: "www.cardelia.ch", channel: "cards", country: "CH", canonical: true },
    ]);
    expect(
      prod.originFor({ channel: "cards", country: "CH" }, new URL("http://localhost:3000/x")),
    ).toBe("https://www.cardelia.ch");
    expect(prod.resolve("www.cardelia.ch")).toEqual({ channel: "cards", country: "CH" });
    expect(
      table.originFor({ channel: "cards", country: "DE" }, new URL("http://localhost:3000/x")),
    ).toBe("http://cards.localhost:3000");
  });

  it("strips ports and lower-cases host headers", () => {
    expect(hostName("Cards.Localhost:3000")).toBe("cards.localhost");
    expect(hostName("[::1]:3000")).toBe("[::1]");
    expect(hostName(null)).toBe("");
  });

  it("validates a production hosts file", () => {
    expect(
      hostTableSchema.safeParse([{ host: "x.ch", channel: "cards", country: "CH" }]).success,
    ).toBe(true);
    expect(
      hostTableSchema.safeParse([{ host: "x.ch", channel: "shoes", country: "CH" }]).success,
    ).toBe(false);
    expect(
      hostTableSchema.safeParse([{ host: "x.ch", channel: "cards", country: "XX" }]).success,
    ).toBe(false);
  });
});
