/**
 * The navigation's product pages into the cart in the browser, one locale per brand (the
 * HTTP walk in app/cart/navigationToCart.http.test.ts covers every page and locale): on the
 * wall-art shop's canvas page a shopper
 * clicks a value other than the page's own in every option group, one group after the other,
 * follows the page's own button and finds the page's price on the designer the studio opens
 * with (how the studio puts a design into the cart is the studio tests'; the HTTP walk
 * follows it into the cart). The express shop's last tile puts its express production into
 * the cart at its price.
 */
import type { Locator } from "@playwright/test";
import { expect, test, url, withConsent } from "./fixtures";

/** Clicks another value than the page's own in each option group of `section`, in turn. */
async function pickOthers(section: Locator): Promise<string[]> {
  const names = await section
    .locator('input[type="radio"]')
    .evaluateAll((inputs) => [...new Set(inputs.map((i) => (i as HTMLInputElement).name))]);
  const picked: string[] = [];
  for (const name of names) {
    const radios = section.locator(`input[type="radio"][name="${name}"]:not([disabled])`);
    const count = await radios.count();
    if (count < 2) continue;
    for (let i = 0; i < count; i += 1) {
      if (await radios.nth(i).isChecked()) continue;
      const value = (await radios.nth(i).getAttribute("value")) ?? "";
      // A choice may change the next groups' options (a desk calendar has other sizes): the
      // page asks the shop for them, and the next group is read once they are there.
      const repriced = section
        .page()
        .waitForResponse((r) => r.url().includes("/web-api/product-details"), { timeout: 5_000 })
        .catch(() => null);
      await radios.nth(i).check();
      await repriced;
      await expect(
        section.locator(`input[type="radio"][name="${name}"][value="${value}"]`),
      ).toBeChecked();
      picked.push(`${name}=${value}`);
      break;
    }
  }
  return picked;
}

/** The price a section shows once the page has priced the last click (it asks the shop API). */
const currentPrice = async (scope: Locator) => {
  await scope.page().waitForLoadState("networkidle");
  return ((await scope.locator(".price-tag__current").first().textContent()) ?? "").trim();
};

test.describe("product pages into the cart, clicked", () => {
  test.beforeEach(async ({ context }) => withConsent(context, ["localhost", "wallart.localhost"]));

  test("wall-art shop (de-DE): the canvas as clicked costs on the designer what the page says", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart", "/leinwand/"));
    const calculator = page.locator(".calculator");
    const picked = await pickOthers(calculator);
    expect(picked.length).toBeGreaterThanOrEqual(2);
    const price = await currentPrice(calculator.locator(".calculator__price"));
    expect(price).toContain("€");
    const href = (await calculator.locator(".calculator__cta").getAttribute("href")) ?? "";
    for (const choice of picked.filter(
      (p) => !p.startsWith("material=") && !p.startsWith("format="),
    ))
      expect(href).toContain(choice);
    await calculator.locator(".calculator__cta").click();
    await expect(page).toHaveURL(/\/designer\//);
    await expect(page.getByText(price).first()).toBeVisible();
  });

  test("express shop (de-DE): the last tile's express production goes into the cart at its price", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/service/versand"));
    const tile = page.locator(".product-tile__cart").last().locator("xpath=..");
    const details = (await tile.locator(".product-tile__details").textContent()) ?? "";
    const surcharge = /\+(.+)$/.exec(details)![1]!.trim();
    await tile.locator(".product-tile__cart").getByRole("button").click();
    await expect(page).toHaveURL(/\/warenkorb/);
    await expect(page.locator(".cart-line__price").last()).toHaveText(surcharge);
    await shop.expectAccessible();
  });
});
