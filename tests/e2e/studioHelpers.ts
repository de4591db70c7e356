/**
 * What the studio's browser tests share: test photos, opening the studio, uploading through
 * the tray's picker, reading the design as the server saved it, going through the preflight
 * into the cart, the cart line's proof, and the print file of the design in the cart.
 */
import sharp from "sharp";
import { expect, url, withConsent, type Shop } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import type { ProductRef } from "../../domain/studio/document";
import type { PrintProfile } from "../../domain/studio/profiles";
import {
  PRINT_BOXES,
  profileOf,
  profileSheets,
  readPdfBoxes,
  sheetBoxes,
} from "../../server/testing/pdfBoxes";

/** A JPEG of `width` x `height` with a gradient (not one flat colour, as a photo is not). */
export async function jpeg(width: number, height: number, hue = 0): Promise<Buffer> {
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

/** The studio has opened: its toolbar and its canvas are there. */
export async function openStudio(page: Page) {
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".studio-canvas canvas").first()).toBeVisible();
}

/** A 60x40 canvas with a mirrored edge on the wall-art shop, opened by its designer link. */
export async function openCanvas(page: Page, shop: Shop) {
  await withConsent(page.context(), ["wallart.localhost"]);
  await shop.visit(
    `${url("wallart", "")}/designer/photoframe/?materialType=leinwand&formatType=600x400&quantity=1&canvasEdge=mirrored`,
  );
  await openStudio(page);
}

/** Uploads files through the tray's picker and waits until each is in the tray. */
export async function upload(page: Page, files: { name: string; buffer: Buffer }[]) {
  const before = await page.locator(".studio-tray__photo").count();
  await page
    .locator('.studio-tray input[type="file"]')
    .setInputFiles(files.map((f) => ({ ...f, mimeType: "image/jpeg" })));
  // Twenty photos at once take a while on a busy machine.
  await expect(page.locator(".studio-tray__photo")).toHaveCount(before + files.length, {
    timeout: 60_000,
  });
}

export interface SavedElement {
  id: string;
  kind: string;
  x: number;
  y: number;
  width: number;
  height: number;
  lines?: string[];
  photo?: {
    photoId: string;
    crop: { offsetX: number; offsetY: number; scale: number; rotation: number };
  } | null;
}

export interface SavedSurface {
  id: string;
  trim: { width: number; height: number };
  wrap?: { edge: string } | null;
  /** Prints and the photo box: how many times this picture is printed (1 when left out). */
  copies?: number;
  elements: SavedElement[];
}

/**
 * The surfaces of the page's design as the server has them saved now, read by the page
 * itself (its own host and visitor cookie; the test's request client cannot resolve the
 * brands' *.localhost names).
 */
export async function savedSurfaces(page: Page): Promise<SavedSurface[]> {
  const design = new URL(page.url()).searchParams.get("studioDesign");
  expect(design, "the studio's address names its design").toBeTruthy();
  const { status, body } = await page.evaluate(async (id) => {
    const response = await fetch(`/web-api/studio/designs/${id}`);
    return { status: response.status, body: await response.text() };
  }, design!);
  expect(status).toBe(200);
  return (JSON.parse(body) as { document: { surfaces: SavedSurface[] } }).document.surfaces;
}

/** The elements of the page's design (every surface) as the server has them saved now. */
export async function savedElements(page: Page): Promise<SavedElement[]> {
  return (await savedSurfaces(page)).flatMap((s) => s.elements);
}

/** The studio says everything is saved on the server. */
export async function expectSaved(page: Page) {
  await expect(page.locator(".studio__save")).toHaveText(/Gespeichert/, { timeout: 20_000 });
}

/** Reloads the tab (the design's address stays) and waits for the studio again. */
export async function reloadStudio(page: Page) {
  await expectSaved(page);
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await openStudio(page);
  // Nothing unsaved was left in the browser, so no older copy is offered back.
  await expect(page.locator(".studio__offer")).toHaveCount(0);
}

/** The effective resolution the element list names for a frame ("Gut (212 ppi)"). */
export async function ppiOf(item: Locator): Promise<number> {
  const text = (await item.textContent()) ?? "";
  const match = /\((\d+) ppi\)/.exec(text);
  expect(match, `ppi in "${text}"`).not.toBeNull();
  return Number(match![1]);
}

/** Adds the design to the cart through the preflight, confirming each warning; answers the warnings' texts. */
export async function intoCart(page: Page, shop: Shop): Promise<string[]> {
  await expectSaved(page);
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
export async function expectProof(page: Page) {
  const proof = page.locator(".cart-line__design img").first();
  await expect(proof).toBeVisible();
  await expect
    .poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await expect(page.locator(".cart-line__edit").first()).toHaveAttribute(
    "href",
    /\/designer\/[a-z]+\/?\?.*studioDesign=/,
  );
}

/** The proof viewer's words as the studio says them in the shop's language. */
export const PROOF_WORDS = {
  de: {
    open: "Vorschau aller Seiten",
    title: "Vorschau aus der Druckdatei",
    spreads: "Doppelseiten",
  },
  fr: {
    open: "Aperçu de toutes les pages",
    title: "Épreuve tirée du fichier d'impression",
    spreads: "Doubles pages",
  },
} as const;

/**
 * The proof of every page before the cart (pictures drawn from the print file), checked by
 * axe page by page and as spreads once the pictures are there: the arrow key turns from the
 * first page to the next, the spreads show `spread` pictures side by
 * side at the second spread, and Escape closes it with the focus back on its button.
 */
export async function expectProofAccessible(
  page: Page,
  shop: Shop,
  words: (typeof PROOF_WORDS)[keyof typeof PROOF_WORDS],
  spread: number,
) {
  const opener = page.getByRole("button", { name: words.open });
  // The first picture waits for the print file, which many photos take a while to make on
  // a busy machine; its answer tells a failure from a slow one.
  const firstProof = page.waitForResponse((r) => /\/proof\/\d+\.jpg/.test(r.url()), {
    timeout: 150_000,
  });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: words.title });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const images = dialog.locator("img");
  const caption = dialog.locator("figcaption");
  const loaded = () =>
    images.evaluateAll((all: HTMLImageElement[]) =>
      all.every((img) => img.complete && img.naturalWidth > 0),
    );
  expect((await firstProof).status()).toBe(200);
  await expect.poll(loaded, { timeout: 30_000 }).toBe(true);
  await expect(images).toHaveCount(1);
  await page.keyboard.press("Home");
  const first = await caption.textContent();
  await page.keyboard.press("ArrowRight");
  await expect(caption).not.toHaveText(first!);
  await expect.poll(loaded, { timeout: 30_000 }).toBe(true);
  await shop.expectAccessible();

  await dialog.getByRole("button", { name: words.spreads }).click();
  await expect(dialog.getByRole("button", { name: words.spreads })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await expect(images).toHaveCount(spread);
  await expect.poll(loaded, { timeout: 30_000 }).toBe(true);
  await shop.expectAccessible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/**
 * The print file of the design in the cart (the first line's), downloaded by the shopper's
 * browser as the studio's API gives it (the shop's own host, the visitor's cookie) and read
 * with one pdfinfo call: as many pages as the design's print profile has sheets, each page
 * with the MediaBox, BleedBox, TrimBox and ArtBox of its sheet (points, to 0.05). Answers
 * the profile and the pages' boxes.
 */
export async function expectPrintFile(
  page: Page,
): Promise<{ profile: PrintProfile; boxes: Record<string, number[]>[] }> {
  const edit = await page.locator(".cart-line__edit").first().getAttribute("href");
  const design = new URL(edit ?? "", page.url()).searchParams.get("studioDesign");
  expect(design, "the cart line names its design").toBeTruthy();
  const read = await page.evaluate(async (id) => {
    const response = await fetch(`/web-api/studio/designs/${id}`);
    return { status: response.status, body: await response.text() };
  }, design!);
  expect(read.status).toBe(200);
  const { product } = (JSON.parse(read.body) as { document: { product: ProductRef } }).document;
  const profile = profileOf(product);
  const sheets = profileSheets(profile);

  const download = page.waitForEvent("download");
  await page.evaluate((href) => {
    const link = document.createElement("a");
    link.href = href;
    link.download = "print.pdf";
    document.body.append(link);
    link.click();
    link.remove();
  }, `/web-api/studio/designs/${design}/print.pdf`);
  const { pages, boxes } = readPdfBoxes(await (await download).path(), sheets.length);
  expect(pages, "the print file's pages").toBe(sheets.length);
  sheets.forEach((sheet, i) => {
    const want = sheetBoxes(sheet);
    for (const name of PRINT_BOXES)
      expect(boxes[i]?.[name], `page ${i + 1}'s ${name}`).toEqual(
        want[name].map((v) => expect.closeTo(v, 1)),
      );
  });
  return { profile, boxes };
}
