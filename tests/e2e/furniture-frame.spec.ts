/**
 * The frame around every page: the desktop app's frame (the d path segment) and the error page.
 */
import { expect, test, url } from "./fixtures";
import { DESKTOP, acceptCookies } from "./furniture.helpers";

test.describe("the desktop app (the d path segment)", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  for (const host of ["localhost", "wallart"] as const) {
    test(`${host}: the header has a back link instead of shops and info items, keeps log-in and cart; no navigation or footer`, async ({
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
      for (const name of ["Magazin", "Hilfe & Service", /Hotline/]) {
        await expect(header.getByRole("link", { name })).toHaveCount(0);
      }
      await expect(header.getByRole("button", { name: "Anmelden" })).toBeVisible();
      // The cart stays in the app: its link keeps the d marker.
      await expect(header.getByRole("link", { name: /Warenkorb/ })).toHaveAttribute(
        "href",
        /^\/d\/warenkorb\/?$/,
      );
      await expect(page.getByRole("navigation", { name: "Unsere Shops" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    });
  }

  test("log-in opens its dialog and the cart opens in the app's frame", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/d/products"));
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shop.expectAccessible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await header.getByRole("link", { name: /Warenkorb/ }).click();
    await expect(page).toHaveURL(/\/d\/warenkorb\/?$/);
    await expect(page.getByRole("link", { name: "Zurück zum Shop" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await shop.expectAccessible();
  });

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
    await expect(bar).toContainText("Gratis-Versand ab 49,00 €");
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
