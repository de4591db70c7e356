/**
 * The burger navigation at 375 px: the card shop's three levels, scroll position, accordions
 * and closing; then, in the same browser, the wall-art shop's menu (without the burger
 * groups, whose flag is off for this visitor) closing when the viewport reaches 1000 px.
 */
import { expect, test, url } from "./fixtures";
import { PHONE, acceptCookies } from "./furniture.helpers";

test.describe("burger navigation at 375 px", () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("three levels, the primary scroll position restored, closing resets it; the wall-art menu closes at 1000 px", async ({
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

    // The wall-art shop's menu, which closes when the viewport reaches 1000 px.
    await shop.visit(url("wallart"));
    await page.getByRole("button", { name: "Menü", exact: true }).click();
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
