import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { campaignBarFor, isActive, matchesPath, readCampaigns } from "./campaigns.server";
import { freeShippingFromOf, type ShippingSource } from "./freeShipping.server";
import { currencyOfCountry, priceView } from "../../domain/cataloguePrices";
import { readCatalogueSeed } from "../../server/catalogue/seed";

const NOW = new Date("2026-12-01T12:00:00Z");

const bar = (id: string, text: string, extra: Record<string, unknown> = {}) => [
  { _uid: id, component: "ActionBar", id, text, backgroundColor: "#7a1538", ...extra },
];

function story(campaigns: unknown[]) {
  return { component: "Campaigns", _uid: "c", campaigns };
}

describe("reading the campaigns story", () => {
  it("reads id, path prefixes, start and end of every campaign, in order", () => {
    const [first, second] = readCampaigns(
      story([
        {
          id: "winter",
          urlPatterns: ["/Fotobuch/", "/fotobuch", "fotokalender", "//evil", "/a b", "/"],
          start: "2026-11-01 00:00",
          end: "2027-01-31T23:00:00+01:00",
          bar: bar("w", "Winter"),
        },
        {
          _uid: "spring-uid",
          urlPatterns: "/leinwand\n/poster, /acryl",
          bar: bar("s", "Frühling")[0],
        },
      ]),
    );
    expect(first).toMatchObject({
      id: "winter",
      patterns: ["/fotobuch", "/"],
      start: "2026-11-01T00:00:00.000Z",
      end: "2027-01-31T22:00:00.000Z",
    });
    expect(second).toMatchObject({
      id: "spring-uid",
      patterns: ["/leinwand", "/poster", "/acryl"],
    });
    expect(second?.start).toBeUndefined();
    expect(second?.bar).toHaveLength(1);
  });

  it("has no campaigns in a story of another content type or without a list", () => {
    expect(readCampaigns({ component: "Page", campaigns: [{ urlPatterns: ["/"] }] })).toEqual([]);
    expect(readCampaigns({ component: "Campaigns", campaigns: { urlPatterns: ["/"] } })).toEqual(
      [],
    );
    expect(readCampaigns(null)).toEqual([]);
  });

  it("runs a campaign from its start (inclusive) to its end (exclusive)", () => {
    const campaign = { id: "x", patterns: ["/"], bar: [], start: "2026-12-01T12:00:00.000Z" };
    expect(isActive(campaign, NOW)).toBe(true);
    expect(isActive(campaign, new Date("2026-12-01T11:59:59Z"))).toBe(false);
    expect(isActive({ ...campaign, end: "2026-12-01T12:00:00.000Z" }, NOW)).toBe(false);
    expect(isActive({ id: "y", patterns: ["/"], bar: [] }, NOW)).toBe(true);
  });

  it("matches path prefixes on segment boundaries, ignoring case and trailing slashes", () => {
    const campaign = { id: "x", patterns: ["/fotobuch"], bar: [] };
    expect(matchesPath(campaign, "/fotobuch")).toBe(true);
    expect(matchesPath(campaign, "/Fotobuch/")).toBe(true);
    expect(matchesPath(campaign, "/fotobuch/hochzeit")).toBe(true);
    expect(matchesPath(campaign, "/fotobuchhuelle")).toBe(false);
    expect(matchesPath(campaign, "/")).toBe(false);
    expect(matchesPath({ ...campaign, patterns: ["/"] }, "/gibt-es-nicht")).toBe(true);
    expect(matchesPath({ ...campaign, patterns: [] }, "/fotobuch")).toBe(false);
  });
});

describe("the campaign bar of a path", () => {
  const content = story([
    { id: "over", urlPatterns: ["/"], end: "2026-11-30T00:00:00Z", bar: bar("over", "Vorbei") },
    { id: "later", urlPatterns: ["/"], start: "2027-02-01", bar: bar("later", "Später") },
    {
      id: "books",
      urlPatterns: ["/fotobuch"],
      bar: bar("books", "<b>Fotobuch</b><script>x()</script>"),
    },
    { id: "empty", urlPatterns: ["/service"], bar: [] },
    {
      id: "bar-ended",
      urlPatterns: ["/service"],
      bar: bar("ended", "Beendet", { actionBarEndDate: "2026-11-01T00:00:00Z" }),
    },
    {
      id: "all",
      urlPatterns: ["/"],
      bar: bar("all", "Überall", { countdownEndDate: "2027-01-31" }),
    },
  ]);

  it("is the bar of the first running campaign whose prefix matches", () => {
    const books = campaignBarFor(content, "/fotobuch/hochzeit", NOW);
    expect(books).toMatchObject({ id: "books", backgroundColor: "#7a1538", color: "#ffffff" });
    expect(books?.html).toContain("<b>Fotobuch</b>");
    expect(books?.html).not.toContain("script");
    expect(campaignBarFor(content, "/gibt-es-nicht", NOW)).toMatchObject({
      id: "all",
      html: "Überall",
      countdownEndDate: "2027-01-31T00:00:00.000Z",
    });
  });

  it("gives links in the bar's text the visitor's language prefix", () => {
    const linked = story([
      { id: "l", urlPatterns: ["/"], bar: bar("l", '<a href="/versand">Versand</a>') },
    ]);
    const frCH = { country: "CH", language: "fr", locale: "fr-CH", trailingSlash: false } as const;
    expect(campaignBarFor(linked, "/", NOW, frCH)?.html).toContain('href="/fr/versand"');
    expect(campaignBarFor(linked, "/", NOW)?.html).toContain('href="/versand"');
  });

  it("skips campaigns without a bar to show, and is null when none runs", () => {
    expect(campaignBarFor(content, "/service/kontakt", NOW)?.id).toBe("all");
    expect(campaignBarFor(content, "/", new Date("2027-02-02T00:00:00Z"))?.id).toBe("later");
    expect(campaignBarFor(story([content.campaigns[0]]), "/", NOW)).toBeNull();
  });

  it.each([
    ["cards", "de-de", "SCHNEEFLOCKE"],
    ["cards", "en-gb", "SNOWFLAKE"],
    ["cards", "fr-fr", "FLOCON"],
    ["wallart", "de-de", "WANDSCHNEE"],
    ["wallart", "en-gb", "WALLSNOW"],
    ["wallart", "fr-fr", "MURNEIGE"],
  ])("of the %s %s seed is its winter campaign's in the season only", (channel, folder, code) => {
    const seed = JSON.parse(
      readFileSync(`content/${channel}/${folder}/campaigns.json`, "utf8"),
    ) as { content: unknown };
    const bar = campaignBarFor(seed.content, "/gibt-es-nicht", NOW, undefined, "49,00 €")?.html;
    expect(bar).toContain(code);
    expect(bar).not.toContain("{{");
    expect(campaignBarFor(seed.content, "/", new Date("2027-02-01T00:00:00Z"))).toBeNull();
    expect(campaignBarFor(seed.content, "/", new Date("2026-10-31T00:00:00Z"))).toBeNull();
  });
});

describe("the free-shipping threshold a bar names", () => {
  const content = story([
    { id: "free", urlPatterns: ["/"], bar: bar("f", "Gratis-Versand ab {{freeShippingFrom}}") },
    { id: "plain", urlPatterns: ["/"], bar: bar("p", "Frohe Feste") },
  ]);

  it("is the shop's own rule in its own money", () => {
    expect(campaignBarFor(content, "/", NOW, undefined, "69,00 CHF")?.html).toBe(
      "Gratis-Versand ab 69,00 CHF",
    );
  });

  it("leaves a bar out where shipping is never free (the next campaign's shows)", () => {
    expect(campaignBarFor(content, "/", NOW, undefined, null)?.html).toBe("Frohe Feste");
  });

  it("is the lowest threshold of the shop's country, formatted as the cart shows it", async () => {
    const asked: unknown[] = [];
    const catalogue: ShippingSource = {
      shipping: async (ctx) => {
        asked.push(ctx);
        const method = (minor: number | null) => ({
          freeFrom:
            minor === null
              ? null
              : { priceCurrentMinor: minor, formatted: { current: `${minor / 100} CHF` } },
        });
        return { methods: [method(null), method(9900), method(6900)] };
      },
    };
    expect(await freeShippingFromOf(catalogue, { channel: "cards", locale: "fr-CH" })).toBe(
      "69 CHF",
    );
    expect(asked).toEqual([{ channel: "cards", locale: "fr-CH", country: "CH" }]);
    const failing: ShippingSource = { shipping: () => Promise.reject(new Error("down")) };
    expect(await freeShippingFromOf(failing, { channel: "cards", locale: "de-DE" })).toBeNull();
  });
});

describe("a winter bar another country borrows", () => {
  const seed = readCatalogueSeed(path.resolve("catalogue"));
  /** The catalogue's shipping rules of a country, formatted as the catalogue service does. */
  const rules: ShippingSource = {
    shipping: async ({ channel, country, locale }) => ({
      methods: seed.channels[channel].shipping
        .filter((m) => m.country === country)
        .map((m) => ({
          freeFrom:
            m.freeFromMinor === null
              ? null
              : priceView(
                  { current: m.freeFromMinor, original: null },
                  currencyOfCountry(country),
                  locale,
                ),
        })),
    }),
  };

  it.each([
    ["cards", "de-de", "de-CH", "CHF"],
    ["cards", "de-de", "de-LI", "CHF"],
    ["cards", "en-gb", "en-US", "$"],
    ["wallart", "de-de", "de-CH", "CHF"],
  ] as const)(
    "states the %s shop's own threshold: %s's story in %s, in %s",
    async (channel, folder, locale, symbol) => {
      const story = JSON.parse(
        readFileSync(`content/${channel}/${folder}/campaigns.json`, "utf8"),
      ) as { content: unknown };
      const threshold = await freeShippingFromOf(rules, { channel, locale });
      expect(threshold).toContain(symbol);
      const html = campaignBarFor(story.content, "/", NOW, undefined, threshold)?.html ?? "";
      expect(html).toContain(threshold);
      expect(html).not.toMatch(symbol === "CHF" ? /€/ : /£/);
    },
  );
});
