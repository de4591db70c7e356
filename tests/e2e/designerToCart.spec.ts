/**
 * A card from its product page into the cart in the browser: another size, refinement and
 * envelope picked on the page, its own design button followed, and the page's price on the
 * designer and on the cart line.
 */
import { expect, test, url, withConsent } from "./fixtures";

test("a card goes into the cart as its page chose it, at the page's price", async ({
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
  await expect(page.locator(".designer__price dd")).toHaveText(price);
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page).toHaveURL(url("localhost", "/warenkorb"));
  await expect(page.locator(".cart-line").first()).toContainText(price);
});
