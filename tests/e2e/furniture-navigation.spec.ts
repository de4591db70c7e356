/**
 * The header, the main navigation with its flyouts (at 1280 px, 375 px and on touch), the sub-navigation, the breadcrumb and the navigation details loaded on demand.
 * At 1280 px each brand's home page is visited once for its header and all its flyouts.
 */
import type { Page } from "@playwright/test";
import { axe, expect, test, url, PORT } from "./fixtures";
import { PHONE, DESKTOP, FLYOUT_WIDTHS, acceptCookies, scrollY } from "./furniture.helpers";

test.describe("header and main navigation at 1280 px", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  /** The header's shops (this one current), service items, account and cart. */
  async function expectHeader(page: Page, current: string, other: string) {
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
  }

  /** Hovering each flyout's item opens it in its layout, its images in the layout's widths. */
  async function expectFlyoutLayouts(page: Page, flyouts: Record<string, string>) {
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
  }

  test("the localhost header shows the shops, service items, account and cart; a flyout works by keyboard (toggle, move in, Escape returns focus); a card flyout opens on hover, follows the hovered occasion and closes on leave; every flyout opens in its layout with the image widths; a route change closes the flyout and the page's activeNavigation selects its item", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost"));
    await expectHeader(page, "Karten & Fotogeschenke", "Wandbilder");
    const toggle = page.getByRole("button", { name: "Untermenü Fotobücher" });
    await toggle.focus();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const photobooks = page.getByRole("region", { name: "Fotobücher", exact: true });
    await expect(photobooks.getByText("Fotobuch-Arten")).toBeVisible();
    await expect(photobooks.locator("img").first()).toHaveAttribute("width", "170");
    await shop.expectAccessible();
    await page.keyboard.press("Tab");
    await expect(photobooks.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(photobooks).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const item = page.locator(".main-nav__item", { hasText: "Karten" }).first();
    await item.getByRole("link", { name: "Karten" }).hover();
    const cards = page.getByRole("region", { name: "Karten", exact: true });
    await expect(cards).toBeVisible();
    await expect(cards.getByText("Anlässe")).toBeVisible();
    await expect(cards.getByText("Geburtstagskarten")).toBeVisible();
    await cards.getByRole("link", { name: "Hochzeit" }).first().hover();
    await expect(cards.getByText("Hochzeitskarten")).toBeVisible();
    await expect(cards.getByRole("link", { name: "Save the Date" })).toBeVisible();
    await expect(cards.getByText("Weitere Kategorien")).toBeVisible();
    await page.mouse.move(640, 5);
    await expect(cards).toHaveCount(0);
    await expectFlyoutLayouts(page, {
      Karten: "card",
      Kalender: "calendar",
      Fotobücher: "photobook",
      Collagen: "collage",
      Zubehör: "accessories",
    });
    const link = page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Kalender", exact: true });
    await link.hover();
    const calendars = page.getByRole("region", { name: "Kalender", exact: true });
    await expect(calendars).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(url("localhost", "/fotokalender"));
    await expect(calendars).toHaveCount(0);
    await expect(link).toHaveAttribute("aria-current", "page");
  });

  test("the wallart header shows the shops, service items, account and cart; a subNaviOnly item opens no flyout; the frame flyout has its upper row, colours, other frames and more; every flyout opens in its layout with the image widths", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart"));
    await expectHeader(page, "Wandbilder", "Karten & Fotogeschenke");
    const item = page.locator(".main-nav__item", {
      has: page.getByRole("link", { name: "Leinwand", exact: true }),
    });
    await item.getByRole("link").hover();
    await page.waitForTimeout(300);
    await expect(page.locator(".flyout")).toHaveCount(0);
    await expect(item.getByRole("button")).toHaveCount(0);
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
    await expectFlyoutLayouts(page, {
      Wandbilder: "wandbilder",
      Bilderrahmen: "frame",
      Collagen: "collage",
      Zubehör: "accessories",
    });
  });

  test("a page transition to a new path scrolls smoothly to the top", async ({ page, shop }) => {
    await shop.visit(url("localhost"));
    await page.evaluate(() => window.scrollTo(0, 1200));
    // Every position the new page passes through, recorded in the page: read from here, a
    // glide of half a second is over or not yet begun depending on the machine's load.
    await page.evaluate(() => {
      const seen: number[] = [];
      Object.assign(window, { __seen: seen });
      window.addEventListener("scroll", () => {
        if (location.pathname === "/fotobuch") seen.push(window.scrollY);
      });
    });
    // Clicked where it is, without scrolling to it first.
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Fotobücher" })
      .evaluate((el) => (el as HTMLElement).click());
    await expect(page).toHaveURL(url("localhost", "/fotobuch"));
    await expect.poll(() => scrollY(page)).toBe(0);
    const seen = await page.evaluate(() => (window as unknown as { __seen: number[] }).__seen);
    // The new page starts where the old one was left and glides up from there, through
    // the positions between, without ever going further down.
    expect(seen.some((y) => y > 0 && y < 1200)).toBe(true);
    expect(Math.max(...seen)).toBeLessThanOrEqual(1200);
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
test.describe("sub-navigation", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("a page under an always-shown item gets its strip with the tile sizes", async ({ page }) => {
    await page.goto(url("wallart", "/leinwand/"));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const strip = page.getByRole("navigation", { name: "Kategorien Leinwand" });
    const scan = await axe(page).include(".sub-nav").analyze();
    expect(scan.violations.map((v) => v.id)).toEqual([]);
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
