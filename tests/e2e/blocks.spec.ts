/**
 * The content blocks as a visitor sees them on the seed pages (content/BLOCKS.md): the
 * image component, the countdown, localised links and prices, the feed, the video, rich
 * text safety and unknown blocks. That every seed page renders is checked page by page
 * over HTTP in content.spec.ts, which also opens a sample of them in the browser with axe.
 */
import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { CARDS_SPACE, expect, publishCardsPage, test, url } from "./fixtures";

const CARDS_PREVIEW_TOKEN = process.env.CONTENT_CARDS_PREVIEW_TOKEN ?? "e2e-cards-preview-token";

/** The query of a signed visual-editor preview of the cards space (Storyblok's signature). */
function previewQuery(): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const token = createHash("sha1")
    .update(`${CARDS_SPACE}:${CARDS_PREVIEW_TOKEN}:${timestamp}`)
    .digest("hex");
  return `?_storyblok=1&_storyblok_tk[space_id]=${CARDS_SPACE}&_storyblok_tk[timestamp]=${timestamp}&_storyblok_tk[token]=${token}`;
}

const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const linked = (text: string, href: string) => ({
  type: "text",
  text,
  marks: [
    { type: "link", attrs: { href, linktype: "url", uuid: null, anchor: null, target: null } },
  ],
});

/** Removes the expected console errors of a test (logged on purpose) from the fixture's list. */
function expectLogged(errors: string[], id: string) {
  const index = errors.findIndex((text) => text.includes(id));
  expect(index, `${id} logged in the console`).toBeGreaterThanOrEqual(0);
  errors.splice(index, 1);
}

const heroImage = (page: Page) => page.locator(".teaser").first().locator("img");

// The cards home page as it loads: one visit checks the hero, the countdown and the video
// before and after it nears the screen (nothing above scrolls before the video's checks).
test("the cards home page: the hero loads eagerly with densities 1 and 2 and fixed dimensions; the teaser countdown ticks every second, pauses while the tab is hidden and resyncs when visible; the video loads and is drawn only once it nears the screen, in the place kept for it, then plays muted and looped with its poster, never on its own with sound", async ({
  page,
  shop,
}) => {
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".webm")) videoRequests.push(request.url());
  });
  await shop.visit(url("cards", "/"));
  const img = heroImage(page);
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await expect(img).toHaveAttribute("width", "1200");
  await expect(img).toHaveAttribute("height", "500");
  await expect(img).toHaveAttribute(
    "srcset",
    "/_img/1200x500/a/cards/hero-christmas-cards.jpg 1x, /_img/2400x1000/a/cards/hero-christmas-cards.jpg 2x",
  );
  await expect(page.locator(".teaser .image").first()).toHaveAttribute("data-state", "loaded");
  // The tiles further down wait until they are needed.
  await expect(page.locator(".sub-teasers img").first()).toHaveAttribute("loading", "lazy");

  // The teaser countdown.
  const countdown = page.locator(".teaser__countdown");
  await expect(countdown).toHaveAttribute("data-status", "running");
  const seconds = countdown.locator(".countdown__unit").last().locator(".countdown__value");
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first ?? "", { timeout: 3000 });
  await expect(countdown.locator(".countdown__name").first()).toHaveText(/Tage?|Stunden?/);

  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);
  await setHidden(true);
  await expect(countdown).toHaveAttribute("data-status", "paused");
  const paused = await seconds.textContent();
  await page.waitForTimeout(1500);
  await expect(seconds).toHaveText(paused ?? "");
  await setHidden(false);
  await expect(countdown).toHaveAttribute("data-status", "running");

  // The video: nothing loaded and nothing drawn until it nears the screen, so the first
  // images load first.
  await page.waitForLoadState("networkidle");
  expect(videoRequests).toEqual([]);
  const frame = page.locator(".block-video__frame");
  const video = frame.locator("video");
  // The browser's own controls are costly to draw; far below the screen they are skipped.
  const drawn = () => video.evaluate((v) => v.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn()).toBe(false);
  const before = await frame.boundingBox();
  expect(before!.height).toBeCloseTo((before!.width * 9) / 16, 0);
  await frame.scrollIntoViewIfNeeded();
  await expect.poll(drawn).toBe(true);
  const after = await frame.boundingBox();
  expect(after!.height).toBeCloseTo(before!.height, 1);
  await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
  // The poster is a lazily loaded image under the video, not the attribute a browser
  // would fetch at once, before the page's first images.
  await expect(video).not.toHaveAttribute("poster", /.*/);
  const poster = page.locator(".block-video__frame img");
  await expect(poster).toHaveAttribute("src", /^\/_img\/960x540\/a\/cards\/hero-studio\.jpg$/);
  await expect(poster).toHaveAttribute("loading", "lazy");
  await expect(video).not.toHaveAttribute("autoplay", /.*/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.loop))
    .toBe(true);
});

test("the cards home page with images and the video held back or failing: a tile shows the blurred 10x10 placeholder until it has loaded, a failed hero image a grey box, and a failed video is logged and shows its poster", async ({
  page,
  shop,
}) => {
  // Hold the tile images back so they stay in their loading state; the hero image and the
  // video fail.
  await page.route(/\/_img\/300x300\//, () => undefined);
  await page.route(/\/_img\/1200x500\//, (route) => route.fulfill({ status: 404, body: "" }));
  await page.route("**/a/cards/brand-film.webm", (route) =>
    route.fulfill({ status: 404, body: "" }),
  );
  await shop.visit(url("cards", "/"));
  const box = page.locator(".teaser .image").first();
  await expect(box).toHaveAttribute("data-state", "error");
  await expect(box.locator("img")).toHaveCSS("visibility", "hidden");
  await expect(box).toHaveCSS("background-color", "rgb(217, 217, 217)");
  const tile = page.locator(".sub-teasers[data-variant=tiles] .image").first();
  await tile.scrollIntoViewIfNeeded();
  await expect(tile).toHaveAttribute("data-state", "loading");
  await expect(tile).toHaveAttribute(
    "style",
    /\/_img\/10x10\/filters:quality\(50\):blur\(3\)\/a\/cards\//,
  );
  const frame = page.locator(".block-video__frame");
  await frame.scrollIntoViewIfNeeded();
  await frame.locator("video").evaluate((v: HTMLVideoElement) => v.load());
  await expect(frame.locator("img")).toBeVisible();
  await expect(frame.locator(".block-video__fallback")).toBeVisible();
  expectLogged(shop.consoleErrors, "teaser-hero-video-failed-to-load");
});

test.describe("image component", () => {
  test("the wall-art home page loads its hero image eagerly, first, without a placeholder", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart", "/"));
    await expect(heroImage(page)).toHaveAttribute("loading", "eager");
    await expect(heroImage(page)).toHaveAttribute("fetchpriority", "high");
    await expect(page.locator(".teaser .image").first()).not.toHaveAttribute(
      "style",
      /\/_img\/10x10\//,
    );
  });

  test("a phone gets the 4:3 crop at its own width, at twice the density", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(url("cards", "/"));
    const img = heroImage(page);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toContain("/_img/960x720/");
    const box = await img.boundingBox();
    expect(box && Math.round((box.width / box.height) * 100) / 100).toBeCloseTo(4 / 3, 1);
    await context.close();
  });
});

test.describe("links and prices follow the locale", () => {
  test("fr-CH shows the French pages through their fallback, with Swiss prices and prefixed links", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("ch.cards", "/fr/"));
    await expect(page.locator(".teaser__title").first()).toHaveText(
      "Des cartes de Noël avec vos plus beaux souvenirs",
    );
    // The teaser's from-price is the catalogue's for its product, in francs as Switzerland
    // writes them.
    await expect(page.locator(".teaser__price").first()).toHaveText(
      /^à partir de \d+\.\d\d\u00a0CHF$/,
    );
    const tiles = page.locator(".sub-teasers[data-variant=tiles] a");
    await expect(tiles.first()).toHaveAttribute("href", "/fr/cartes");
    for (const price of await page.locator(".price-tag").allTextContents())
      expect(price).toContain("CHF");
  });

  test("en-US shows its own pages with prices in dollars", async ({ page, shop }) => {
    await shop.visit(url("us.cards", "/photo-calendar"));
    await expect(page.locator("h1")).toHaveText("Photo calendars 2027");
    const prices = await page.locator(".price-tag").allTextContents();
    expect(prices.length).toBeGreaterThan(5);
    for (const price of prices) expect(price).toMatch(/\$\d/);
  });
});

test.describe("feed", () => {
  test("shows eight products and reveals the rest with the keyboard, moving focus to the first new one", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("cards", "/fotokalender"));
    const items = page.locator(".feed-item");
    await expect(items).toHaveCount(10);
    await expect(page.locator(".feed-item:visible")).toHaveCount(8);
    await expect(page.locator(".feed__count")).toHaveText("8 von 10 Produkten");
    const more = page.locator(".feed").getByRole("button", { name: "Mehr anzeigen" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".feed-item:visible")).toHaveCount(10);
    await expect(page.locator(".feed-item").nth(8).locator("a")).toBeFocused();
    await expect(more).toHaveCount(0);
    await expect(page.locator(".feed-item").nth(1)).toContainText(/\d+,\d\d\u00a0€/);
    await shop.expectAccessible();
  });
});

test.describe("video block", () => {
  test("stays still for a visitor who asks for reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(url("wallart", "/"));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const video = page.locator(".block-video video");
    await video.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await context.close();
  });
});

test.describe("rich text and unknown blocks", () => {
  test("a javascript: link renders without its href; safe links keep theirs", async ({
    page,
    request,
    shop,
  }) => {
    const path = await publishCardsPage(request, "e2e-rich-text", {
      body: [
        { component: "Headline", _uid: "h1", text: "Links im Text", level: 1 },
        {
          component: "Text",
          _uid: "t1",
          text: {
            type: "doc",
            content: [
              paragraph(linked("Gefährlich", "javascript:alert(document.cookie)")),
              paragraph(
                linked("Fotokalender", "/fotokalender"),
                { type: "text", text: " und " },
                linked("Anrufen", "tel:+493025558800"),
              ),
            ],
          },
        },
      ],
    });
    await shop.visit(url("cards", path));
    const bad = page.locator(".rich-text a", { hasText: "Gefährlich" });
    await expect(bad).toHaveCount(1);
    expect(await bad.getAttribute("href")).toBeNull();
    await expect(page.locator(".rich-text a", { hasText: "Fotokalender" })).toHaveAttribute(
      "href",
      "/fotokalender",
    );
    await expect(page.locator(".rich-text a", { hasText: "Anrufen" })).toHaveAttribute(
      "href",
      "tel:+493025558800",
    );
    // An internal link in rich text navigates inside the app.
    await page.locator(".rich-text a", { hasText: "Fotokalender" }).click();
    await expect(page).toHaveURL(/\/fotokalender$/);
    await expect(page.locator("h1")).toHaveText("Fotokalender 2027");
  });

  test("an unknown block is skipped for visitors and marked for editors in preview", async ({
    page,
    request,
    shop,
  }) => {
    const path = await publishCardsPage(request, "e2e-unknown-block", {
      body: [
        { component: "Headline", _uid: "h1", text: "Mit unbekanntem Block", level: 1 },
        { component: "HoloDeck", _uid: "x1" },
      ],
    });
    await shop.visit(url("cards", path));
    await expect(page.locator("h1")).toHaveText("Mit unbekanntem Block");
    await expect(page.locator(".block-unknown")).toHaveCount(0);

    await shop.visit(url("cards", `${path}${previewQuery()}`));
    await expect(page.locator(".block-unknown")).toHaveText(
      "Unbekannter Block „HoloDeck“ – Besucher sehen ihn nicht.",
    );
  });

  test("the service page renders its table and contact links", async ({ page, shop }) => {
    await shop.visit(url("cards", "/service/versand"));
    await expect(page.locator(".rich-text table th").first()).toHaveText("Produkt");
    await expect(page.locator(".rich-text table tbody tr")).toHaveCount(4);
    await expect(
      page.locator('.rich-text a[href="mailto:service@cardelia.example"]'),
    ).toBeVisible();
    await expect(page.locator(".block-info[data-variant=warning]")).toContainText("17. Dezember");
  });
});
