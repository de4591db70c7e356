/**
 * A French shopper finds what a German one finds: the photo tools from the help page, in
 * French, and on the calendar page a sub-navigation whose format tile chooses that format.
 */
import { expect, test, url, withConsent } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await withConsent(context, ["fr.cards.localhost"]);
});

test("the French help page leads to the photo tools in French", async ({ page, shop }) => {
  await shop.visit(url("fr.cards", "/aide/faq"));
  await page.getByRole("link", { name: /^Outils photo/ }).click();
  await expect(page).toHaveURL(/\/aide\/outils-photo$/);
  await page.locator(".toolbox[data-interactive]").waitFor({ state: "attached", timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Que souhaitez-vous faire ?" })).toBeVisible();
  await shop.expectAccessible();
});

test("the calendar page's sub-navigation chooses a format", async ({ page, shop }) => {
  await shop.visit(url("fr.cards", "/calendrier-photo"));
  const strip = page.getByRole("navigation", { name: /^Catégories/ });
  await strip.getByRole("link", { name: "A3 paysage" }).click();
  await expect(page).toHaveURL(/size=a3-quer/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(strip.getByRole("link", { name: "A3 paysage" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await shop.expectAccessible();
});
