/**
 * The design studio in the browser, as a shopper uses it: a card theme from its page with
 * two photos placed, the greeting changed, undone and redone, the design found again after
 * a reload, the preflight's warning about a photo too small confirmed, and the design in
 * the cart at the page's price with its proof; a 60x40 canvas with a mirrored edge on the
 * wall-art shop; ten photo prints filled from ten photos uploaded at once. Phone and
 * desktop; axe on every state.
 */
import sharp from "sharp";
import { expect, test, url, withConsent, type Shop } from "./fixtures";
import type { Page } from "@playwright/test";

/** A JPEG of `width` x `height` with a gradient (not one flat colour, as a photo is not). */
async function jpeg(width: number, height: number, hue = 0): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = hue;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Uploads files through the tray's picker and waits until each is in the tray. */
async function upload(page: Page, files: { name: string; buffer: Buffer }[]) {
  const before = await page.locator(".studio-tray__photo").count();
  await page
    .locator('.studio-tray input[type="file"]')
    .setInputFiles(files.map((f) => ({ ...f, mimeType: "image/jpeg" })));
  await expect(page.locator(".studio-tray__photo")).toHaveCount(before + files.length, {
    timeout: 20_000,
  });
}

/**
 * The text element of the page's design as the server has it saved, found by its words
 * (polled until the autosave brought them there): its id and top-left corner in mm.
 */
async function savedText(page: Page, words: string) {
  const design = new URL(page.url()).searchParams.get("studioDesign")!;
  let found: { id: string; x: number; y: number } | undefined;
  await expect
    .poll(
      async () => {
        const read = await page.request.get(url("localhost", `/web-api/studio/designs/${design}`));
        const { document } = (await read.json()) as {
          document: {
            surfaces: {
              elements: { id: string; kind: string; x: number; y: number; lines?: string[] }[];
            }[];
          };
        };
        found = document.surfaces
          .flatMap((s) => s.elements)
          .find((e) => e.kind === "text" && e.lines?.join("\n") === words);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

async function openStudio(page: Page) {
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".studio-canvas canvas").first()).toBeVisible();
}

/** Adds the design to the cart through the preflight, confirming each warning; answers the warnings' texts. */
async function intoCart(page: Page, shop: Shop): Promise<string[]> {
  await expect(page.locator(".studio__save")).toHaveText(/Gespeichert/, { timeout: 15_000 });
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  const warnings = page.locator(".studio-problem--warning");
  const cart = page.locator(".cart-line").first();
  await expect(warnings.first().or(cart)).toBeVisible({ timeout: 20_000 });
  const texts = await warnings.allTextContents();
  if (texts.length > 0) {
    await shop.expectAccessible();
    const confirm = page.getByRole("button", { name: "So in den Warenkorb legen" });
    for (const box of await warnings.getByRole("checkbox").all()) {
      await expect(confirm).toBeDisabled();
      await box.check();
    }
    await confirm.click();
  }
  await expect(cart).toBeVisible({ timeout: 20_000 });
  return texts;
}

/** The cart line's proof has loaded (drawn from the print file) and its edit link leads back. */
async function expectProof(page: Page) {
  const proof = page.locator(".cart-line__design img").first();
  await expect(proof).toBeVisible();
  await expect
    .poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await expect(page.locator(".cart-line__edit").first()).toHaveAttribute(
    "href",
    /\/designer\/[a-z]+\/?\?.*studioDesign=/,
  );
}

for (const device of ["desktop", "phone"] as const) {
  test.describe(`on a ${device}`, () => {
    if (device === "phone")
      test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("a card theme with two photos and a new greeting goes into the cart at its page's price", async ({
      page,
      context,
      shop,
    }) => {
      test.setTimeout(120_000);
      await withConsent(context);
      await shop.visit(url("localhost", "/karten/wedding"));
      const container = page.locator('[data-details="card"]').first();
      const price = (await container.locator(".price-tag__current").first().textContent())!.trim();
      await container.locator(".details__cta").click();
      await expect(page).toHaveURL(/\/designer\/card\?/);
      await openStudio(page);
      await expect(page.locator(".studio__price strong")).toHaveText(price);
      await expect(page).toHaveURL(/studioDesign=[\w-]{16,}/);
      await shop.expectAccessible();

      // One after the other, so the tray lists them in this order.
      await upload(page, [{ name: "beach.jpg", buffer: await jpeg(1600, 1200, 40) }]);
      await upload(page, [{ name: "tiny.jpg", buffer: await jpeg(60, 40, 200) }]);
      // Each tray photo's button places it in the first empty frame.
      const frames = page.locator(".studio__elements .studio-element", { hasText: "Fotorahmen" });
      expect(await frames.count()).toBeGreaterThanOrEqual(1);
      await page.getByRole("button", { name: "Foto 1 einsetzen" }).click();
      await expect(frames.first()).toContainText(/Gut|Ausreichend/);
      if ((await frames.count()) > 1) {
        await frames.nth(1).click();
        await page.getByRole("button", { name: "Foto 2 einsetzen" }).click();
        await expect(frames.nth(1)).toContainText("Zu gering");
      } else {
        // One frame: the tiny photo replaces the good one, so the preflight has a warning.
        await page.getByRole("button", { name: "Foto 2 einsetzen" }).click();
        await expect(frames.first()).toContainText("Zu gering");
      }

      // The greeting, changed in the panel, undone and redone.
      const textItem = page
        .locator(".studio__elements .studio-element", { hasText: "Text:" })
        .first();
      await textItem.click();
      const greeting = page.getByRole("textbox", { name: "Text", exact: true });
      const original = await greeting.inputValue();
      await greeting.fill("Für Anna und Ben");
      await expect(textItem).toContainText("Für Anna und Ben");
      await page.getByRole("button", { name: "Rückgängig" }).click();
      await expect(greeting).toHaveValue(original);
      await page.getByRole("button", { name: "Wiederholen" }).click();
      await expect(greeting).toHaveValue("Für Anna und Ben");
      // The keyboard's shortcuts do the same outside a text field.
      await textItem.focus();
      await page.keyboard.press("Control+z");
      await expect(greeting).toHaveValue(original);
      await page.keyboard.press("Control+Shift+z");
      await expect(greeting).toHaveValue("Für Anna und Ben");
      // Arrow keys move the selected element; Shift moves 10 mm down, as the saved design has it.
      const greetingBox = await savedText(page, "Für Anna und Ben");
      await textItem.focus();
      await page.keyboard.press("Shift+ArrowDown");
      await expect
        .poll(async () => (await savedText(page, "Für Anna und Ben"))?.y, { timeout: 15_000 })
        .toBeCloseTo(greetingBox!.y + 10, 6);
      expect((await savedText(page, "Für Anna und Ben"))?.x).toBe(greetingBox!.x);
      await shop.expectAccessible();

      // Saved, reloaded: the design as it was left.
      await expect(page.locator(".studio__save")).toHaveText(/Gespeichert/, { timeout: 15_000 });
      await page.reload();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await openStudio(page);
      await expect(
        page.locator(".studio__elements .studio-element", { hasText: "Für Anna und Ben" }),
      ).toBeVisible();
      await expect(page.locator(".studio-tray__photo")).toHaveCount(2);
      await expect(page.locator(".studio__offer")).toHaveCount(0);
      await page.screenshot({ path: `test-results/studio-card-${device}.png`, fullPage: true });

      // A change the server never got (saving fails, the tab is closed): the browser's copy
      // is offered back when the design is opened again.
      await page.route(/\/web-api\/studio\/designs\/[\w-]+$/, (route) =>
        route.request().method() === "PUT" ? route.abort() : route.continue(),
      );
      await page
        .locator(".studio__elements .studio-element", { hasText: "Für Anna und Ben" })
        .click();
      await page.getByRole("textbox", { name: "Text", exact: true }).fill("Für Anna, Ben und Mia");
      await expect(page.locator(".studio__save")).toHaveText(/fehlgeschlagen/, { timeout: 15_000 });
      await page.unroute(/\/web-api\/studio\/designs\/[\w-]+$/);
      page.once("dialog", (dialog) => void dialog.accept());
      await page.reload();
      await openStudio(page);
      await expect(page.locator(".studio__offer")).toBeVisible();
      await shop.expectAccessible();
      await page.getByRole("button", { name: "Fassung wiederherstellen" }).click();
      await expect(
        page.locator(".studio__elements .studio-element", { hasText: "Für Anna, Ben und Mia" }),
      ).toBeVisible();

      const warnings = await intoCart(page, shop);
      expect(warnings.join(" ")).toMatch(/Auflösung ist gering/);
      await expect(page).toHaveURL(url("localhost", "/warenkorb"));
      await expect(page.locator(".cart-line").first()).toContainText(price);
      await expectProof(page);
      await shop.expectAccessible();
      await page.screenshot({ path: `test-results/studio-cart-${device}.png`, fullPage: true });
    });
  });
}

test("a 60x40 canvas with a mirrored edge goes into the cart with its proof", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(120_000);
  await withConsent(context, ["wallart.localhost"]);
  const origin = url("wallart", "");
  await shop.visit(
    `${origin}/designer/photoframe/?materialType=leinwand&formatType=600x400&quantity=1&canvasEdge=mirrored`,
  );
  await openStudio(page);
  await expect(page.locator(".studio__price strong")).toHaveText(/€/);
  await upload(page, [{ name: "wide.jpg", buffer: await jpeg(3600, 2400, 90) }]);
  await page.getByRole("button", { name: "Foto 1 einsetzen" }).click();
  await expect(page.locator(".studio-element").first()).toContainText(/Gut|Ausreichend/);
  // Adjust the photo by keyboard: zoom in, and the quality follows.
  await page.locator(".studio-element").first().click();
  await page.getByRole("button", { name: "Foto vergrößern" }).click();
  await shop.expectAccessible();
  await page.screenshot({ path: "test-results/studio-canvas.png", fullPage: true });
  await intoCart(page, shop);
  await expect(page).toHaveURL(/\/warenkorb\/$/);
  await expectProof(page);
});

test("ten photo prints are filled from ten photos uploaded at once", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(120_000);
  await withConsent(context);
  await shop.visit(
    url(
      "localhost",
      "/designer/photoprint?type=photoprint&width=130&height=90&finish=glossy&quantity=10",
    ),
  );
  await openStudio(page);
  await expect(page.locator(".studio-pages__page")).toHaveCount(10);
  await upload(
    page,
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => ({
        name: `print-${i + 1}.jpg`,
        buffer: await jpeg(1600, 1100, i * 25),
      })),
    ),
  );
  await page.getByRole("button", { name: "Fotos automatisch einsetzen" }).click();
  await page.getByRole("button", { name: "Seite 10 von 10: Abzug 10" }).click();
  await expect(page.locator(".studio-element").first()).toContainText(/Gut|Ausreichend/);
  const warnings = await intoCart(page, shop);
  expect(warnings).toEqual([]);
  await expect(
    page.locator(".cart-line").first().getByRole("spinbutton", { name: "Anzahl" }),
  ).toHaveValue("10");
  await expectProof(page);
});
