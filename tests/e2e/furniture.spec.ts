/**
 * The site furniture (issue 4): header, main navigation with flyouts, burger navigation,
 * sub-navigation, action bar, footer, reviews carousel, dialogs, help chat, back-to-top,
 * app banner, cookie consent and the error page — at 375 px and 1280 px, in both brands.
 */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, publishCardsPage, test, url, PORT, STANDIN_HOSTS } from "./fixtures";

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

/** The flyout image widths by flyout type (wandbilder without the A/B variant). */
const FLYOUT_WIDTHS: Record<string, number[]> = {
  calendar: [130],
  accessories: [130],
  card: [130, 80],
  collage: [130],
  frame: [150, 48, 60],
  photobook: [170, 153, 73],
  wandbilder: [150],
};

/** The consent cookie's value as the page stores it. */
async function consentCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies(page.url());
  const value = cookies.find((cookie) => cookie.name === "shop_consent")?.value;
  return value === undefined ? undefined : decodeURIComponent(value);
}

/** Visitors who already chose their cookies see no consent banner. */
async function acceptCookies(context: BrowserContext) {
  for (const host of [
    "localhost",
    "wallart.localhost",
    "ch.cards.localhost",
    "fr.wallart.localhost",
    "us.wallart.localhost",
  ]) {
    await context.addCookies([
      { name: "shop_consent", value: "v1:f0a0m0", url: `http://${host}:${PORT}/` },
    ]);
  }
}

/**
 * Opens a footer disclosure with one click. The footer's HTML is in the page from the
 * start (nothing is revealed later), so the button stays where it is while it is clicked.
 */
async function expand(button: Locator) {
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}

/** Scrolls to the end of the page, as a shopper reaching the footer would. */
async function scrollToFooter(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("contentinfo")).toBeAttached();
}

async function scrollY(page: Page) {
  return page.evaluate(() => window.scrollY);
}

test.describe("header and main navigation at 1280 px", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  for (const [host, current, other] of [
    ["localhost", "Karten & Fotogeschenke", "Wandbilder"],
    ["wallart", "Wandbilder", "Karten & Fotogeschenke"],
  ] as const) {
    test(`the ${host} header shows the shops, service items, account and cart`, async ({
      page,
      shop,
    }) => {
      await shop.visit(url(host));
      const shops = page.getByRole("navigation", { name: "Unsere Shops" });
      await expect(shops.getByRole("link", { name: current })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(shops.getByRole("link", { name: other })).toHaveAttribute(
        "href",
        /^http:\/\/.*localhost:\d+\/$/,
      );
      await expect(page.getByRole("link", { name: /Hotline \+49/ })).toHaveAttribute(
        "href",
        /^tel:\+49/,
      );
      await expect(page.getByRole("link", { name: "Magazin" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Hilfe & Service" })).toBeVisible();
      await expect(
        page.getByRole("link", { name: /^Warenkorb\s*, 0 Artikel im Warenkorb$/ }),
      ).toBeVisible();
      // Burger-only items stay out of the bar.
      const bar = page.getByRole("navigation", { name: "Hauptnavigation" });
      await expect(bar.getByRole("link", { name: /Gäste- & Kondolenzbücher|Apps/ })).toHaveCount(0);
    });
  }

  test("a card flyout opens on hover, follows the hovered occasion and closes on leave", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost"));
    const item = page.locator(".main-nav__item", { hasText: "Karten" }).first();
    await item.getByRole("link", { name: "Karten" }).hover();
    const flyout = page.getByRole("region", { name: "Karten", exact: true });
    await expect(flyout).toBeVisible();
    await expect(flyout.getByText("Anlässe")).toBeVisible();
    await expect(flyout.getByText("Geburtstagskarten")).toBeVisible();
    await flyout.getByRole("link", { name: "Hochzeit" }).first().hover();
    await expect(flyout.getByText("Hochzeitskarten")).toBeVisible();
    await expect(flyout.getByRole("link", { name: "Save the Date" })).toBeVisible();
    await expect(flyout.getByText("Weitere Kategorien")).toBeVisible();
    await page.mouse.move(640, 5);
    await expect(flyout).toHaveCount(0);
  });

  test("the wall-art frame flyout has its upper row, colours, other frames and more", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart"));
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Bilderrahmen" })
      .hover();
    const flyout = page.getByRole("region", { name: "Bilderrahmen", exact: true });
    await expect(flyout.locator(".flyout__upper .flyout-group")).toHaveCount(3);
    await expect(flyout.getByText("Rahmenfarben")).toBeVisible();
    const swatch = flyout.locator(".flyout-group--swatches img").first();
    await expect(swatch).toHaveAttribute("width", "48");
    await expect(flyout.getByText("Weitere Rahmen")).toBeVisible();
    await shop.expectAccessible();
  });

  test("a flyout works by keyboard: toggle, move in, Escape returns focus", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost"));
    const toggle = page.getByRole("button", { name: "Untermenü Fotobücher" });
    await toggle.focus();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const flyout = page.getByRole("region", { name: "Fotobücher", exact: true });
    await expect(flyout.getByText("Fotobuch-Arten")).toBeVisible();
    await expect(flyout.locator("img").first()).toHaveAttribute("width", "170");
    await shop.expectAccessible();
    await page.keyboard.press("Tab");
    await expect(flyout.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(flyout).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  for (const [host, flyouts] of [
    [
      "localhost",
      {
        Karten: "card",
        Kalender: "calendar",
        Fotobücher: "photobook",
        Collagen: "collage",
        Zubehör: "accessories",
      },
    ],
    [
      "wallart",
      {
        Wandbilder: "wandbilder",
        Bilderrahmen: "frame",
        Collagen: "collage",
        Zubehör: "accessories",
      },
    ],
  ] as const) {
    test(`${host}: every flyout opens in its layout with the image widths`, async ({
      page,
      shop,
    }) => {
      await shop.visit(url(host));
      const bar = page.getByRole("navigation", { name: "Hauptnavigation" });
      for (const [name, type] of Object.entries(flyouts)) {
        await bar.getByRole("link", { name, exact: true }).hover();
        const flyout = page.getByRole("region", { name, exact: true });
        await expect(flyout).toHaveAttribute("data-flyout", type);
        const widths = await flyout
          .locator("img")
          .evaluateAll((images) => images.map((img) => Number(img.getAttribute("width"))));
        expect(widths.length, `${name} has images`).toBeGreaterThan(0);
        for (const width of widths) expect(FLYOUT_WIDTHS[type], name).toContain(width);
      }
    });
  }

  test("a subNaviOnly item opens no flyout", async ({ page, shop }) => {
    await shop.visit(url("wallart"));
    const item = page.locator(".main-nav__item", {
      has: page.getByRole("link", { name: "Leinwand", exact: true }),
    });
    await item.getByRole("link").hover();
    await page.waitForTimeout(300);
    await expect(page.locator(".flyout")).toHaveCount(0);
    await expect(item.getByRole("button")).toHaveCount(0);
  });

  test("a route change closes the flyout and the page's activeNavigation selects its item", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost"));
    const link = page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Kalender", exact: true });
    await link.hover();
    const flyout = page.getByRole("region", { name: "Kalender", exact: true });
    await expect(flyout).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(url("localhost", "/fotokalender"));
    await expect(flyout).toHaveCount(0);
    await expect(link).toHaveAttribute("aria-current", "page");
  });

  test("a page transition to a new path scrolls smoothly to the top", async ({ page, shop }) => {
    await shop.visit(url("localhost"));
    await page.evaluate(() => window.scrollTo(0, 1200));
    // Clicked where it is, without scrolling to it first.
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Fotobücher" })
      .evaluate((el) => (el as HTMLElement).click());
    await expect(page).toHaveURL(url("localhost", "/fotobuch"));
    const midway = await scrollY(page);
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(midway).toBeGreaterThan(0);
  });
});

test.describe("scrolling after page transitions", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("a query-only change between product lists keeps the position", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/products"));
    await page.evaluate(() => {
      document.body.style.minHeight = "5000px";
      window.scrollTo(0, 600);
    });
    // flushSync: the promise settles once the page is committed, so nothing the test does
    // next races the page's own scrolling (navigate alone settles before React renders).
    const navigate = (to: string) =>
      page.evaluate((target) => {
        const router = (
          window as unknown as {
            __reactRouterDataRouter: {
              navigate(to: string, options: { flushSync: boolean }): Promise<void>;
            };
          }
        ).__reactRouterDataRouter;
        return router.navigate(target, { flushSync: true });
      }, to);
    await navigate("/vorkonfigurator-kalender?sort=created");
    await expect(page).toHaveURL(url("localhost", "/vorkonfigurator-kalender?sort=created"));
    // A new path glides to the top; the visitor scrolls down again once it has arrived.
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.evaluate(() => (document.body.style.minHeight = "5000px"));
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => scrollY(page)).toBe(600);
    await navigate("/vorkonfigurator-kalender?sort=popularity");
    await expect(page).toHaveURL(url("localhost", "/vorkonfigurator-kalender?sort=popularity"));
    // Kept (the browser's scroll anchoring may shift it by a pixel or two), not reset to 0.
    expect(Math.abs((await scrollY(page)) - 600)).toBeLessThan(10);
  });
});

test.describe("the main navigation at 375 px", () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("scrolls sideways with its buttons only while it overflows", async ({ page, shop }) => {
    await shop.visit(url("localhost"));
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    await expect(nav.getByRole("button", { name: "Navigation nach links blättern" })).toHaveCount(
      0,
    );
    await nav.getByRole("button", { name: "Navigation nach rechts blättern" }).click();
    await expect(nav.getByRole("button", { name: "Navigation nach links blättern" })).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await expect(
      nav.getByRole("button", { name: /Navigation nach (links|rechts) blättern/ }),
    ).toHaveCount(0);
  });
});

test.describe("the main navigation on a touch device", () => {
  test("shows no flyouts, neither on touch nor by its toggles", async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP, hasTouch: true });
    await acceptCookies(context);
    const page = await context.newPage();
    await page.goto(url("localhost"));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const link = page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Kalender", exact: true });
    const over = (pointerType: string) =>
      link.dispatchEvent("pointerover", { pointerType, bubbles: true, isPrimary: true });
    await over("touch");
    await page.waitForTimeout(300);
    await expect(page.locator(".flyout")).toHaveCount(0);
    // The disclosure toggles are hidden on touch screens, and a tap on one does nothing.
    const toggle = page.locator('.main-nav__toggle[aria-label="Untermenü Kalender"]');
    await expect(toggle).toBeHidden();
    await toggle.evaluate((el) =>
      el.dispatchEvent(new PointerEvent("click", { pointerType: "touch", bubbles: true })),
    );
    await page.waitForTimeout(300);
    await expect(page.locator(".flyout")).toHaveCount(0);
    // The same bar opens the flyout for a mouse.
    await over("mouse");
    await expect(page.getByRole("region", { name: "Kalender", exact: true })).toBeVisible();
    await context.close();
  });
});

test.describe("burger navigation at 375 px", () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("three levels, the primary scroll position restored, closing resets it", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost"));
    const open = page.getByRole("button", { name: "Menü", exact: true });
    await open.click();
    const menu = page.getByRole("dialog", { name: "Menü" });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      "hidden",
    );
    await shop.expectAccessible();
    await expect(menu.getByRole("link", { name: /^\+49 30 2555 8800$/ })).toHaveAttribute(
      "href",
      "tel:+493025558800",
    );

    // Three levels: primary → secondary → tertiary and back.
    await menu.getByRole("button", { name: "Karten öffnen" }).click();
    await expect(menu.getByText("Karten", { exact: true })).toBeFocused();
    await menu.getByRole("button", { name: "Hochzeit öffnen" }).click();
    await expect(menu.getByRole("link", { name: "Save the Date" })).toBeVisible();
    await menu.getByRole("button", { name: "Zurück" }).click();
    await menu.getByRole("button", { name: "Zurück" }).click();

    // The primary list's scroll position is kept while a deeper level is shown.
    const body = menu.locator(".burger__body");
    await body.evaluate((el) => (el.scrollTop = 120));
    await menu.getByRole("button", { name: "Fotobücher öffnen" }).click();
    await expect(body).toHaveJSProperty("scrollTop", 0);
    await menu.getByRole("button", { name: "Zurück" }).click();
    await expect(menu.getByRole("button", { name: "Karten öffnen" })).toBeAttached();
    expect(await body.evaluate((el) => el.scrollTop)).toBe(120);

    // Accordions: one open at a time.
    const calendars = menu.getByRole("button", { name: "Kalender", exact: true });
    const collages = menu.getByRole("button", { name: "Collagen", exact: true });
    await calendars.click();
    await expect(calendars).toHaveAttribute("aria-expanded", "true");
    await collages.click();
    await expect(collages).toHaveAttribute("aria-expanded", "true");
    await expect(calendars).toHaveAttribute("aria-expanded", "false");

    await menu.getByRole("button", { name: "Schließen" }).click();
    await expect(menu).toHaveCount(0);
    await expect(open).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      "hidden",
    );
    await open.click();
    await expect(menu.getByRole("button", { name: "Kalender", exact: true })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
  });

  test("closes when the viewport reaches 1000 px", async ({ page, shop }) => {
    await shop.visit(url("wallart"));
    await page.getByRole("button", { name: "Menü", exact: true }).click();
    const menu = page.getByRole("dialog", { name: "Menü" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("button", { name: "Wandbilder öffnen" })).toBeVisible();
    await shop.expectAccessible();
    // The wall-art menu groups wait for their feature flag, which is off.
    await expect(menu.getByTestId("wallart-groups")).toHaveCount(0);
    await page.setViewportSize({ width: 999, height: 800 });
    await expect(menu).toBeVisible();
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(menu).toHaveCount(0);
  });
});

test.describe("sub-navigation", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("a page under an always-shown item gets its strip with the tile sizes", async ({ page }) => {
    await page.goto(url("wallart", "/leinwand/"));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const strip = page.getByRole("navigation", { name: "Kategorien Leinwand" });
    const axe = await new AxeBuilder({ page }).include(".sub-nav").analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await expect(strip.getByText("Formate")).toBeVisible();
    await expect(strip.locator(".sub-nav__tile--square-image img").first()).toHaveAttribute(
      "width",
      "110",
    );
    await expect(strip.locator(".sub-nav__tile--circle img").first()).toHaveAttribute(
      "width",
      "76",
    );
    await page.goto(url("wallart", "/leinwand/?format=portrait"));
    await expect(strip.getByRole("link", { name: "Hochformat" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("a page without an active navigation has no strip", async ({ page, shop }) => {
    await shop.visit(url("wallart"));
    await expect(page.locator(".sub-nav")).toHaveCount(0);
  });
});

test.describe("sub-navigation at 375 px", () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("scrolls the active tile into view, unless the URL has a hash", async ({ page, shop }) => {
    const scroller = page.locator(".sub-nav__scroller");
    const activeTileInView = () =>
      scroller.evaluate((box) => {
        const tile = box.querySelector("[data-active]")?.getBoundingClientRect();
        const strip = box.getBoundingClientRect();
        return !!tile && tile.left >= strip.left && tile.right <= strip.right;
      });
    await shop.visit(url("wallart", "/leinwand/?edge=folded#inhalt"));
    await expect(page.getByRole("link", { name: "Umgeschlagen" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await scroller.evaluate((box) => box.scrollLeft)).toBe(0);
    expect(await activeTileInView()).toBe(false);

    await shop.visit(url("wallart", "/leinwand/?edge=folded"));
    expect(await scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    expect(await activeTileInView()).toBe(true);
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`action bar at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ context }) => acceptCookies(context));

    test("shows text and countdown; a dismissal survives a reload without a flash", async ({
      page,
      shop,
    }) => {
      await shop.visit(url("localhost"));
      const bar = page.getByRole("region", { name: "Aktion" });
      await expect(bar).toContainText("WINTER20");
      await expect(bar.locator(".countdown")).toHaveAttribute("data-status", "running");
      await bar.getByRole("button", { name: "Aktionshinweis schließen" }).click();
      await expect(bar).toHaveCount(0);
      await expect(page.locator("html")).toHaveClass(/no-action-bar/);

      // Before any script of the app has run, the bar is already hidden.
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.reload();
      await expect(page.locator("html")).toHaveClass(/no-action-bar/);
      await expect(page.locator(".action-bar")).toBeHidden();
      await page.unroute("**/assets/*.js");
      await shop.visit(url("localhost"));
      await expect(page.locator(".action-bar")).toHaveCount(0);
      shop.consoleErrors.length = 0;
    });
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`footer at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ context }) => acceptCookies(context));

    for (const host of ["localhost", "wallart"] as const) {
      test(`${host}: lists and tiles ${viewport.width < 720 ? "collapse, the first open" : "are all open"}`, async ({
        page,
        shop,
      }) => {
        await shop.visit(url(host));
        const footer = page.getByRole("contentinfo");
        const popular = footer.getByRole("heading", { name: "Beliebte Produkte" });
        const company = footer.getByRole("heading", { name: "Unternehmen" });
        await scrollToFooter(page);
        await footer.scrollIntoViewIfNeeded();
        await expect(footer.locator(".footer-list")).toHaveCount(4);
        if (viewport.width < 720) {
          await expect(popular.getByRole("button")).toHaveAttribute("aria-expanded", "true");
          await expect(company.getByRole("button")).toHaveAttribute("aria-expanded", "false");
          await expect(
            footer.locator(".footer-list").nth(3).getByRole("link").first(),
          ).toBeHidden();
          await expand(company.getByRole("button"));
          await expect(
            footer.locator(".footer-list").nth(3).getByRole("link").first(),
          ).toBeVisible();
          const tiles = footer.locator(".communication-tile");
          await expect(tiles.first().getByRole("button")).toHaveAttribute("aria-expanded", "true");
          await expect(tiles.nth(1).getByRole("button")).toHaveAttribute("aria-expanded", "false");
          await expand(tiles.nth(1).getByRole("button"));
          await expect(tiles.nth(1).getByRole("link")).toBeVisible();
          // Boxes: customer service, awards, app links and social media start open.
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
            ...(host === "wallart" ? { appLinks: "true" } : {}),
            awards: "true",
            customerService: "true",
            international: "false",
            socialMedia: "true",
          });
        } else {
          await expect(popular.getByRole("button")).toHaveCount(0);
          await expect(
            footer.locator(".footer-list").nth(3).getByRole("link").first(),
          ).toBeVisible();
          await expect(
            footer.locator(".communication-tile").nth(2).getByRole("link"),
          ).toBeVisible();
          await expect(
            footer.locator(".footer-box--about").getByRole("link").first(),
          ).toBeVisible();
        }
        await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
        const logo = footer.locator(".payment-methods img").first();
        await expect(logo).toHaveAttribute("width", "73");
        await expect(logo).toHaveAttribute("height", "32");
      });
    }

    test("the SEO text expands once with view-more and stays expanded", async ({ page, shop }) => {
      await shop.visit(url("localhost"));
      await scrollToFooter(page);
      await page.locator(".seo-text").scrollIntoViewIfNeeded();
      const more = page.getByRole("button", { name: "Mehr anzeigen" });
      const body = page.locator(".seo-text__body");
      const collapsed = await body.evaluate((el) => el.clientHeight);
      await more.click();
      await expect(more).toHaveCount(0);
      expect(await body.evaluate((el) => el.clientHeight)).toBeGreaterThan(collapsed);
    });
  });
}

test.describe("reviews carousel", () => {
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("at 1280 px: groups of three, buttons and dots, a mouse drag moves", async ({
    page,
    shop,
  }) => {
    await page.setViewportSize(DESKTOP);
    await shop.visit(url("localhost"));
    const carousel = page.getByRole("region", { name: "Das sagen unsere Kundinnen und Kunden" });
    await scrollToFooter(page);
    await carousel.scrollIntoViewIfNeeded();
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

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`dialogs, help and back-to-top at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ context }) => acceptCookies(context));

    for (const host of ["localhost", "wallart"] as const) {
      test(`${host}: the LogIn dialog: focus in, trapped, Escape, focus back`, async ({
        page,
        shop,
      }) => {
        await shop.visit(url(host));
        const account = page.getByRole("banner").getByRole("button", { name: "Anmelden" });
        await account.click();
        const dialog = page.getByRole("dialog", { name: "Anmelden" });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole("textbox", { name: "E-Mail-Adresse" })).toBeFocused();
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
          "hidden",
        );
        await shop.expectAccessible();
        for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
        await expect(account).toBeFocused();
      });
    }

    test("back-to-top appears only scrolling up past half the viewport", async ({ page, shop }) => {
      await shop.visit(url("localhost"));
      const button = page.getByRole("button", { name: "Nach oben" });
      await expect(button).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 2400));
      await page.waitForTimeout(700);
      await expect(button).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 1800));
      await expect(button).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 2000));
      await expect(button).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect(button).toBeVisible();
      await button.click();
      await expect.poll(() => scrollY(page)).toBe(0);
      await expect(button).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 1800));
      await page.waitForTimeout(700);
      await page.evaluate(() => window.scrollTo(0, 200));
      await page.waitForTimeout(700);
      await expect(button).toBeHidden();
    });

    test("without comfort cookies the launcher offers phone and e-mail, and starts the chat on request", async ({
      page,
      shop,
    }) => {
      const chatRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).hostname === STANDIN_HOSTS.chat)
          chatRequests.push(request.url());
      });
      await shop.visit(url("localhost"));
      const launcher = page.getByRole("button", { name: "Hilfe", exact: true });
      await launcher.click();
      const panel = page.getByRole("region", { name: "Kundenservice" });
      await expect(panel).toBeVisible();
      await expect(launcher).toHaveAttribute("aria-expanded", "true");
      await expect(panel.getByRole("link", { name: /^Telefon: / })).toHaveAttribute(
        "href",
        /^tel:\+?\d+$/,
      );
      await expect(
        panel.getByRole("link", { name: "E-Mail: service@cardelia.example" }),
      ).toHaveAttribute("href", "mailto:service@cardelia.example");
      await shop.expectAccessible();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(launcher).toBeFocused();
      expect(chatRequests).toEqual([]);

      await launcher.click();
      await panel.getByRole("button", { name: "Chat starten" }).click();
      expect(await consentCookie(page)).toBe("v1:f1a0m0");
      const chat = page.getByRole("dialog", { name: "Chat" });
      await expect(chat).toBeVisible({ timeout: 5000 });
      expect(chatRequests).toEqual([`https://${STANDIN_HOSTS.chat}/snippet.js?key=local-cards`]);
      await expect(chat).toHaveAttribute("lang", "de-DE");
      await expect(launcher).toBeHidden();
      await chat.getByRole("button", { name: "Close chat" }).click();
      await expect(launcher).toBeVisible();
      await expect(launcher).toBeFocused();
    });

    test("with comfort cookies the chat loads on the first click, opens and closes", async ({
      page,
      context,
      shop,
    }) => {
      await context.addCookies([
        { name: "shop_consent", value: "v1:f1a0m0", url: `http://localhost:${PORT}/` },
      ]);
      await shop.visit(url("localhost"));
      const launcher = page.getByRole("button", { name: "Hilfe", exact: true });
      const scripts = () => page.locator("script#ze-snippet").count();
      expect(await scripts()).toBe(0);
      await launcher.click();
      await expect(launcher).toHaveAttribute("data-status", "loading");
      await launcher.click(); // ignored while loading
      expect(await scripts()).toBe(1);
      const chat = page.getByRole("dialog", { name: "Chat" });
      await expect(chat).toBeVisible({ timeout: 5000 });
      await expect(launcher).toBeHidden();
      await chat.getByRole("button", { name: "Close chat" }).click();
      await expect(launcher).toBeVisible();
      await expect(launcher).toBeFocused();
      await launcher.click();
      await expect(chat).toBeVisible();
      expect(await scripts()).toBe(1);
    });

    test("a failing chat script resets the launcher silently", async ({ page, context, shop }) => {
      await context.addCookies([
        { name: "shop_consent", value: "v1:f1a0m0", url: `http://localhost:${PORT}/` },
      ]);
      await page.route(`https://${STANDIN_HOSTS.chat}/**`, (route) =>
        route.fulfill({ status: 503, body: "" }),
      );
      await shop.visit(url("localhost"));
      const launcher = page.getByRole("button", { name: "Hilfe", exact: true });
      await launcher.click();
      await expect(launcher).toHaveAttribute("data-status", "not-loaded");
      shop.consoleErrors.length = 0;
    });
  });
}

test.describe("app banner at 375 px", () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("links to the app with the path as campaign; closing sets smartbannerDisabled", async ({
    page,
    context,
    shop,
  }) => {
    await shop.visit(url("wallart", "/leinwand/"));
    const banner = page.getByRole("region", { name: "Unsere App" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Öffnen" })).toHaveAttribute(
      "href",
      "https://app.wallora.example/open?campaign=%2Fleinwand%2F",
    );
    await banner.getByRole("button", { name: "App-Hinweis schließen" }).click();
    await expect(banner).toBeHidden();
    await expect(page.locator(".smartbanner--visible")).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === "smartbannerDisabled");
    expect(cookie?.value).toBe("1");
    await page.reload();
    // Hidden before the first paint by the marker the page's own script sets, not after load.
    await expect(page.locator("html.no-app-banner")).toHaveCount(1);
    await expect(banner).toBeHidden();
    await expect(page.locator(".smartbanner--visible")).toHaveCount(0);
  });

  test("the cards brand has no app banner", async ({ page, shop }) => {
    await shop.visit(url("localhost"));
    await expect(page.locator(".smartbanner")).toHaveCount(0);
  });
});

test.describe("cookie consent", () => {
  test.use({ viewport: DESKTOP });

  test("the banner asks once; the footer link opens the settings layer", async ({
    page,
    context,
    shop,
  }) => {
    await shop.visit(url("localhost"));
    const banner = page.getByRole("region", { name: "Wir respektieren Ihre Privatsphäre" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Nur notwendige" }).click();
    await expect(banner).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "shop_consent")?.value).toBe(
      "v1%3Af0a0m0",
    );
    await page.reload();
    await expect(banner).toHaveCount(0);

    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Menü", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Menü" })
      .getByRole("button", { name: "Cookie-Einstellungen" })
      .click();
    const settings = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
    await expect(settings).toBeVisible();
    await settings.getByRole("checkbox", { name: /Statistik/ }).check();
    await settings.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(settings).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "shop_consent")?.value).toBe(
      "v1%3Af0a1m0",
    );
  });

  test("the legal pages are left without the banner", async ({ page, shop }) => {
    for (const path of ["/datenschutz", "/impressum"]) {
      await shop.visit(url("localhost", path));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".consent-banner")).toHaveCount(0);
    }
  });
});

test.describe("breadcrumb", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("links home once in the page's language; the last item is the current page", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("ch.cards", "/fr/aide/livraison"));
    const crumbs = page.getByRole("navigation", { name: "Vous êtes ici" }).getByRole("listitem");
    await expect(crumbs).toHaveCount(2);
    await expect(crumbs.first().getByRole("link")).toHaveAttribute("href", "/fr");
    await expect(crumbs.first()).toHaveText("Accueil");
    await expect(crumbs.last()).toHaveAttribute("aria-current", "page");
    await expect(crumbs.last().getByRole("link")).toHaveCount(0);
  });
});

test.describe("the desktop app (the d path segment)", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  for (const host of ["localhost", "wallart"] as const) {
    test(`${host}: the header has a back link instead of shops and info items; no navigation or footer`, async ({
      page,
      shop,
    }) => {
      await shop.visit(url(host, "/d/products"));
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Zurück zum Shop" })).toBeVisible();
      await expect(header.getByRole("link", { name: /^Startseite von/ })).toHaveAttribute(
        "href",
        /^\/d\/?$/,
      );
      for (const name of ["Magazin", "Hilfe & Service", /Warenkorb/, /Hotline/]) {
        await expect(header.getByRole("link", { name })).toHaveCount(0);
      }
      await expect(header.getByRole("button", { name: "Anmelden" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Unsere Shops" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    });
  }

  test("the back link goes back in the app's history", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/d/products"));
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/d/themes/hochzeit-001"),
    );
    await expect(page).toHaveURL(url("localhost", "/d/themes/hochzeit-001"));
    await page.getByRole("link", { name: "Zurück zum Shop" }).click();
    await expect(page).toHaveURL(url("localhost", "/d/products"));
  });

  test("the error page has the header and the error story, without navigation and footer", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/d/gibt-es-nicht"), { status: 404 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    await expect(page.getByRole("link", { name: "Zurück zum Shop" })).toBeVisible();
    await expect(page.locator(".error-page__story")).toContainText("Hier geht's weiter");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
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

test.describe("chunks that fail to load during a navigation", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("load the target page fully, at most once per path within 10 s", async ({
    page,
    shop,
    request,
  }) => {
    const slug = `chunk-failure-${Date.now()}`;
    const path = await publishCardsPage(request, slug, {
      body: [
        { component: "Headline", _uid: `h-${slug}`, text: "Sonderseite", level: 1 },
        {
          component: "SubTeasers",
          _uid: `teasers-${slug}`,
          variant: "plain",
          headline: "Weiter",
          items: [
            {
              component: "SubTeaser",
              _uid: `teaser-${slug}`,
              title: "Alle Produkte",
              text: "Zur Übersicht",
              link: { linktype: "url", url: "/products" },
              linkText: "Zur Produktübersicht",
            },
          ],
        },
      ],
    });
    /** The products route's module, once the router has discovered the route from the link. */
    const productsModule = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              __reactRouterManifest: { routes: Record<string, { module: string } | undefined> };
            }
          ).__reactRouterManifest.routes["products-products"]?.module ?? null,
      );
    await shop.visit(url("localhost", path));
    await expect.poll(productsModule).not.toBeNull();
    const module = await productsModule();
    await page.route(`**${module}`, (route) => route.abort());

    const documents: string[] = [];
    page.on("request", (req) => {
      if (req.isNavigationRequest()) documents.push(new URL(req.url()).pathname);
    });
    const link = page.getByRole("link", { name: "Alle Produkte Zur Übersicht" });
    // Clicked without hovering first: a hover would start React Router's own prefetch of the
    // route, which reloads the current page on a failing chunk by itself (see the report).
    const click = () => link.evaluate((el) => (el as HTMLElement).click());
    await click();
    await expect(page).toHaveURL(url("localhost", "/products"));
    expect(documents).toEqual(["/products"]);

    // Within 10 s the same failure leaves the visitor where they are.
    await shop.visit(url("localhost", path));
    await expect.poll(productsModule).not.toBeNull();
    documents.length = 0;
    await click();
    await expect
      .poll(() => shop.consoleErrors.some((text) => text.includes("chunk-load-error")))
      .toBe(true);
    await page.waitForTimeout(300);
    expect(documents).toEqual([]);
    await expect(page).toHaveURL(url("localhost", path));
    shop.consoleErrors.length = 0;
  });
});

test.describe("prefetching", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  const prefetches = (page: Page) =>
    page.locator('link[rel="prefetch"], link[rel="modulepreload"]').count();

  test("a link prefetches the next page on hover", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/fotobuch"));
    const before = await prefetches(page);
    await page.getByRole("link", { name: /^Startseite von/ }).hover();
    await expect.poll(() => prefetches(page)).toBeGreaterThan(before);
  });

  for (const [name, connection] of [
    ["2g", { effectiveType: "2g", saveData: false }],
    ["data saver", { effectiveType: "4g", saveData: true }],
  ] as const) {
    test(`is skipped on a slow connection (${name})`, async ({ page, shop }) => {
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, "connection", {
          configurable: true,
          get: () => value,
        });
      }, connection);
      await shop.visit(url("localhost", "/fotobuch"));
      const before = await prefetches(page);
      await page.getByRole("link", { name: /^Startseite von/ }).hover();
      await page.waitForTimeout(500);
      expect(await prefetches(page)).toBe(before);
    });
  }
});

test.describe("error page", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("has the header, navigation, campaign bar, the CMS error story, help and footer", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/gibt-es-nicht"), { status: 404 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
    // The error story has no bar: the campaign bar for the path shows, not the global bar.
    const bar = page.getByRole("region", { name: "Aktion" });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText("Gratis-Versand ab 39 €");
    await expect(bar).not.toContainText("WINTER20");
    await expect(page.locator(".error-page__story")).toContainText("Hier geht's weiter");
    await expect(page.getByRole("button", { name: "Hilfe", exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("an unknown locale prefix shows the error story too", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/xx/fotobuch"), { status: 404 });
    await expect(page.locator(".error-page__story")).toContainText("Hier geht's weiter");
  });
});

test.describe("navigation details", () => {
  test("are cacheable JSON per locale, not part of the page", async ({ request }) => {
    // Node does not resolve *.localhost names: the host goes in the Host header.
    const response = await request.get(url("localhost", "/fr/_furniture.json"), {
      headers: { Host: `ch.cards.localhost:${PORT}` },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("s-maxage");
    const details = (await response.json()) as {
      burger: { mainNavigationItems: { link: { href: string } }[] };
    };
    expect(details.burger.mainNavigationItems[0]?.link.href).toBe("/fr/cartes");
    const html = await (await request.get(url("localhost"))).text();
    expect(html).not.toContain("Save the Date");
  });
});

test("the home page loads at most 130 KB of JavaScript (gzip)", async ({ page, shop }) => {
  const { gzipSync } = await import("node:zlib");
  const sizes = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script" && response.url().endsWith(".js")) {
      sizes.set(response.url(), gzipSync(await response.body()).length);
    }
  });
  await acceptCookies(page.context());
  await shop.visit(url("localhost"));
  await page.waitForLoadState("networkidle");
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  console.info(`home page JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.size} files`);
  expect(total / 1024).toBeLessThanOrEqual(130);
});
