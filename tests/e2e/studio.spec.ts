/**
 * The design studio in the browser, as a shopper uses it: a card theme from its page with
 * two photos placed, the greeting changed, undone and redone, the design found again after
 * a reload, the preflight's warning about a photo too small confirmed, and the design in
 * the cart at the page's price with its proof; a 60x40 canvas with a mirrored edge on the
 * wall-art shop; ten photo prints filled from ten photos uploaded at once. Each journey
 * runs once: the card and the prints on a desktop in euros, the canvas on a phone in the
 * Swiss wall-art shop, in francs (the studio's code is the same on both; the phone's own
 * gestures are tested in studioShell.spec.ts and studioInputs.spec.ts). Axe on every state.
 */
import { expect, test, url, withConsent } from "./fixtures";
import {
  expectProof,
  intoCart,
  jpeg,
  openStudio,
  ppiOf,
  reloadStudio,
  savedElements,
  savedSurfaces,
  upload,
} from "./studioHelpers";
import type { Page } from "@playwright/test";

/**
 * The text element of the page's design as the server has it saved, found by its words
 * (polled until the autosave brought them there): its id and top-left corner in mm.
 */
async function savedText(page: Page, words: string) {
  let found: { id: string; x: number; y: number } | undefined;
  await expect
    .poll(
      async () => {
        found = (await savedElements(page)).find(
          (e) => e.kind === "text" && e.lines?.join("\n") === words,
        );
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test.describe("on a desktop", () => {
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
    await page.screenshot({ path: `test-results/studio-card-desktop.png`, fullPage: true });

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
    await page.screenshot({ path: `test-results/studio-cart-desktop.png`, fullPage: true });
  });
});

/**
 * Canvas is sold from the wall-art shop's canvas page and photo prints from the card shop's
 * prints page (the other shop lists each only in its product overview, without a page
 * price). The canvas is designed on a phone in the Swiss wall-art shop, so francs are
 * compared; the prints on a desktop in the German card shop, in euros.
 */
test.describe("on a phone", () => {
  test.use(PHONE);
  test(`a 60x40 canvas with a mirrored edge from its page goes into the cart at the page's price (ch.wallart)`, async ({
    page,
    context,
    shop,
  }) => {
    test.setTimeout(120_000);
    await withConsent(context, ["ch.wallart.localhost"]);
    await shop.visit(url("ch.wallart", "/leinwand/"));
    const calculator = page.locator(".calculator");
    await expect(calculator.locator('input[name="material"][value="leinwand"]')).toBeChecked();
    await calculator.locator('input[name="format"][value="600x400"]').check();
    await calculator.getByRole("radio", { name: "Gespiegelte Kante" }).check();
    const cta = calculator.locator(".calculator__cta");
    await expect(cta).toHaveAttribute("href", /formatType=600x400/);
    await expect(cta).toHaveAttribute("href", /canvasEdge=mirrored/);
    const price = (await calculator
      .locator(".calculator__price .price-tag__current")
      .textContent())!.trim();
    expect(price).toMatch(/\d[.,]\d\d/);
    await cta.click();
    await expect(page).toHaveURL(/\/designer\/photoframe\/?\?.*canvasEdge=mirrored/);
    await openStudio(page);
    await expect(page.locator(".studio__price strong")).toHaveText(price);
    await expect(page).toHaveURL(/studioDesign=[\w-]{16,}/);
    // The canvas's wrap is the page's choice: the photo mirrored onto the sides.
    const [canvas] = await savedSurfaces(page);
    expect(canvas?.trim).toEqual({ width: 600, height: 400 });
    expect(canvas?.wrap?.edge).toBe("mirrored");

    // One after the other, so the tray lists them in this order.
    await upload(page, [{ name: "wide.jpg", buffer: await jpeg(3600, 2400, 90) }]);
    await upload(page, [{ name: "tiny.jpg", buffer: await jpeg(150, 100, 200) }]);
    await page.getByRole("button", { name: "Foto 1 einsetzen" }).click();
    const frame = page.locator(".studio-element").first();
    await expect(frame).toContainText(/Gut|Ausreichend/);
    // Zoomed in by its button: the photo's pixels spread wider, so fewer per inch.
    const fitted = await ppiOf(frame);
    await frame.click();
    await page.getByRole("button", { name: "Foto vergrößern" }).click();
    await expect.poll(() => ppiOf(frame)).toBeLessThan(fitted);
    const zoomed = await ppiOf(frame);
    // The tiny photo in its place is too small for 60 x 40 cm; undone, the zoomed photo is
    // back as it was; redone, the tiny one again.
    await page.getByRole("button", { name: "Foto 2 einsetzen" }).click();
    await expect(frame).toContainText("Zu gering");
    await page.getByRole("button", { name: "Rückgängig" }).click();
    await expect(frame).toContainText(/Gut|Ausreichend/);
    expect(await ppiOf(frame)).toBe(zoomed);
    await page.getByRole("button", { name: "Wiederholen" }).click();
    await expect(frame).toContainText("Zu gering");
    const small = await ppiOf(frame);
    await shop.expectAccessible();

    // The tab reloaded: the same design, the tiny photo in the frame.
    await reloadStudio(page);
    await expect(page.locator(".studio-tray__photo")).toHaveCount(2);
    await expect(frame).toContainText("Zu gering");
    expect(await ppiOf(frame)).toBe(small);
    await page.screenshot({ path: `test-results/studio-canvas-phone.png`, fullPage: true });

    // The preflight warns of it; confirmed, the canvas goes into the cart all the same.
    expect((await intoCart(page, shop)).join(" ")).toMatch(/Auflösung ist gering/);
    await expect(page).toHaveURL(/\/warenkorb\/$/);
    const line = page.locator(".cart-line").first();
    await expect(line.locator(".cart-line__price")).toHaveText(price);
    await expect(line.locator(".cart-line__details")).toContainText("Gespiegelte Kante");
    await expectProof(page);
    await shop.expectAccessible();
  });
});

test.describe("on a desktop", () => {
  test(`ten photo prints from the prints page are filled from ten photos and go into the cart at the page's price (localhost)`, async ({
    page,
    context,
    shop,
  }) => {
    test.setTimeout(120_000);
    await withConsent(context, ["localhost"]);
    await shop.visit(url("localhost", "/fotos-drucken"));
    const calculator = page.locator(".calculator");
    await calculator.locator('input[name="format"][value="130x90"]').check();
    await calculator.getByRole("combobox", { name: "Anzahl Fotos" }).selectOption("10");
    const cta = calculator.locator(".calculator__cta");
    await expect(cta).toHaveAttribute("href", /formatType=130x90&.*quantity=10(&|$)/);
    await expect(calculator.locator(".calculator__summary")).toContainText("10 Fotos");
    const price = (await calculator
      .locator(".calculator__price .price-tag__current")
      .textContent())!.trim();
    expect(price).toMatch(/\d[.,]\d\d/);
    await cta.click();
    await expect(page).toHaveURL(/\/designer\/photoprint\/?\?/);
    await openStudio(page);
    await expect(page.locator(".studio__price strong")).toHaveText(price);
    await expect(page).toHaveURL(/studioDesign=[\w-]{16,}/);
    await expect(page.locator(".studio-pages__page")).toHaveCount(10);

    // Ten photos at once through the picker (the last one far too small for a print),
    // then into the ten prints in one go: undone, the prints are empty again; redone, filled.
    await upload(
      page,
      await Promise.all(
        Array.from({ length: 10 }, async (_, i) => ({
          name: `print-${i + 1}.jpg`,
          buffer: i === 9 ? await jpeg(120, 80, 240) : await jpeg(1600, 1100, i * 25),
        })),
      ),
    );
    await page.getByRole("button", { name: "Fotos automatisch einsetzen" }).click();
    const first = page.getByRole("button", { name: "Seite 1 von 10: Abzug 1" });
    await first.click();
    const photoFrame = page.locator(".studio-element").first();
    await expect(photoFrame).toContainText(/Gut|Ausreichend/);
    await page.getByRole("button", { name: "Rückgängig" }).click();
    await expect(photoFrame).not.toContainText(/Gut|Ausreichend|Zu gering/);
    await page.getByRole("button", { name: "Wiederholen" }).click();
    await expect(photoFrame).toContainText(/Gut|Ausreichend/);
    await shop.expectAccessible();

    // The tab reloaded: every print still has its own photo, as the server saved them.
    await reloadStudio(page);
    await expect(page.locator(".studio-tray__photo")).toHaveCount(10);
    const placed = (await savedElements(page))
      .filter((e) => e.kind === "photo")
      .map((e) => e.photo?.photoId);
    expect(placed).toHaveLength(10);
    expect(new Set(placed).size).toBe(10);
    expect(placed).not.toContain(undefined);
    // Each photo once: the tiny one is on one of the prints, and the quality meter says so.
    const meters: string[] = [];
    for (let n = 1; n <= 10; n++) {
      await page.getByRole("button", { name: `Seite ${n} von 10: Abzug ${n}` }).click();
      await expect(photoFrame).toContainText(/Gut|Ausreichend|Zu gering/);
      meters.push((await photoFrame.textContent()) ?? "");
    }
    expect(meters.filter((m) => m.includes("Zu gering"))).toHaveLength(1);
    await page.screenshot({ path: `test-results/studio-prints-desktop.png`, fullPage: true });

    // The preflight warns of the tiny one; confirmed, the prints go into the cart.
    expect((await intoCart(page, shop)).join(" ")).toMatch(/Auflösung ist gering/);
    const line = page.locator(".cart-line").first();
    await expect(line.getByRole("spinbutton", { name: "Anzahl" })).toHaveValue("10");
    await expect(line.locator(".cart-line__price")).toHaveText(price);
    await expectProof(page);
    await shop.expectAccessible();
  });
});
