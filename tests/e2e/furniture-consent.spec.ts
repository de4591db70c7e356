/**
 * The cookie consent banner and the app banner.
 */
import { expect, test, url } from "./fixtures";
import { PHONE, DESKTOP, acceptCookies } from "./furniture.helpers";

test.describe("app banner at 375 px", () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  // The seeds name no real app (their deep link is on a made-up host, their store badges
  // have no link): neither the banner nor the badges pretend there is one. The banner's
  // link is unit-tested (furniture.test.ts, config.server.test.ts).
  test("the wall-art shop shows no app banner or store badges while no app is configured", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart", "/leinwand/"));
    await expect(page.locator(".smartbanner")).toHaveCount(0);
    await expect(page.locator('a[href*="wallora.example"]')).toHaveCount(0);
    await expect(page.locator('a[href*="apps.apple.com"], a[href*="play.google.com"]')).toHaveCount(
      0,
    );
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

  test("the banner comes with the page's HTML and a tap on it counts before the scripts are there", async ({
    page,
    context,
    shop,
  }) => {
    // No script of the shop's own: what the visitor sees before the page has hydrated.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(url("localhost"));
    const banner = page.getByRole("region", { name: "Wir respektieren Ihre Privatsphäre" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Nur notwendige" }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === "shop_consent")?.value).toBe(
      "v1%3Af0a0m0",
    );
    await page.unroute("**/assets/*.js");
    await shop.visit(url("localhost"));
    await expect(page.locator(".consent-banner")).toHaveCount(0);
    await shop.expectAccessible();
  });

  test("a visitor with a stored choice never sees the banner, not even before the page has hydrated", async ({
    page,
  }) => {
    await acceptCookies(page.context());
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(url("wallart", "/"));
    await expect(page.locator("html.consent-given")).toHaveCount(1);
    await expect(page.locator(".consent-banner")).toBeHidden();
  });

  test("the footer's cookie-settings link opens the settings while the footer's code is still loading", async ({
    page,
    shop,
  }) => {
    await acceptCookies(page.context());
    // The footer's code arrives only after the click, as on a slow line.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/SiteFooter-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await shop.visit(url("localhost"));
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await footer.getByRole("button", { name: "Cookie-Einstellungen" }).click();
    const settings = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
    await expect(settings).toBeVisible();
    release();
    await settings.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(settings).toHaveCount(0);
  });

  test("the legal pages are left without the banner", async ({ page, shop }) => {
    for (const path of ["/datenschutz", "/impressum"]) {
      await shop.visit(url("localhost", path));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".consent-banner")).toHaveCount(0);
    }
  });
});
