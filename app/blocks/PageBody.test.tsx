// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChannelId } from "../../config/channels";
import type { Locale } from "../../domain/locales";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import { setLogSink } from "../lib/log";
import { PageBody } from "./PageBody";
import { prepareContent, type PrepareContext } from "./prepare.server";
import type { PreparedBlock } from "./types";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const NOW = Date.parse("2026-11-22T10:00:00Z");
const logged: { id: string; details: Record<string, unknown> }[] = [];
let container: HTMLDivElement;
let root: Root;

const images: PrepareContext["images"] = {
  meta: async (filename) =>
    filename.includes("broken")
      ? { width: 0, height: 0, ratio: 0 }
      : { width: 1200, height: 900, ratio: 4 / 3 },
};

const asset = (file: string, alt = "A photo calendar on a wall") => ({
  filename: `/a/cards/${file}`,
  alt,
});
const doc = (...content: unknown[]) => ({ type: "doc", content });
const paragraph = (text: string, marks?: unknown[]) => ({
  type: "paragraph",
  content: [{ type: "text", text, ...(marks ? { marks } : {}) }],
});

/** One of every block, as an editor writes it. */
const PAGE = {
  component: "Page",
  _uid: "page",
  metaTitle: "Test",
  body: [
    {
      component: "Teaser",
      _uid: "hero",
      headline: "Photo calendars 2027",
      subline: "Twelve months of your best moments",
      text: doc(paragraph("Printed on heavy matt paper.")),
      image: asset("calendar.jpg"),
      priceProduct: "calendar",
      label: {
        labelText: "New",
        labelBackgroundColor: { name: "Berry", hex: "#b4235a" },
        labelTextColor: "#ffffff",
      },
      countdownEndDate: "2026-12-17 22:59",
      countdownText: "Order for Christmas in",
      cta: { text: "Design your calendar", link: { linktype: "url", url: "/photo-calendar" } },
      secondaryCta: { text: "Evil", link: "javascript:alert(1)" },
    },
    {
      component: "Headline",
      _uid: "h",
      text: "Our bestsellers",
      level: 2,
      subline: "Loved by our customers",
    },
    {
      component: "Text",
      _uid: "t",
      text: doc(
        paragraph("Read our ", []),
        paragraph("delivery times", [
          { type: "link", attrs: { href: "javascript:alert(1)", linktype: "url" } },
        ]),
      ),
    },
    {
      component: "Information",
      _uid: "i",
      variant: "warning",
      title: "Christmas orders",
      text: "Order by 17 December.",
    },
    { component: "Margin", _uid: "m", size: "large" },
    {
      component: "SubTeasers",
      _uid: "s",
      variant: "tiles",
      headline: "Categories",
      items: [
        {
          _uid: "s1",
          title: "Wall calendars",
          image: asset("wall.jpg"),
          link: "/photo-calendar/wall",
        },
        {
          _uid: "s2",
          title: "Desk calendars",
          image: [asset("desk.jpg")],
          link: { linktype: "story", cached_url: "en-gb/photo-calendar/desk" },
        },
        { _uid: "s3", title: "" },
      ],
    },
    {
      component: "UspTeaser",
      _uid: "u",
      headline: "Why us",
      items: [
        { _uid: "u1", icon: "truck", title: "Fast delivery", text: "In 2–3 working days" },
        { _uid: "u2", icon: "unknown-icon", title: "Quality", text: "Premium paper" },
      ],
    },
    {
      component: "PhotoBlock",
      _uid: "p",
      image: asset("broken.jpg", "A broken photo"),
      caption: "Our studio",
      aspectRatio: "16/9",
    },
    {
      component: "VideoBlock",
      _uid: "v",
      video: "/a/cards/film.webm",
      poster: asset("poster.jpg", "Our studio"),
      headline: "How we print",
      autoplay: true,
    },
    {
      component: "Feed",
      _uid: "f",
      headline: "Popular calendars",
      initialCount: 2,
      items: [1, 2, 3].map((n) => ({
        _uid: `f${n}`,
        title: `Calendar ${n}`,
        image: asset(`c${n}.jpg`, `Calendar ${n}`),
        link: `/photo-calendar/${n}`,
        priceProduct: n === 3 ? "no-such-article" : `calendar-${n}`,
      })),
    },
    { component: "Carousel3000", _uid: "x" },
    { component: "Teaser", _uid: "bad" },
  ],
};

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  logged.length = 0;
  setLogSink((_level, id, details) => logged.push({ id: String(id), details }));
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  window.matchMedia = vi.fn().mockReturnValue({
    matches: false,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  setLogSink(() => undefined);
});

async function prepare(locale: Locale, channel: ChannelId = "cards", preview = false) {
  const page = await prepareContent(PAGE, { locale, channel, preview, images, now: NOW });
  return page.body as unknown as PreparedBlock[];
}

async function render(
  body: PreparedBlock[],
  locale: Locale = "en-GB",
  channel: ChannelId = "cards",
) {
  const i18n = createI18n(locale, messagesFor(locale));
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ channel, locale }),
      HydrateFallback: () => null,
      Component: () => (
        <I18nContext value={i18n}>
          <PageBody body={body} />
        </I18nContext>
      ),
    },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/"]} />));
  await vi.waitFor(() => expect(container.querySelector(".page-body")).not.toBeNull());
}

const $ = (selector: string) => container.querySelector(selector);
const $$ = (selector: string) => [...container.querySelectorAll(selector)];

describe("prepareContent", () => {
  it("keeps the known, valid blocks and logs the unknown and the invalid one", async () => {
    const body = await prepare("en-GB");
    expect(body.map((b) => b.component)).toEqual([
      "Teaser",
      "Headline",
      "Text",
      "Information",
      "Margin",
      "SubTeasers",
      "UspTeaser",
      "PhotoBlock",
      "VideoBlock",
      "Feed",
    ]);
    expect(logged).toContainEqual({ id: "unknown-block", details: { component: "Carousel3000" } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        id: "invalid-block",
        details: expect.objectContaining({ uid: "bad" }),
      }),
    );
  });

  it("logs an unknown component once however often it comes", async () => {
    await prepareContent(
      {
        body: [
          { component: "Gizmo", _uid: "1" },
          { component: "Gizmo", _uid: "2" },
        ],
      },
      { locale: "de-DE", channel: "cards", preview: false, images },
    );
    await prepareContent(
      { body: [{ component: "Gizmo", _uid: "3" }] },
      { locale: "de-DE", channel: "cards", preview: false, images },
    );
    expect(logged.filter((l) => l.id === "unknown-block")).toHaveLength(1);
  });

  it("keeps unknown and invalid blocks as markers in preview", async () => {
    const body = await prepare("en-GB", "cards", true);
    expect(body.slice(-2)).toEqual([
      { _uid: "x", component: "Carousel3000", _unknown: true, reason: "unknown" },
      { _uid: "bad", component: "Teaser", _unknown: true, reason: "invalid" },
    ]);
  });

  it("shows the catalogue's from-price of the product a block names, and none for a product not sold", async () => {
    const asked: string[] = [];
    const productPrice = async (reference: string) => {
      asked.push(reference);
      if (reference === "no-such-article") throw new Error("No article no-such-article");
      return { current: "£12.99", original: "£15.99", from: true };
    };
    const page = await prepareContent(PAGE, {
      locale: "en-GB",
      channel: "cards",
      preview: false,
      images,
      now: NOW,
      sources: { Teaser: productPrice, SubTeasers: productPrice, Feed: productPrice },
    });
    const body = page.body as unknown as PreparedBlock[];
    expect(body[0]).toMatchObject({
      priceProduct: "calendar",
      price: { current: "£12.99", original: "£15.99", from: true },
    });
    const feed = body.find((b) => b.component === "Feed") as {
      items: { price: unknown }[];
    };
    expect(feed.items.map((i) => i.price)).toEqual([
      expect.objectContaining({ current: "£12.99" }),
      expect.objectContaining({ current: "£12.99" }),
      null,
    ]);
    expect(asked.sort()).toEqual(["calendar", "calendar-1", "calendar-2", "no-such-article"]);
    expect(logged).toContainEqual(
      expect.objectContaining({
        id: "unknown-price-product",
        details: expect.objectContaining({ uid: "f3", reference: "no-such-article" }),
      }),
    );
  });

  it("shows no price without the catalogue, and refuses a typed amount in place of a product", async () => {
    const [teaser] = await prepare("de-CH");
    expect(teaser).toMatchObject({ priceProduct: "calendar", price: null });
    const page = await prepareContent(
      {
        body: [
          {
            component: "Teaser",
            _uid: "typed",
            headline: "Cards",
            image: asset("cards.jpg"),
            priceProduct: "ab 24,99 €",
          },
        ],
      },
      { locale: "de-DE", channel: "cards", preview: false, images, now: NOW },
    );
    expect(page.body[0]).toMatchObject({ priceProduct: null, price: null });
    expect(logged).toContainEqual(
      expect.objectContaining({
        id: "unknown-price-product",
        details: { reference: "ab 24,99 €" },
      }),
    );
  });

  it("localises links and drops unsafe ones", async () => {
    const body = await prepare("fr-CH", "wallart");
    const teaser = body[0] as { cta: { link: unknown }; secondaryCta: unknown };
    expect(teaser.cta.link).toEqual({ href: "/fr/photo-calendar/", external: false });
    expect(teaser.secondaryCta).toBeNull();
    const tiles = body.find((b) => b.component === "SubTeasers") as { items: { link: unknown }[] };
    expect(tiles.items.map((i) => i.link)).toEqual([
      { href: "/fr/photo-calendar/wall/", external: false },
      { href: "/fr/photo-calendar/desk/", external: false },
    ]);
  });

  it("drops a countdown that has already ended and logs it", async () => {
    const page = await prepareContent(PAGE, {
      locale: "en-GB",
      channel: "cards",
      preview: false,
      images,
      now: Date.parse("2027-01-01"),
    });
    expect((page.body[0] as { countdownEndDate: string }).countdownEndDate).toBe("");
    expect(logged).toContainEqual(expect.objectContaining({ id: "countdown-date-in-past" }));
  });

  it("leaves content without a body unchanged", async () => {
    const config = { component: "GlobalConfig", _uid: "c", footer: {} };
    expect(
      await prepareContent(config, { locale: "de-DE", channel: "cards", preview: false, images }),
    ).toBe(config);
  });
});

describe("PageBody", () => {
  it("renders every block of the page", async () => {
    const productPrice = async () => ({ current: "£12.99", original: null, from: true });
    const page = await prepareContent(PAGE, {
      locale: "en-GB",
      channel: "cards",
      preview: false,
      images,
      now: NOW,
      sources: { Teaser: productPrice, SubTeasers: productPrice, Feed: productPrice },
    });
    await render(page.body as unknown as PreparedBlock[]);
    expect($("h1.teaser__title")?.textContent).toBe("Photo calendars 2027");
    expect($(".label-badge")?.textContent).toBe("New");
    expect($(".teaser__price")?.textContent).toContain("from £12.99");
    expect($(".teaser__price")?.getAttribute("data-product")).toBe("calendar");
    expect($(".teaser .button")?.getAttribute("href")).toBe("/photo-calendar");
    expect($$(".teaser .button")).toHaveLength(1);
    expect($("h2.block-headline__title")?.textContent).toBe("Our bestsellers");
    expect($(".block-info[data-variant=warning]")?.getAttribute("aria-label")).toBe("Please note");
    expect($(".block-margin[data-size=large]")).not.toBeNull();
    expect($$(".sub-teasers .sub-teaser__title").map((e) => e.textContent)).toEqual([
      "Wall calendars",
      "Desk calendars",
    ]);
    expect($$(".usp__title").map((e) => e.textContent)).toEqual(["Fast delivery", "Quality"]);
    expect($(".block-photo__caption")?.textContent).toBe("Our studio");
    // The video's and the feed's code load on their own (few pages have them).
    await vi.waitFor(() => expect($("video")?.getAttribute("src")).toBe("/a/cards/film.webm"));
    expect($("video")?.hasAttribute("autoplay")).toBe(false);
    await vi.waitFor(() =>
      expect($$(".feed-item").filter((e) => !e.hasAttribute("hidden"))).toHaveLength(2),
    );
  });

  it("renders a javascript: link in rich text without its href", async () => {
    await render(await prepare("en-GB"));
    const link = [...container.querySelectorAll(".block-text a")].find(
      (a) => a.textContent === "delivery times",
    );
    expect(link).toBeDefined();
    expect(link?.hasAttribute("href")).toBe(false);
  });

  it("shows the countdown while the campaign runs", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      await render(await prepare("en-GB"));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
      const countdown = $(".teaser__countdown");
      expect(countdown?.textContent).toContain("Order for Christmas in");
      expect(countdown?.textContent).toContain("25 days");
    } finally {
      vi.useRealTimers();
    }
  });

  it("reveals more feed items and moves focus to the first new one", async () => {
    await render(await prepare("en-GB"));
    expect($(".feed__count")?.textContent).toBe("2 of 3 products");
    const button = [...container.querySelectorAll(".feed button")][0] as HTMLButtonElement;
    await act(async () => button.click());
    await vi.waitFor(() => expect(document.activeElement?.textContent).toContain("Calendar 3"));
    expect($(".feed__count")?.textContent).toBe("3 of 3 products");
    expect($(".feed button")).toBeNull();
  });

  it("logs a video that fails and shows its poster instead", async () => {
    await render(await prepare("en-GB"));
    await act(async () => $("video")?.dispatchEvent(new Event("error")));
    expect(logged).toContainEqual(
      expect.objectContaining({ id: "teaser-hero-video-failed-to-load" }),
    );
    expect($("video")).toBeNull();
    expect($(".block-video img")?.getAttribute("alt")).toBe("Our studio");
  });

  it("logs a failing video once, though it reports the failure twice before the poster replaces it", async () => {
    await render(await prepare("en-GB"));
    const video = await vi.waitFor(() => {
      const found = $("video");
      if (!found) throw new Error("the video's code has not arrived");
      return found;
    });
    await act(async () => {
      video.dispatchEvent(new Event("error"));
      video.dispatchEvent(new Event("error"));
    });
    expect(logged.filter((entry) => entry.id === "teaser-hero-video-failed-to-load")).toHaveLength(
      1,
    );
  });

  it("shows an editor the marker of an unknown block in preview", async () => {
    await render(await prepare("en-GB", "cards", true));
    expect($$(".block-unknown").map((e) => e.textContent)).toEqual([
      "Unknown block “Carousel3000” – visitors do not see it.",
      "Unknown block “Teaser” – visitors do not see it.",
    ]);
  });

  it("logs a block it does not know once and renders nothing for it", async () => {
    await render([
      { _uid: "z", component: "Mystery" },
      { _uid: "z2", component: "Mystery" },
    ]);
    expect($(".page-body")?.children).toHaveLength(0);
    expect(logged.filter((l) => l.id === "unknown-block")).toEqual([
      { id: "unknown-block", details: { component: "Mystery" } },
    ]);
  });
});
