/**
 * A card from its product page into the studio in the browser: another size, refinement and
 * envelope picked on the page, its own design button followed, and the page's price in the
 * studio (tests/e2e/studio.spec.ts takes a design from there into the cart); a gift voucher
 * from the voucher page into the cart.
 */
import { expect, test, url, withConsent } from "./fixtures";

test("a card opens in the studio as its page chose it, at the page's price", async ({
  page,
  context,
  shop,
}) => {
  await withConsent(context);
  await shop.visit(url("localhost", "/karten/wedding"));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const container = page.locator('[data-details="card"]').first();
  const cta = container.locator(".details__cta");
  for (const name of ["size", "refinement", "envelope"]) {
    const choice = container.locator(`input[name="${name}"]`).last();
    const value = await choice.getAttribute("value");
    await choice.check({ force: true });
    // The container asks for the new state; its link follows the choice.
    await expect(cta).toHaveAttribute("href", new RegExp(`${name}=${value}(&|$)`));
  }
  const price = (await container.locator(".price-tag__current").first().textContent())!.trim();
  expect(price).toMatch(/\d,\d\d/);
  await cta.click();
  await expect(page).toHaveURL(/\/designer\/card\?/);
  // The studio opens at the page's price (the way into the cart is tests/e2e/studio.spec.ts's).
  await expect(page.locator(".studio__price strong")).toHaveText(price);
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 20_000 });
});

test("a gift voucher goes from the voucher page into the cart at its price", async ({
  page,
  context,
  shop,
}) => {
  await withConsent(context);
  await shop.visit(url("ch.cards", "/gutscheine"));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const list = page.locator(".gift-vouchers");
  await expect(list.getByRole("heading", { level: 2 })).toHaveText("Geschenkgutscheine");
  await shop.expectAccessible();
  await list.screenshot({ path: "test-results/gift-vouchers-ch.png" });
  const row = list.locator("tbody tr").last();
  const price = (await row.locator(".accessories__price").textContent())!.trim();
  expect(price).toMatch(/CHF/);
  await row.getByRole("button", { name: /^In den Warenkorb/ }).click();
  await expect(page).toHaveURL(/\/warenkorb$/);
  await expect(page.locator(".cart__lines")).toContainText(price);
  await page.screenshot({ path: "test-results/gift-voucher-cart-ch.png", fullPage: true });
  await shop.expectAccessible();
});
