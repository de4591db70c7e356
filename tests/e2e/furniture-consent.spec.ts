/**
 * The cookie consent banner: asked once, the settings layer from the burger and the footer,
 * and what a visitor sees before the shop's scripts are there. The app banner (none while
 * no app is configured) is storefrontFacts.http.test.ts's, over the same two pages, and
 * furniture.test.ts's and config.server.test.ts's.
 */
import { expect, test, url } from "./fixtures";
import { PHONE, DESKTOP, acceptCookies } from "./furniture.helpers";

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

  test("before the scripts are there: no banner on a legal page, the banner with the page's HTML takes a tap, and the stored choice keeps it away", async ({
    page,
    context,
    shop,
  }) => {
    // No script of the shop's own: what the visitor sees before the page has hydrated.
    await page.route("**/assets/*.js", (route) => route.abort());
    // The legal pages are left without the banner (the rule is consentState.test.ts's).
    await page.goto(url("localhost", "/datenschutz"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".consent-banner")).toHaveCount(0);
    await page.goto(url("localhost"));
    const banner = page.getByRole("region", { name: "Wir respektieren Ihre Privatsphäre" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Nur notwendige" }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === "shop_consent")?.value).toBe(
      "v1%3Af0a0m0",
    );
    // With the choice stored, the banner never shows, not even before the page hydrates.
    await page.reload();
    await expect(page.locator("html.consent-given")).toHaveCount(1);
    await expect(page.locator(".consent-banner")).toBeHidden();
    await page.unroute("**/assets/*.js");
    await shop.visit(url("localhost"));
    await expect(page.locator(".consent-banner")).toHaveCount(0);
    await shop.expectAccessible();
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
});
