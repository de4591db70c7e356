/**
 * Customer pictures in the browser: a customer logs in and hands in a photo on the card
 * shop's "Über uns" page; it is not shown until an editor (signed in to the back office as a
 * content editor) approves it on the review page, then the gallery shows it with its
 * caption and the customer's first name.
 */
import sharp from "sharp";
import { confirmedAccount, expect, test, url, withConsent } from "./fixtures";
import { openAsContentEditor } from "./operators";

test.beforeEach(async ({ context }) => {
  await withConsent(context, ["localhost", "cards.localhost"]);
});

test("a customer's photo shows in the gallery once an editor approved it", async ({
  page,
  shop,
}) => {
  const stamp = Date.now();
  const caption = `Unser Fotobuch ${stamp}`;
  await confirmedAccount(page, {
    email: `bilder.${stamp}@example.de`,
    password: "Sommerwiese-Laterne-71",
    firstName: "Lena",
    lastName: "Berg",
  });

  await shop.visit(url("cards", "/ueber-uns"));
  const gallery = page.getByRole("region", { name: "Fotos unserer Kundinnen und Kunden" });
  const form = gallery.getByRole("form", { name: "Zeigen Sie uns Ihr Foto" });
  await form.waitFor({ timeout: 15_000 });
  await form.getByLabel("Ihr Foto").setInputFiles({
    name: "fotobuch.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 150, b: 60 } },
    })
      .jpeg()
      .toBuffer(),
  });
  await form.getByLabel("Bildunterschrift (optional)").fill(caption);
  await form.getByRole("checkbox", { name: /mit meinem Vornamen „Lena“/ }).check();
  await form.getByRole("button", { name: "Foto einsenden" }).click();
  await expect(gallery.getByRole("status")).toContainText("sobald wir es uns angesehen haben");
  await shop.expectAccessible();

  // Not shown before the review.
  await page.reload();
  await expect(gallery.getByRole("img", { name: caption })).toHaveCount(0);

  // The editor signs in to the back office and goes from the content editor to the review.
  await openAsContentEditor(page, "cards", "/_admin/content");
  await page.getByRole("link", { name: "Kundenfotos" }).click();
  await expect(page).toHaveURL(/\/_admin\/pictures$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await shop.expectAccessible();
  await expect(page.getByRole("img", { name: caption })).toBeVisible();
  await page.getByRole("button", { name: `Freigeben: ${caption}` }).click();
  await expect(page.getByRole("status")).toHaveText("Das Foto ist freigegeben.");
  await expect(page.getByRole("img", { name: caption })).toHaveCount(0);

  await shop.visit(url("cards", "/ueber-uns"));
  const shown = gallery.getByRole("img", { name: caption });
  await expect(shown).toBeVisible();
  await expect(
    gallery.getByRole("listitem").filter({ has: page.getByRole("img", { name: caption }) }),
  ).toContainText("– Lena");
  expect(await shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480);
});
