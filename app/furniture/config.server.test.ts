import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { CHANNEL_IDS, CHANNELS, type ChannelId } from "../../config/channels";
import {
  STOREFRONT_LOCALES,
  localeSettings,
  toContentLanguageCode,
  type Locale,
} from "../../domain/locales";
import type { ContentStory } from "../../domain/content";
import { fillFacts } from "../../domain/countryFacts";
import { storefrontFacts } from "../../config/countryFacts";
import {
  actionBar,
  appBannerDeepLink,
  loadSiteConfig,
  readSiteConfig,
  sanitizeInlineHtml,
  type ConfigContext,
  type SiteConfigRequest,
} from "./config.server";
import { readPageFurniture } from "./furniture.server";
import { subNavigationFor } from "./navigation/navigationItems";
import { setLogSink, type LogSink } from "../lib/log";

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
          // As the loader does: the storefront's own hotline, hours and company filled in.
          fillFacts(seed(channel, toContentLanguageCode(locale)), storefrontFacts(channel, locale)),
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
        expect(config.appBanner).toBeNull();
        const reviews = config.footer.customerOpinions;
        expect(reviews?.reviewBaseLink ?? "").not.toMatch(/\.example\b/);
        expect(reviews?.companyLink ?? null).toBeNull();
        // No provider: the shop's own reviews page lists them, each review at its anchor.
        expect(reviews?.page?.external).toBe(false);
        for (const review of reviews?.reviews ?? [])
          expect(review.link?.href).toBe(`${reviews?.page?.href}#${review.anchor}`);
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
        // The seeds configure no real app: no store badges, no app banner (never a made-up link).
        expect(boxTypes.includes("appLinks")).toBe(false);
      });
    }
  }

  it("gives every tile of the sub-navigation strips a picture, in every storefront", () => {
    // A tile without a picture shows an empty circle or box in the strip, whatever its shape
    // (a line describing a pictured tile is folded into that tile, see subNavigationFor).
    const empty: string[] = [];
    const shapes = new Set<string>();
    for (const channel of CHANNEL_IDS) {
      for (const locale of STOREFRONT_LOCALES) {
        const items = readSiteConfig(
          seed(channel, toContentLanguageCode(locale)),
          context(channel, locale),
        ).mainNavigation;
        for (const item of items) {
          const strip = subNavigationFor({
            items,
            activeNavigation: item.navigationType,
            subNavigation: true,
            pathname: "/",
            rest: "/",
            search: "",
          });
          for (const category of strip) {
            for (const tile of category.elements) {
              shapes.add(tile.type);
              if (!tile.image) {
                empty.push(`${channel} ${locale} ${category.heading}: ${tile.text} (${tile.type})`);
              }
            }
          }
        }
      }
    }
    // The seeds draw all three shapes, so each is checked.
    expect([...shapes.keys()].sort()).toEqual(["circle", "square", "square-image"]);
    expect(empty).toEqual([]);
  });

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

describe("Storyblok date-times in config and page fields", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  for (const tz of ["UTC", "Europe/Berlin", "America/Los_Angeles"]) {
    it(`end the action bar at the UTC moment also when the server runs in ${tz}`, () => {
      process.env.TZ = tz;
      const bars = [
        {
          id: "winter",
          text: "Winter",
          countdownEndDate: "2027-01-31 23:59",
          actionBarEndDate: "2027-01-31 23:59",
        },
      ];
      const config = readSiteConfig(
        { component: "GlobalConfig", actionBar: bars },
        context("cards", "de-DE", { now: new Date("2027-01-31T23:30:00Z") }),
      );
      expect(config.actionBar?.countdownEndDate).toBe("2027-01-31T23:59:00.000Z");
      expect(actionBar(bars, new Date("2027-01-31T23:58:59Z"))).not.toBeNull();
      expect(actionBar(bars, new Date("2027-01-31T23:59:00Z"))).toBeNull();
      const page = readPageFurniture(
        { component: "Page", actionBar: bars },
        context("cards", "de-DE"),
        new Date("2027-01-31T23:00:00Z"),
      );
      expect(page.actionBar?.actionBarEndDate).toBe("2027-01-31T23:59:00.000Z");
    });
  }

  it("show a review's date from a date-time without a time zone as that UTC day", () => {
    process.env.TZ = "Pacific/Auckland";
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        footer: {
          customerOpinions: {
            reviews: {
              reviews: [{ id: "r", stars: 5, title: "Top", createdAt: "2026-03-01 23:30" }],
            },
          },
        },
      },
      context("cards", "de-DE"),
    );
    expect(config.footer.customerOpinions?.reviews[0]?.createdAt).toBe("2026-03-01T23:30:00.000Z");
    expect(config.footer.customerOpinions?.reviews[0]?.dateText).toBe("01.03.2026");
  });
});

describe("links inside CMS HTML", () => {
  const html =
    '<a href="/datenschutz">Datenschutz</a> <a href="/fotobuch?x=1#y">Buch</a> ' +
    '<a href="https://x.example/a">ext</a> <a href="mailto:a@b.example">m</a> ' +
    '<a href="javascript:alert(1)">j</a> <a href="data:text/html,x">d</a>';

  it("are localised like other links: language prefix and the channel's trailing slash", () => {
    const { country, language } = localeSettings("fr-CH");
    expect(
      sanitizeInlineHtml(html, { country, language, locale: "fr-CH", trailingSlash: true }),
    ).toBe(
      '<a href="/fr/datenschutz/">Datenschutz</a> <a href="/fr/fotobuch/?x=1#y">Buch</a> ' +
        '<a href="https://x.example/a">ext</a> <a href="mailto:a@b.example">m</a> ' +
        "<a>j</a> <a>d</a>",
    );
  });

  it("are localised in the action bar, the newsletter text and the SEO text", () => {
    const text = 'Mehr unter <a href="/datenschutz">Datenschutz</a><a href="vbscript:x">v</a>';
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        actionBar: [{ id: "a", text }],
        footer: {
          newsletterBlock: { headline: "News", newsletterText: text },
          seoViewMore: { headline: "SEO", text },
        },
      },
      context("wallart", "fr-CH"),
    );
    const localised = 'Mehr unter <a href="/fr/datenschutz/">Datenschutz</a><a>v</a>';
    expect(config.actionBar?.html).toBe(localised);
    expect(config.footer.newsletterBlock?.newsletterHtml).toBe(localised);
    expect(config.footer.seoViewMore?.html).toBe(localised);
    const page = readPageFurniture(
      {
        component: "Page",
        actionBar: [{ id: "p", text }],
        footerOverride: { seoViewMore: { text } },
      },
      context("wallart", "fr-CH"),
      new Date("2026-11-22T12:00:00Z"),
    );
    expect(page.actionBar?.html).toBe(localised);
    expect(page.footerOverride?.seoViewMore?.html).toBe(localised);
  });
});

describe("Storyblok link fields in the GlobalConfig", () => {
  it("turn email links into mailto: links and anchors into #anchor", () => {
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        footer: {
          linkbox: [
            {
              headline: "Kontakt",
              links: [
                { text: "Mail", link: { linktype: "email", email: "service@cardelia.example" } },
                {
                  text: "FAQ",
                  link: { linktype: "story", cached_url: "de-de/service", anchor: "versand" },
                },
              ],
            },
          ],
        },
      },
      context("cards", "de-DE"),
    );
    expect(config.footer.linkbox[0]?.links.map((item) => item.link)).toEqual([
      { href: "mailto:service@cardelia.example", external: true },
      { href: "/service#versand", external: false },
    ]);
  });
});

describe("single blocks where a list is usual", () => {
  it("read an action bar written as one object", () => {
    const config = readSiteConfig(
      { component: "GlobalConfig", actionBar: { id: "solo", text: "Solo" } },
      context("cards", "de-DE"),
    );
    expect(config.actionBar).toMatchObject({ id: "solo", html: "Solo" });
  });

  it("read a communication tile's cta written as one object, and images given as lists", () => {
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        footer: {
          communicationBlock: [
            {
              headline: "Hilfe",
              icon: [{ filename: "/a/cards/help.svg", alt: "" }],
              cta: { text: "Kontakt", link: { url: "/kontakt" } },
            },
            { headline: "Liste", cta: [{ text: "Erste", link: { url: "/eins" } }, { text: "x" }] },
          ],
        },
      },
      context("cards", "de-DE"),
    );
    const [single, listed] = config.footer.communicationBlock;
    expect(single?.cta).toEqual({ text: "Kontakt", link: { href: "/kontakt", external: false } });
    expect(single?.icon?.filename).toBe("/a/cards/help.svg");
    expect(listed?.cta?.text).toBe("Erste");
  });
});

describe("half-filled blocks of the configuration", () => {
  it("read as far as they go, never failing the whole configuration", () => {
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        actionBar: [{ color: "#fff" }, { text: "Sale", countdownEndDate: "2027-01-31 23:59" }],
        appBanner: { title: "App", deepLink: "myapp://open" },
        helpChat: { enabled: true },
        consent: { enabled: "true", excludedPaths: [{ path: "/privacy" }, "/imprint", "x", 4] },
        footer: { seoViewMore: { headline: "Only a headline" } },
      },
      context("wallart", "de-DE"),
    );
    expect(config.actionBar).toMatchObject({
      html: "Sale",
      countdownEndDate: "2027-01-31T23:59:00.000Z",
    });
    expect(config.appBanner).toMatchObject({ title: "App", text: "", deepLink: "myapp://open" });
    expect(config.appBanner).not.toHaveProperty("icon");
    expect(config.helpChat).toBeNull();
    expect(config.consent).toEqual({ excludedPaths: ["/privacy", "/imprint"], privacyLink: null });
    expect(config.footer.seoViewMore).toBeNull();
  });

  it("drop navigation entries, footer boxes and reviews that lack what they need", () => {
    const config = readSiteConfig(
      {
        component: "GlobalConfig",
        header: { shops: [{ text: "Karten" }, {}] },
        mainNavigation: [{}, { text: "Fotobuch", link: "/fotobuch", flyoutGroups: [{}] }, 7],
        burgerNavigation: { wallArtGroups: {} },
        footer: {
          footerBlock: [{ type: "service" }, { type: "service", title: "Hilfe", items: [{}] }],
          customerOpinions: { reviews: { reviews: [{ title: "Gut" }] } },
          paymentMethods: [{ filename: "/a/cards/visa.svg" }],
          copyrightBlock: [{ text: " © Cardelia " }],
        },
      },
      context("cards", "de-DE"),
    );
    expect(config.header.shops).toEqual([]);
    expect(config.mainNavigation.map((item) => item.text)).toEqual(["Fotobuch"]);
    expect(config.mainNavigation[0]?.flyoutGroups).toEqual([]);
    expect(config.burgerNavigation.wallArtGroups).toMatchObject({ allWallArt: null, premium: [] });
    expect(config.footer.footerBlock).toEqual([]);
    expect(config.footer.customerOpinions).toBeNull();
    expect(config.footer.paymentMethods).toEqual([]);
    expect(config.footer.copyright).toBe("© Cardelia");
  });
});

describe("the app banner", () => {
  const banner = (deepLink: string) => ({
    component: "GlobalConfig",
    appBanner: { title: "App", deepLink },
  });

  it("shows only where the channel's appsAvailable flag is on", () => {
    expect(CHANNELS.cards.features.appsAvailable).toBe(false);
    expect(CHANNELS.wallart.features.appsAvailable).toBe(true);
    const link = "https://open.wallora.app/start";
    expect(readSiteConfig(banner(link), context("cards", "de-DE")).appBanner).toBeNull();
    expect(readSiteConfig(banner(link), context("wallart", "de-DE")).appBanner?.deepLink).toBe(
      link,
    );
  });

  it("accepts the app's own scheme for its deep link, never script or data URLs", () => {
    const read = (deepLink: string) =>
      readSiteConfig(banner(deepLink), context("wallart", "de-DE")).appBanner?.deepLink ?? null;
    expect(read("myapp://open")).toBe("myapp://open");
    expect(read("wallora-app://open/path?x=1")).toBe("wallora-app://open/path?x=1");
    for (const refused of [
      "javascript://%0Aalert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>x</script>",
      "vbscript:msgbox",
      "java\tscript://x",
      " javascript://x",
      "/relative",
      "//host/x",
      "http://app.example/open",
      "myapp:",
      "myapp://",
    ]) {
      expect([refused, read(refused)]).toEqual([refused, null]);
    }
    expect(appBannerDeepLink("https://open.wallora.app/start")).toBe(
      "https://open.wallora.app/start",
    );
    // A made-up host opens no app.
    expect(appBannerDeepLink("https://app.example/open")).toBeNull();
  });
});

describe("shop entries", () => {
  const story = () => ({
    component: "GlobalConfig",
    header: {
      shops: [
        { _uid: "own", text: "Karten", channel: "cards" },
        { _uid: "bad", text: "Fotos", channel: "photos" },
        { _uid: "other", text: "Wandbilder", channel: "wallart" },
      ],
    },
  });

  it("drop a shop with an unknown channel instead of linking it to this site", () => {
    const warn = vi.fn();
    const config = readSiteConfig(story(), context("cards", "de-DE", { warn }));
    expect(config.header.shops.map((shop) => [shop.id, shop.current])).toEqual([
      ["own", true],
      ["other", false],
    ]);
    expect(warn).toHaveBeenCalledWith("shop with an unknown channel dropped", {
      shopChannel: "photos",
      folder: "de-de",
    });
  });

  it("log an unknown channel once, not on every read", async () => {
    const warn = vi.fn<LogSink>();
    const previous = setLogSink(warn);
    onTestFinished(() => {
      setLogSink(previous);
    });
    const services = {
      content: {
        getStory: async () => ({ content: story(), folder: "de-de" }) as unknown as ContentStory,
      },
      hosts: { originFor: () => "https://cards.example" },
    } as unknown as SiteConfigRequest["services"];
    for (let i = 0; i < 3; i++) {
      const config = await loadSiteConfig({
        services,
        channel: "cards",
        locale: "de-DE",
        requestUrl: new URL("https://cards.example/"),
        version: "published",
      });
      expect(config.header.shops.map((shop) => shop.id)).toEqual(["own", "other"]);
    }
    const unknown = warn.mock.calls.filter(
      ([level, id, details]) =>
        level === "warn" &&
        id === "global-config-warning" &&
        details.message === "shop with an unknown channel dropped",
    );
    expect(unknown).toHaveLength(1);
    expect(unknown[0]?.[2]).toMatchObject({ shopChannel: "photos", channel: "cards" });
  });
});

describe("customer reviews", () => {
  const read = (reviews: unknown[], score: Record<string, unknown> = {}) =>
    readSiteConfig(
      {
        component: "GlobalConfig",
        footer: { customerOpinions: { reviews: { reviews, score } } },
      },
      context("cards", "de-DE"),
    ).footer.customerOpinions;

  it("read a numeric review id as its string", () => {
    const block = read([
      { id: 48213, stars: 5, title: "A" },
      { id: "abc", stars: 4, title: "B" },
      { stars: 4, title: "C" },
    ]);
    expect(block?.reviews.map((review) => review.id)).toEqual(["48213", "abc", "review-2"]);
  });

  it("drop reviews with 0, missing or non-numeric stars instead of showing one star", () => {
    const block = read([
      { id: "zero", stars: 0, title: "Zero" },
      { id: "none", title: "None" },
      { id: "word", stars: "five", title: "Word" },
      { id: "high", stars: 7, title: "High" },
      { id: "half", stars: "3.5", title: "Half" },
    ]);
    expect(block?.reviews.map((review) => [review.id, review.stars])).toEqual([
      ["high", 5],
      ["half", 3.5],
    ]);
  });

  it("take the reviews' average for an unusable overall score, and show no block without rated reviews", () => {
    expect(
      read(
        [
          { stars: 4, title: "A" },
          { stars: 5, title: "B" },
        ],
        { stars: 0 },
      )?.stars,
    ).toBe(4.5);
    expect(read([{ stars: 4, title: "A" }], { stars: 4.8 })?.stars).toBe(5);
    expect(read([{ stars: 0, title: "A" }])).toBeNull();
  });

  it("link each review to its place on the shop's reviews page when no provider is configured", () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `r${i + 1}`, stars: 5, title: "T" }));
    const block = read(many);
    expect(block?.page).toEqual({ href: "/bewertungen", external: false });
    expect(block?.reviews[0]?.link).toEqual({ href: "/bewertungen#review-r1", external: false });
    // The eleventh review is on the list's second page.
    expect(block?.reviews[10]?.link?.href).toBe("/bewertungen?page=2#review-r11");
    // In the wall-art shop of French Switzerland: its language's word, its trailing slash.
    const wallart = readSiteConfig(
      { component: "GlobalConfig", footer: { customerOpinions: { reviews: { reviews: many } } } },
      context("wallart", "fr-CH"),
    ).footer.customerOpinions;
    expect(wallart?.page?.href).toBe("/fr/avis/");
    expect(wallart?.reviews[11]?.link?.href).toBe("/fr/avis/?page=2#review-r12");
  });

  it("link each review to a configured provider, and a made-up provider to the shop's own page", () => {
    const withBase = (reviewBaseLink: string) =>
      readSiteConfig(
        {
          component: "GlobalConfig",
          footer: {
            customerOpinions: {
              reviews: { reviews: [{ id: "a b", stars: 5, title: "T" }], reviewBaseLink },
            },
          },
        },
        context("cards", "de-DE"),
      ).footer.customerOpinions?.reviews[0]?.link;
    expect(withBase("https://reviews.cardelia.de/r/")).toEqual({
      href: "https://reviews.cardelia.de/r/a%20b",
      external: true,
    });
    expect(withBase("https://www.trustlane.example/reviews/")).toEqual({
      href: "/bewertungen#review-a-b",
      external: false,
    });
  });
});
