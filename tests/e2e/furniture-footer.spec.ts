/**
 * The footer at 375 px and 1280 px, the reviews carousel (and the shop's own reviews page
 * its links lead to) and a page's footer override.
 */
import type { Page } from "@playwright/test";
import { contentSecurityPolicy } from "../../server/middleware/security";
import { expect, publishCardsPage, test, url } from "./fixtures";
import { PHONE, DESKTOP, acceptCookies, expand, scrollToFooter } from "./furniture.helpers";

/** The footer's four lists, payment logos and copyright line, scrolled into view. */
async function footerOf(page: Page) {
  const footer = page.getByRole("contentinfo");
  await scrollToFooter(page);
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.locator(".footer-list")).toHaveCount(4);
  await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  const logo = footer.locator(".payment-methods img").first();
  await expect(logo).toHaveAttribute("width", "73");
  await expect(logo).toHaveAttribute("height", "32");
  return footer;
}

/** The SEO text expands once with view-more and stays expanded. */
async function expectSeoTextExpands(page: Page) {
  await scrollToFooter(page);
  await page.locator(".seo-text").scrollIntoViewIfNeeded();
  const more = page.getByRole("button", { name: "Mehr anzeigen" });
  const body = page.locator(".seo-text__body");
  const collapsed = await body.evaluate((el) => el.clientHeight);
  await more.click();
  await expect(more).toHaveCount(0);
  expect(await body.evaluate((el) => el.clientHeight)).toBeGreaterThan(collapsed);
}

test.describe(`footer at ${PHONE.width} px`, () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("localhost: lists and tiles collapse, the first open; the SEO text expands once with view-more and stays expanded", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost"));
    const footer = await footerOf(page);
    const popular = footer.getByRole("heading", { name: "Beliebte Produkte" });
    const company = footer.getByRole("heading", { name: "Unternehmen" });
    await expect(popular.getByRole("button")).toHaveAttribute("aria-expanded", "true");
    await expect(company.getByRole("button")).toHaveAttribute("aria-expanded", "false");
    await expect(footer.locator(".footer-list").nth(3).getByRole("link").first()).toBeHidden();
    await expand(company.getByRole("button"));
    await expect(footer.locator(".footer-list").nth(3).getByRole("link").first()).toBeVisible();
    const tiles = footer.locator(".communication-tile");
    await expect(tiles.first().getByRole("button")).toHaveAttribute("aria-expanded", "true");
    await expect(tiles.nth(1).getByRole("button")).toHaveAttribute("aria-expanded", "false");
    await expand(tiles.nth(1).getByRole("button"));
    await expect(tiles.nth(1).getByRole("link")).toBeVisible();
    // Boxes: customer service, awards and social media start open (no brand has an app
    // configured, so neither shows the app links box).
    const boxes = await footer
      .locator(".footer-box")
      .evaluateAll((list) =>
        Object.fromEntries(
          list.map((box) => [
            [...box.classList].find((c) => c.startsWith("footer-box--"))?.slice(12),
            box.querySelector(".collapsible__toggle")?.getAttribute("aria-expanded"),
          ]),
        ),
      );
    expect(boxes).toEqual({
      about: "false",
      awards: "true",
      customerService: "true",
      international: "false",
      socialMedia: "true",
    });
    await expectSeoTextExpands(page);
  });
});

test.describe(`footer at ${DESKTOP.width} px`, () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("wallart: lists and tiles are all open", async ({ page, shop }) => {
    await shop.visit(url("wallart"));
    const footer = await footerOf(page);
    const popular = footer.getByRole("heading", { name: "Beliebte Produkte" });
    await expect(popular.getByRole("button")).toHaveCount(0);
    await expect(footer.locator(".footer-list").nth(3).getByRole("link").first()).toBeVisible();
    await expect(footer.locator(".communication-tile").nth(2).getByRole("link")).toBeVisible();
    await expect(footer.locator(".footer-box--about").getByRole("link").first()).toBeVisible();
  });
});
test.describe("reviews carousel", () => {
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("at 1280 px: groups of three, buttons and dots, a mouse drag moves; its style element carries the nonce: under the policy of a shop without third parties nothing is refused; the SEO text expands once; a review's link leads to its place on the shop's own reviews page, which axe finds clean", async ({
    page,
    shop,
  }) => {
    // The test server configures third parties, whose loaders need inline style elements;
    // here the page gets the policy it would have without them, with its own nonce. A
    // session cookie has the page rendered for this request, not taken from the page cache.
    await page.route(url("localhost"), async (route) => {
      const response = await route.fetch({
        headers: { ...route.request().headers(), cookie: "shop_session=not-logged-in" },
      });
      const nonce = /'nonce-([^']+)'/.exec(
        response.headers()["content-security-policy"] ?? "",
      )?.[1];
      if (!nonce) throw new Error("no nonce");
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          "content-security-policy": contentSecurityPolicy(nonce, false),
        },
      });
    });
    await page.setViewportSize(DESKTOP);
    await shop.visit(url("localhost"));
    await expectSeoTextExpands(page);
    const carousel = page.getByRole("region", { name: "Das sagen unsere Kundinnen und Kunden" });
    await carousel.scrollIntoViewIfNeeded();
    // Three reviews per view at 1280 px come from the carousel's own style element; the
    // shop fixture fails the test on any console error, a refused style among them.
    await expect(carousel.locator(".carousel__track")).toHaveCSS("--per-view", "3");
    const dots = carousel.locator(".carousel__dot");
    await expect(dots).toHaveCount(2);
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await carousel.getByRole("button", { name: "Nächste" }).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await carousel.getByRole("button", { name: "Vorherige" }).click();
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    // A review repeating its title shows no text.
    await expect(
      carousel.getByRole("group", { name: "2 von 5" }).locator(".review__text"),
    ).toHaveCount(0);

    const box = await carousel.locator(".carousel__viewport").boundingBox();
    if (!box) throw new Error("no carousel");
    const y = box.y + box.height / 2;
    // Mostly vertical: no swipe.
    await page.mouse.move(box.x + 600, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 540, y + 40, { steps: 5 });
    await page.mouse.up();
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    // Horizontal beyond 50 px and three times the vertical: the next group.
    await page.mouse.move(box.x + 600, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 480, y + 10, { steps: 5 });
    await page.mouse.up();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");

    // Back to the first group, whose first review's link leads to the reviews page.
    await carousel.getByRole("button", { name: "Vorherige" }).click();
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await carousel
      .getByRole("link", { name: /^Bewertung lesen\s*: Wunderschöne Hochzeitskarten$/ })
      .click();
    await expect(page).toHaveURL(url("localhost", "/bewertungen#review-cards-de-de-1"));
    await expect(page).toHaveTitle("Kundenbewertungen | Cardelia");
    const review = page.locator("#review-cards-de-de-1");
    await expect(
      review.getByRole("heading", { name: "Wunderschöne Hochzeitskarten" }),
    ).toBeVisible();
    await expect(review).toBeInViewport();
    await expect(page.getByRole("img", { name: "5 von 5 Sternen" }).first()).toBeVisible();
    await shop.expectAccessible();
    // The block's own link names the whole list.
    await scrollToFooter(page);
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Alle Bewertungen" }),
    ).toHaveAttribute("href", "/bewertungen");
  });

  test("at 375 px: one review per view, a swipe over 50 px moves", async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await acceptCookies(context);
    const page = await context.newPage();
    await page.goto(url("wallart"));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const carousel = page.getByRole("region", { name: "Das sagen unsere Kundinnen und Kunden" });
    await scrollToFooter(page);
    await carousel.scrollIntoViewIfNeeded();
    const dots = carousel.locator(".carousel__dot");
    await expect(dots).toHaveCount(5);
    const viewport = carousel.locator(".carousel__viewport");
    const swipe = async (dx: number) => {
      const box = await viewport.boundingBox();
      if (!box) throw new Error("no carousel");
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await viewport.dispatchEvent("pointerdown", {
        pointerType: "touch",
        clientX: x,
        clientY: y,
        isPrimary: true,
      });
      await viewport.dispatchEvent("pointermove", {
        pointerType: "touch",
        clientX: x + dx / 2,
        clientY: y,
        isPrimary: true,
      });
      await viewport.dispatchEvent("pointerup", {
        pointerType: "touch",
        clientX: x + dx,
        clientY: y,
        isPrimary: true,
      });
    };
    await swipe(-40);
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await swipe(-80);
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await swipe(80);
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    // Infinite: back from the first review is the last.
    await swipe(80);
    await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
    await context.close();
  });
});
test.describe("a page's footer override", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("replaces the link box and the SEO text", async ({ page, shop, request }) => {
    const path = await publishCardsPage(request, `footer-override-${Date.now()}`, {
      footerOverride: {
        linkbox: [
          {
            headline: "Nur auf dieser Seite",
            links: [{ text: "Sonderaktion", link: { url: "/fotobuch", linktype: "url" } }],
          },
        ],
        seoViewMore: { headline: "Eigener SEO-Text", text: "<p>Dieser Text gehört der Seite.</p>" },
      },
    });
    await shop.visit(url("localhost", path));
    const footer = page.getByRole("contentinfo");
    await scrollToFooter(page);
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.locator(".footer-list")).toHaveCount(1);
    await expect(footer.getByRole("heading", { name: "Nur auf dieser Seite" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Sonderaktion" })).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Beliebte Produkte" })).toHaveCount(0);
    await expect(footer.locator(".seo-text")).toContainText("Dieser Text gehört der Seite.");
    await expect(footer.locator(".seo-text")).not.toContainText("Bei Cardelia gestalten");
    // Everything else stays the site's.
    await expect(footer.locator(".payment-methods img")).not.toHaveCount(0);
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  });
});
