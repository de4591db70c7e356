/**
 * Wall-art options as a British shopper chooses them: on the canvas page a mirrored edge
 * and the deep (3.8 cm, about 4 cm) stretcher frame, each explained and priced; the page's
 * price goes with the choice into the studio and the basket, whose line names both.
 */
import sharp from "sharp";
import { expect, test, url, withConsent } from "./fixtures";

test("a canvas with a mirrored edge and a deep frame reaches the basket at the page's price", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(120_000);
  await withConsent(context, ["gb.wallart.localhost"]);
  await shop.visit(url("gb.wallart", "/canvas-print/"));
  const calculator = page.locator(".calculator");
  await calculator.getByRole("radio", { name: "Canvas", exact: true }).check();
  const price = calculator.locator(".calculator__price .price-tag__current");
  const plain = (await price.textContent()) ?? "";
  expect(plain).toContain("£");

  const edge = calculator.getByRole("group", { name: "Edge" });
  await edge.getByRole("radio", { name: /Mirrored edge/ }).check();
  await expect(edge).toContainText("mirrored onto the sides");
  // The mirrored edge costs nothing more; the deep frame adds its surcharge.
  await expect(price).toHaveText(plain);
  const frame = calculator.getByRole("group", { name: "Stretcher frame" });
  const deep = frame.getByRole("radio", { name: /Deep frame \(3\.8 cm\)/ });
  const surcharge = /\+ £(\d+\.\d\d)/.exec((await deep.locator("..").textContent()) ?? "");
  expect(surcharge).not.toBeNull();
  await deep.check();
  await expect(frame).toContainText("about 4 cm");
  const pounds = (text: string) => Number(/£([\d,]+\.\d\d)/.exec(text)![1]!.replace(",", ""));
  await expect(price).not.toHaveText(plain);
  const chosen = (await price.textContent()) ?? "";
  expect(pounds(chosen)).toBeCloseTo(pounds(plain) + Number(surcharge![1]), 2);
  await shop.expectAccessible();
  await page.screenshot({ path: "test-results/wallart-options.png", fullPage: false });

  const cta = calculator.locator(".calculator__cta");
  await expect(cta).toHaveAttribute("href", /canvasEdge=mirrored/);
  await expect(cta).toHaveAttribute("href", /canvasStretcherFrame=38/);
  await cta.click();
  await expect(page).toHaveURL(/\/designer\/photoframe\/?\?.*canvasStretcherFrame=38/);
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".studio__price strong")).toHaveText(chosen);

  // One photo in the frame, then into the basket (confirming the preflight's notes).
  const width = 3600;
  const height = 2400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % 255;
  const photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  await page
    .locator('.studio-tray input[type="file"]')
    .setInputFiles([{ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo }]);
  await expect(page.locator(".studio-tray__photo")).toHaveCount(1, { timeout: 20_000 });
  await page.getByRole("button", { name: "Place photo 1" }).click();
  await expect(page.locator(".studio__save")).toHaveText(/Saved/, { timeout: 15_000 });
  await page.getByRole("button", { name: "Add to basket" }).click();
  const warnings = page.locator(".studio-problem--warning");
  const line = page.locator(".cart-line").first();
  await expect(warnings.first().or(line)).toBeVisible({ timeout: 20_000 });
  if ((await warnings.count()) > 0) {
    for (const box of await warnings.getByRole("checkbox").all()) await box.check();
    await page.getByRole("button", { name: "Add to basket as it is" }).click();
  }
  await expect(line).toBeVisible({ timeout: 20_000 });
  await expect(line.locator(".cart-line__details")).toContainText("Edge: Mirrored edge");
  await expect(line.locator(".cart-line__details")).toContainText(
    "Stretcher frame: Deep frame (3.8 cm)",
  );
  await expect(line.locator(".cart-line__price")).toHaveText(chosen);
  await shop.expectAccessible();
});
