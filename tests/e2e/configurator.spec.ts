/**
 * From a configurator link to the designer: a link the studio cannot start from (a card
 * with its theme alone) shows the stand-in with the product and the options the link
 * chose; a wall-art link with its material and format opens the studio. On a phone and
 * on a desktop, in both brands.
 */
import { expect, test, url } from "./fixtures";

for (const viewport of [
  { name: "phone", width: 375, height: 800 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`the designer stand-in (${viewport.name})`, () => {
    test.use({ viewport });

    test("a card sample link shows one sample card in the visitor's language", async ({
      page,
      shop,
    }) => {
      await shop.visit(
        url("localhost", "/configurator-card?themeId=winter-12&s=sample&quantity=50"),
      );
      await expect(page).toHaveURL(/\/designer\/card\?themeId=winter-12&quantity=1&sample=true/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Karte gestalten");
      const options = page.locator(".designer__options");
      await expect(options.getByText("Menge")).toBeVisible();
      await expect(options.locator("dd").filter({ hasText: /^1$/ })).toBeVisible();
      await expect(options.getByText("Musterexemplar")).toBeVisible();
      await page.screenshot({ path: `test-results/designer-cards-${viewport.name}.png` });
    });

    test("a photo frame link on the wall-art brand opens the studio at the chosen format's price", async ({
      page,
      shop,
    }) => {
      await shop.visit(
        url(
          "ch.wallart",
          "/fr/configurateur-cadre-photo/?materialType=poster&frameType=holzrahmen&formatType=400x300",
        ),
      );
      await expect(page).toHaveURL(/\/fr\/designer\/photoframe\/\?.*locale=fr-CH/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créez votre tableau");
      // The studio, in the visitor's language, with the price of what the link chose.
      await expect(page.locator(".studio__price strong")).toHaveText(/CHF/);
      await expect(page.getByText("Télécharger des photos")).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: `test-results/designer-wallart-${viewport.name}.png` });
    });
  });
}
