/**
 * A 40-page photo book designed in the studio of the cards shop and put into the cart at
 * the price the product details give for that book: the book panel adds pages in the
 * book's steps (its price following), auto-fill lays forty photos out, the cover's title
 * is changed, and axe finds nothing in the studio with the book open.
 */
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test, url, withConsent } from "./fixtures";

/** A JPEG with a gradient of its own hue (not one flat colour, as a photo is not). */
async function jpeg(side: number, hue: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      pixels[i] = (x * 255) / side;
      pixels[i + 1] = (y * 255) / side;
      pixels[i + 2] = hue;
    }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The price the product details (the product page's container) give for the book. */
async function detailsPrice(page: Page, pages: number): Promise<string> {
  const query = new URLSearchParams({
    kind: "photobook",
    photobookType: "digitalfotobuch",
    cover: "hard",
    paper: "glossy",
    size: "20x20",
    pages: String(pages),
  });
  const answer = await page.request.get(url("localhost", `/web-api/product-details?${query}`));
  expect(answer.status()).toBe(200);
  const details = (await answer.json()) as { price: { current: string } };
  return details.price.current;
}

test("a 40-page photo book filled by auto-fill, with its own cover title, goes into the cart at its price", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(240_000);
  await withConsent(context);
  await shop.visit(
    url(
      "localhost",
      "/designer/photobook?printing=digitalfotobuch&cover=hard&binding=pur&paper=glossy&size=20x20&pageCount=24&amount=1",
    ),
  );
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 20_000 });
  const panel = page.locator(".book-panel");
  await expect(panel.getByTestId("book-pages")).toHaveText("24");
  await expect(panel.getByTestId("book-price")).toHaveText(await detailsPrice(page, 24));

  const more = panel.getByRole("button", { name: "2 Seiten mehr" });
  for (let pages = 26; pages <= 40; pages += 2) {
    await more.click();
    await expect(panel.getByTestId("book-pages")).toHaveText(String(pages));
  }
  const price = await detailsPrice(page, 40);
  await expect(panel.getByTestId("book-price")).toHaveText(price);
  // The page's price line follows the design's pages too, not the link's 24.
  await expect(page.locator(".studio__price strong")).toHaveText(price);

  const files = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => ({
      name: `book-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await jpeg(1300, i * 6),
    })),
  );
  await page.locator('.studio-tray input[type="file"]').setInputFiles(files);
  await expect(page.locator(".studio-tray__photo")).toHaveCount(40, { timeout: 90_000 });
  await panel.getByRole("button", { name: "Buch mit meinen Fotos füllen (40)" }).click();
  await expect(panel.getByText("40 Fotos in Aufnahmereihenfolge platziert.")).toBeVisible();

  const title = panel.getByRole("textbox", { name: "Titel auf dem Umschlag" });
  await expect(title).toHaveValue("Unser Fotobuch");
  await title.fill("Unser Sommer 2026");
  await title.press("Tab");
  await expect(panel.getByRole("textbox", { name: "Titel auf dem Umschlag" })).toHaveValue(
    "Unser Sommer 2026",
  );
  // 40 pages of standard paper and two boards make a 7.4 mm spine, which carries the title too.
  const spine = panel.getByRole("textbox", { name: "Titel auf dem Buchrücken (7,4 mm breit)" });
  await expect(spine).toHaveValue("Unser Fotobuch");
  await spine.fill("Sommer 2026");
  await spine.press("Tab");
  await expect(panel.getByRole("textbox", { name: /Buchrücken/ })).toHaveValue("Sommer 2026");
  await shop.expectAccessible();
  await page.screenshot({ path: "test-results/studio-book.png", fullPage: true });

  await expect(page.locator(".studio__save")).toHaveText(/Gespeichert/, { timeout: 15_000 });
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  const warnings = page.locator(".studio-problem--warning");
  const cart = page.locator(".cart-line").first();
  await expect(warnings.first().or(cart)).toBeVisible({ timeout: 30_000 });
  if (await warnings.count()) {
    for (const box of await warnings.getByRole("checkbox").all()) await box.check();
    await page.getByRole("button", { name: "So in den Warenkorb legen" }).click();
  }
  await expect(cart).toBeVisible({ timeout: 30_000 });
  await expect(cart).toContainText(price);
});
