/**
 * From a configurator link to the designer: a card sample link (its theme alone) and a
 * wall-art link with its material and format open the studio at the price of what the
 * link chose, in the visitor's language: the card brand's link on a phone, the wall-art
 * brand's on a desktop (the studio itself on both is the studio spec's matter).
 */
import { expect, test, url } from "./fixtures";

test.describe("the designer on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a card sample link opens the studio for one sample card in the visitor's language", async ({
    page,
    shop,
  }) => {
    await shop.visit(
      url("localhost", "/configurator-card?themeId=hochzeit-001&s=sample&quantity=50"),
    );
    await expect(page).toHaveURL(/\/designer\/card\?themeId=hochzeit-001&quantity=1&sample=true/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Karte gestalten");
    await expect(page.locator(".studio__price strong")).toHaveText(/€$/);
    await expect(page.getByText("Fotos hochladen")).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: "test-results/designer-cards-phone.png" });
  });
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
  await page.screenshot({ path: "test-results/designer-wallart-desktop.png" });
});
