/**
 * The whole way a shopper takes, at one price: a card theme's product page, its own design
 * button into the studio, one photo uploaded and set into each frame, the preflight's
 * warnings confirmed, the cart line at the page's price with its proof, the cart's button
 * to the checkout, a guest in Germany paying with the test provider, the confirmation page
 * with the order number and the cart's total, and the paid order's print file.
 * Desktop; axe on every state. (The single steps are tested in depth by studio.spec.ts,
 * cart.spec.ts and checkout.spec.ts; the Swiss shop's francs by studio.spec.ts's canvas,
 * from its page to the cart, and checkout.spec.ts's Swiss order, from the cart to the order.)
 */
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test, url, withConsent } from "./fixtures";

/** A JPEG with a gradient (a photo is never one flat colour), large enough to print well. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 60;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

test("a card designed with one photo is ordered and paid at the price its page showed", async ({
  page,
  context,
  shop,
}) => {
  const host = "localhost";
  const money = /\d,\d\d\s*€/;
  test.setTimeout(150_000);
  await withConsent(context);

  // The product page: its price, and its own way into the studio.
  await shop.visit(url(host, "/karten/wedding"));
  await hydrated(page);
  const container = page.locator('[data-details="card"]').first();
  const price = (await container.locator(".price-tag__current").first().textContent())!.trim();
  expect(price).toMatch(money);
  await container.locator(".details__cta").click();
  await expect(page).toHaveURL(/\/designer\/card\?/);
  await hydrated(page);
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".studio-canvas canvas").first()).toBeVisible();
  await expect(page.locator(".studio__price strong")).toHaveText(price);
  await shop.expectAccessible();

  // One photo, uploaded through the tray and set into the frames, which it fills.
  await page
    .locator('.studio-tray input[type="file"]')
    .setInputFiles([
      { name: "garden.jpg", mimeType: "image/jpeg", buffer: await photo(2400, 1800) },
    ]);
  await expect(page.locator(".studio-tray__photo")).toHaveCount(1, { timeout: 20_000 });
  // The theme may have more than one frame; an empty one stops the order, so the one photo
  // goes into each (selected first, as the studio sets a photo into the selected frame).
  const frames = page.locator(".studio__elements .studio-element", { hasText: "Fotorahmen" });
  const count = await frames.count();
  expect(count).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < count; i++) {
    await frames.nth(i).click();
    await page.getByRole("button", { name: "Foto 1 einsetzen" }).click();
    await expect(frames.nth(i)).toContainText(/Gut|Ausreichend/);
  }
  await expect(page.locator(".studio__save")).toHaveText(/Gespeichert/, { timeout: 15_000 });
  await shop.expectAccessible();

  // Into the cart through the preflight; any warning (an empty second frame) is confirmed.
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  const warnings = page.locator(".studio-problem--warning");
  const line = page.locator(".cart-line");
  await expect(warnings.first().or(line.first())).toBeVisible({ timeout: 20_000 });
  if ((await warnings.count()) > 0) {
    await shop.expectAccessible();
    const confirm = page.getByRole("button", { name: "So in den Warenkorb legen" });
    for (const box of await warnings.getByRole("checkbox").all()) {
      await expect(confirm).toBeDisabled();
      await box.check();
    }
    await confirm.click();
  }
  await expect(page).toHaveURL(url(host, "/warenkorb"));
  await hydrated(page);
  await expect(line).toHaveCount(1);
  await expect(line.first().locator(".cart-line__price")).toHaveText(price);
  const proof = line.first().locator(".cart-line__design img").first();
  await expect(proof).toBeVisible();
  await expect
    .poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const cartTotal = (await page.locator(".cart__total dd").textContent())!.trim();
  expect(cartTotal).toMatch(money);
  await shop.expectAccessible();

  // The cart's own button leads to the checkout; a guest in the shop's country orders.
  await page.locator(".cart__checkout").click();
  await expect(page).toHaveURL(/\/kasse\/?$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText(cartTotal);
  const main = page.getByRole("main");
  await main.getByLabel("E-Mail-Adresse").fill(`pfad.${Date.now()}@example.de`);
  const address = main.getByRole("group", { name: "Lieferadresse" });
  await address.getByLabel("Vorname").fill("Erika");
  await address.getByLabel("Nachname").fill("Muster");
  await address.getByLabel("Straße und Hausnummer").fill("Hauptstraße 5");
  await address.getByLabel("Postleitzahl").fill("10115");
  await address.getByLabel("Ort").fill("Berlin");
  await main.getByRole("checkbox", { name: /AGB/ }).check();
  await shop.expectAccessible();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();

  // The test provider's page: approved.
  await expect(page).toHaveURL(/\/_test-payment\//);
  await page.getByRole("button", { name: "Approve payment" }).click();

  // The confirmation: the order's number, and the total the cart showed.
  await expect(page).toHaveURL(/\/bestellung\/[A-Za-z0-9_-]+\/danke\/?$/);
  await hydrated(page);
  await expect(
    page.getByRole("heading", { name: "Vielen Dank für Ihre Bestellung!" }),
  ).toBeVisible();
  await expect(page.getByTestId("order-number")).toHaveText(/^C-\d{4}-\d{6}$/);
  await expect(page.getByTestId("order-total")).toHaveText(cartTotal);
  await expect(page.locator(".checkout-line__price").first()).toHaveText(price);
  await shop.expectAccessible();
  await page.screenshot({ path: `test-results/shopper-path.png`, fullPage: true });

  // Paid, the order's jobs make the designed line's print file (they run once queued).
  const token = /\/bestellung\/([A-Za-z0-9_-]+)\/danke/.exec(page.url())![1]!;
  const printFiles = () =>
    page.evaluate(async (path) => {
      const { lines } = (await (await fetch(path)).json()) as {
        lines: { hasPrintFile: boolean }[];
      };
      return lines.map((line) => line.hasPrintFile);
    }, `/web-api/orders/${token}`);
  await expect.poll(printFiles, { timeout: 30_000 }).toEqual([true]);
});
