import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHANNEL_IDS, CHANNELS, type ChannelId } from "../../config/channels";
import {
  STOREFRONT_LOCALES,
  localeSettings,
  toContentLanguageCode,
  type Locale,
} from "../../domain/locales";
import { actionBar, readSiteConfig, sanitizeInlineHtml, type ConfigContext } from "./config.server";

function seed(channel: ChannelId, folder: string): unknown {
  return JSON.parse(readFileSync(`content/${channel}/${folder}/config.json`, "utf8")).content;
}

function context(
  channel: ChannelId,
  locale: Locale,
  overrides: Partial<ConfigContext> = {},
): ConfigContext {
  const { country, language } = localeSettings(locale);
  return {
    channel,
    country,
    language,
    locale,
    folder: toContentLanguageCode(locale),
    trailingSlash: CHANNELS[channel].features.trailingSlash,
    now: new Date("2026-11-22T12:00:00Z"),
    siteOrigin: ({ channel: target, country: c }) =>
      `https://${c ?? country}.${target ?? channel}.example`,
    ...overrides,
  };
}

describe("the seed GlobalConfig stories", () => {
  for (const channel of CHANNEL_IDS) {
    for (const locale of STOREFRONT_LOCALES) {
      it(`${channel} ${locale} has complete furniture`, () => {
        const config = readSiteConfig(
          seed(channel, toContentLanguageCode(locale)),
          context(channel, locale),
        );
        expect(config.mainNavigation.length).toBeGreaterThanOrEqual(6);
        expect(config.burgerNavigation.mainNavigationItems.length).toBeGreaterThanOrEqual(6);
        expect(config.header.shops.map((shop) => shop.current)).toContain(true);
        expect(config.header.serviceHotline).toMatch(/^\+\d/);
        expect(config.actionBar?.countdownEndDate).toBeDefined();
        expect(config.footer.linkbox.length).toBeGreaterThanOrEqual(3);
        expect(config.footer.customerOpinions?.reviews.length).toBeGreaterThan(3);
        expect(config.footer.paymentMethods.length).toBeGreaterThanOrEqual(5);
        expect(config.footer.seoViewMore?.html).toContain("<p>");
        expect(config.footer.copyright).toContain("{year}");
        expect(config.helpChat?.publicKey).toBe(`local-${channel}`);
        expect(config.consent?.excludedPaths.length).toBe(2);
        expect(config.appBanner !== null).toBe(CHANNELS[channel].features.appsAvailable);
        // The wall-art menu groups exist in every wall-art locale (shown behind their flag).
        const groups = config.burgerNavigation.wallArtGroups;
        expect(groups !== null).toBe(channel === "wallart");
        if (groups) {
          expect(groups.allWallArt).not.toBeNull();
          expect(groups.premiumLabel).not.toBe("");
          for (const list of [groups.bestseller, groups.premium, groups.additional]) {
            expect(list.length).toBeGreaterThan(0);
          }
        }
        const boxTypes = config.footer.footerBlock.map((box) => box.type);
        expect(boxTypes).toEqual(
          expect.arrayContaining([
            "about",
            "awards",
            "customerService",
            "international",
            "languages",
            "socialMedia",
          ]),
        );
        expect(boxTypes.includes("appLinks")).toBe(CHANNELS[channel].features.appsAvailable);
      });
    }
  }

  it("offers every flyout type that fits the channel", () => {
    const types = (channel: ChannelId) =>
      readSiteConfig(seed(channel, "de-de"), context(channel, "de-DE"))
        .mainNavigation.filter((item) => item.flyoutGroups.length > 0 && !item.subNaviOnly)
        .map((item) => item.navigationType);
    expect(types("cards")).toEqual(["card", "calendar", "photobook", "collage", "accessories"]);
    expect(types("wallart")).toEqual(["wandbilder", "frame", "collage", "accessories"]);
  });

  it("localises links: the language prefix, the channel's trailing slash, other shops by host", () => {
    const swissFrench = readSiteConfig(seed("cards", "fr-fr"), context("cards", "fr-CH"));
    expect(swissFrench.mainNavigation[0]?.link.href).toBe("/fr/cartes");
    const wallart = readSiteConfig(seed("wallart", "de-de"), context("wallart", "de-DE"));
    expect(wallart.mainNavigation[0]?.link.href).toBe("/wandbilder/");
    expect(wallart.header.shops.find((shop) => !shop.current)?.link).toEqual({
      href: "https://DE.cards.example/",
      external: true,
    });
    const international = wallart.footer.footerBlock.find((box) => box.type === "international");
    const first = international?.items[0];
    expect(first?.kind === "link" && first.item.link.href).toBe("https://AT.wallart.example/");
  });

  it("keeps the story folder's own story links local", () => {
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        mainNavigation: [
          { text: "Fotobuch", link: { linktype: "story", cached_url: "de-de/fotobuch" } },
        ],
      },
      context("cards", "de-DE"),
    );
    expect(config.mainNavigation[0]?.link).toEqual({ href: "/fotobuch", external: false });
  });
});

describe("reading a GlobalConfig", () => {
  it("gives the empty configuration for anything but a GlobalConfig", () => {
    expect(readSiteConfig({ component: "Page" }, context("cards", "de-DE")).mainNavigation).toEqual(
      [],
    );
    expect(readSiteConfig(null, context("cards", "de-DE")).footer.linkbox).toEqual([]);
  });

  it("drops links with unsafe protocols and items without text", () => {
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        mainNavigation: [
          { text: "Evil", link: { url: "javascript:alert(1)" } },
          { text: "", link: { url: "/ok" } },
          { text: "Fine", link: { url: "/fine" } },
        ],
      },
      context("cards", "de-DE"),
    );
    expect(config.mainNavigation.map((item) => item.text)).toEqual(["Fine"]);
  });

  it("opens no flyout for a subNaviOnly item (its groups feed the sub-navigation)", () => {
    const item = {
      text: "Leinwand",
      link: { url: "/leinwand" },
      navigationType: "wandbilder",
      flyoutGroups: [
        {
          flyoutGroupIdentifier: "formats",
          flyoutGroupTitle: "Formate",
          flyoutGroupItems: [{ storyblokTitle: "Quadratisch", link: { url: "/leinwand?f=q" } }],
        },
      ],
    };
    const config = readSiteConfig(
      { component: "GlobalConfig", mainNavigation: [item, { ...item, subNaviOnly: true }] },
      context("wallart", "de-DE"),
    );
    expect(config.mainNavigation.map((entry) => entry.flyoutType)).toEqual(["wandbilder", null]);
    expect(config.mainNavigation[1]?.flyoutGroups).toHaveLength(1);
  });

  it("opens no flyout for an item whose type has no flyout layout", () => {
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        mainNavigation: [
          {
            text: "Poster",
            link: { url: "/poster" },
            navigationType: "poster",
            flyoutGroups: [
              {
                flyoutGroupIdentifier: "formats",
                flyoutGroupTitle: "Formate",
                flyoutGroupItems: [{ storyblokTitle: "A4", link: { url: "/poster?f=a4" } }],
              },
            ],
          },
        ],
      },
      context("wallart", "de-DE"),
    );
    expect(config.mainNavigation[0]?.flyoutType).toBeNull();
  });

  it("shows a flyout group only with a name, a text and an item or custom element", () => {
    const group = (fields: Record<string, unknown>) => ({
      flyoutGroupIdentifier: "types",
      flyoutGroupTitle: "Types",
      flyoutGroupItems: [{ storyblokTitle: "A", link: { url: "/a" } }],
      ...fields,
    });
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        mainNavigation: [
          {
            text: "Kalender",
            link: { url: "/kalender" },
            navigationType: "calendar",
            flyoutGroups: [
              group({}),
              group({ flyoutGroupIdentifier: "" }),
              group({ flyoutGroupTitle: "" }),
              group({ flyoutGroupItems: [] }),
              group({
                flyoutGroupItems: [],
                flyoutGroupItemsCustom: [{ title: "Start", link: { url: "/s" } }],
              }),
            ],
          },
        ],
      },
      context("cards", "de-DE"),
    );
    expect(config.mainNavigation[0]?.flyoutGroups).toHaveLength(2);
  });
});

describe("the action bar", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("is the first bar with text whose end date has not passed", () => {
    const bar = actionBar(
      [
        { id: "old", text: "Old", actionBarEndDate: "2026-11-01T00:00:00Z" },
        { id: "empty", text: "" },
        {
          id: "now",
          text: "<b>Now</b>",
          backgroundColor: { hex: "#123456" },
          countdownEndDate: "2027-01-31",
        },
      ],
      now,
    );
    expect(bar).toMatchObject({ id: "now", html: "<b>Now</b>", backgroundColor: "#123456" });
    expect(bar?.countdownEndDate).toBe("2027-01-31T00:00:00.000Z");
  });

  it("sanitises its HTML", () => {
    expect(
      sanitizeInlineHtml(
        '<strong onclick="x()">Hi</strong><script>alert(1)</script><a href="javascript:x()">a</a>',
      ),
    ).toBe("<strong>Hi</strong><a>a</a>");
    expect(sanitizeInlineHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

it("sends the browser a compact configuration", () => {
  const size = JSON.stringify(
    readSiteConfig(seed("cards", "de-de"), context("cards", "de-DE")),
  ).length;
  console.info("cards de-DE site config bytes:", size);
  expect(size).toBeLessThan(60_000);
});
