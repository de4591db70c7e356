/**
 * The studio's inputs beyond the file picker and the mouse, in the browser: photos dropped
 * onto the tray (a real drop event carrying files), a HEIF photo the browser can decode
 * turned into JPEG before upload and an iPhone HEIC it cannot refused in the shopper's
 * language; an element resized by keyboard with Alt + arrow keys as the studio's keyboard
 * note says; and on a phone, one finger panning a photo inside its frame and moving the
 * frame itself. Each change is checked in the design as the server saved it.
 */
import sharp from "sharp";
import { expect, test, url, withConsent } from "./fixtures";
import {
  expectSaved,
  jpeg,
  openCanvas,
  openStudio,
  savedElements,
  savedSurfaces,
  upload,
  type SavedElement,
} from "./studioHelpers";
import type { Page } from "@playwright/test";

/**
 * A small HEIF image in the AV1 coding (the container iPhones use, with the coding Chromium
 * decodes), and the same bytes declared as HEIC: its file type box names the "heic" brand
 * (HEVC coding), as an iPhone's photo does, which Chromium on Linux cannot decode.
 */
async function heifPair(): Promise<{ heif: Buffer; heic: Buffer }> {
  const heif = await sharp(await jpeg(320, 240, 160))
    .heif({ compression: "av1", quality: 70 })
    .toBuffer();
  expect(heif.subarray(4, 12).toString("latin1")).toBe("ftypavif");
  const heic = Buffer.from(heif);
  const ftypSize = heic.readUInt32BE(0);
  // Every brand of the file type box: major and compatible.
  for (let at = 8; at < ftypSize; at += 4)
    if (heic.subarray(at, at + 4).toString("latin1") === "avif") heic.write("heic", at, "latin1");
  expect(heic.subarray(4, 12).toString("latin1")).toBe("ftypheic");
  return { heif, heic };
}

/** Drops files onto the tray as the browser does: dragover (the tray shows it takes them), then drop. */
async function dropOnTray(page: Page, files: { name: string; type: string; buffer: Buffer }[]) {
  const tray = page.locator(".studio-tray");
  await tray.evaluate(
    (element, list) => {
      const data = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], f.name, { type: f.type }));
      }
      (window as unknown as { studioDrop: DataTransfer }).studioDrop = data;
      const init = { bubbles: true, cancelable: true, dataTransfer: data };
      element.dispatchEvent(new DragEvent("dragenter", init));
      element.dispatchEvent(new DragEvent("dragover", init));
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.buffer.toString("base64") })),
  );
  await expect(tray).toHaveClass(/studio-tray--over/);
  await tray.evaluate((element) => {
    const data = (window as unknown as { studioDrop: DataTransfer }).studioDrop;
    element.dispatchEvent(
      new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data }),
    );
  });
  await expect(tray).not.toHaveClass(/studio-tray--over/);
}

test("photos dropped on the tray upload; a HEIF is turned into JPEG first, a HEIC the browser cannot read is refused", async ({
  page,
  shop,
}) => {
  test.setTimeout(120_000);
  await openCanvas(page, shop);
  const uploads: { name: string | undefined; type: string | undefined }[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/web-api/studio/photos")) return;
    const body = request.postDataBuffer()?.toString("latin1") ?? "";
    uploads.push({
      name: /filename="([^"]+)"/.exec(body)?.[1],
      type: /Content-Type: (image\/[\w+-]+)/.exec(body)?.[1],
    });
  });
  const { heif, heic } = await heifPair();
  await dropOnTray(page, [
    { name: "strand.jpg", type: "image/jpeg", buffer: await jpeg(1200, 800, 30) },
    { name: "urlaub.heif", type: "image/heif", buffer: heif },
    { name: "IMG_0001.HEIC", type: "image/heic", buffer: heic },
    { name: "stadt.jpg", type: "image/jpeg", buffer: await jpeg(1200, 800, 220) },
  ]);

  // Three in the tray; the HEIC is named with the reason, in the shopper's language.
  await expect(page.locator(".studio-tray__photo")).toHaveCount(3, { timeout: 30_000 });
  const refused = page.locator(".studio-tray__uploads li", { hasText: "IMG_0001.HEIC" });
  await expect(refused.getByRole("alert")).toHaveText(
    /Dieses HEIC-Foto kann Ihr Browser nicht umwandeln\. Bitte speichern Sie es als JPEG/,
  );
  // The HEIF went to the server as a JPEG of its own pixels; the HEIC never left the browser.
  expect(uploads).toHaveLength(3);
  expect(uploads).toContainEqual({ name: "urlaub.jpg", type: "image/jpeg" });
  expect(uploads.map((u) => u.name)).not.toContain("IMG_0001.HEIC");
  // The converted photo is in the tray with its own pixels: the small copies' shapes are
  // the two 3:2 JPEGs' and the HEIF's 4:3 (to one decimal: a picture chosen from a srcset
  // has its natural size scaled to the tray's and rounded).
  const shapes = () =>
    page
      .locator(".studio-tray__photo img")
      .evaluateAll((images: HTMLImageElement[]) =>
        images.map((img) =>
          img.complete && img.naturalHeight > 0
            ? (img.naturalWidth / img.naturalHeight).toFixed(1)
            : "loading",
        ),
      );
  await expect.poll(async () => (await shapes()).sort()).toEqual(["1.3", "1.5", "1.5"]);
  await shop.expectAccessible();
  await refused.getByRole("button", { name: "Ausblenden" }).click();
  await expect(refused).toHaveCount(0);

  // A dropped photo is placed like any other (1200 px across 60 cm: too few for print).
  await page.getByRole("button", { name: "Foto 1 einsetzen" }).click();
  await expect(page.locator(".studio-element").first()).toContainText(/Zu gering \(\d+ ppi\)/);
});

test("Alt + arrow keys resize the selected element, as the studio's keyboard note says", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(120_000);
  await withConsent(context);
  await shop.visit(url("localhost", "/karten/wedding"));
  await page.locator('[data-details="card"]').first().locator(".details__cta").click();
  await openStudio(page);
  const greeting = page.locator(".studio__elements .studio-element", { hasText: "Text:" }).first();
  await expect(greeting).toHaveAccessibleDescription(
    /Alt \+ Pfeiltaste ändert seine Größe \(nach oben oder rechts: größer\); mit Umschalt in Schritten von 10 mm/,
  );
  await greeting.click();
  await expectSaved(page);
  const textOf = async () =>
    (await savedElements(page)).find((e) => e.kind === "text" && e.id === before.id)!;
  const before = (await savedElements(page)).find((e) => e.kind === "text")!;
  const long = (e: SavedElement) => Math.max(e.width, e.height);
  const centre = (e: SavedElement) => [e.x + e.width / 2, e.y + e.height / 2];

  await greeting.focus();
  await page.keyboard.press("Shift+Alt+ArrowUp");
  await expect
    .poll(async () => long(await textOf()), { timeout: 15_000 })
    .toBeCloseTo(long(before) + 10, 6);
  // It grows about its centre and keeps its shape.
  const larger = await textOf();
  expect(centre(larger)[0]).toBeCloseTo(centre(before)[0]!, 6);
  expect(centre(larger)[1]).toBeCloseTo(centre(before)[1]!, 6);
  expect(larger.width / larger.height).toBeCloseTo(before.width / before.height, 6);
  await page.keyboard.press("Alt+ArrowLeft");
  await page.keyboard.press("Alt+ArrowDown");
  await expect
    .poll(async () => long(await textOf()), { timeout: 15_000 })
    .toBeCloseTo(long(before) + 8, 6);
  // The arrow keys alone still move it (1 mm), and the page never left the studio.
  await expectSaved(page);
  const resized = await textOf();
  await page.keyboard.press("ArrowRight");
  await expect
    .poll(async () => (await textOf()).x, { timeout: 15_000 })
    .toBeCloseTo(resized.x + 1, 6);
  expect((await textOf()).width).toBeCloseTo(resized.width, 6);
  await expect(page).toHaveURL(/\/designer\/card\?/);
  await shop.expectAccessible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("one finger pans the photo inside its frame, and moves the frame", async ({
    page,
    shop,
  }) => {
    test.setTimeout(120_000);
    await openCanvas(page, shop);
    await upload(page, [{ name: "wide.jpg", buffer: await jpeg(3600, 2400, 90) }]);
    await page.getByRole("button", { name: "Foto 1 einsetzen" }).click();
    const frame = page.locator(".studio-element").first();
    await expect(frame).toContainText(/Gut|Ausreichend/);
    await frame.click();
    // Zoomed in, so the photo is larger than its frame and can be moved inside it.
    await page.getByRole("button", { name: "Foto vergrößern" }).click();
    await page.getByRole("button", { name: "Foto vergrößern" }).click();
    await expectSaved(page);
    const placed = async () => (await savedElements(page)).find((e) => e.kind === "photo")!;
    const start = await placed();
    const trim = (await savedSurfaces(page))[0]!.trim;

    const canvas = page.locator(".studio-canvas canvas").first();
    const cdp = await page.context().newCDPSession(page);
    /** One finger from the canvas's centre, `dx` px to the right in steps, and lifted. */
    const drag = async (dx: number) => {
      // The buttons tapped before may have scrolled the page: where the canvas is now.
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchStart",
        touchPoints: [{ x, y, id: 1 }],
      });
      for (let step = 1; step <= 6; step++)
        await cdp.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: [{ x: x + (dx * step) / 6, y, id: 1 }],
        });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };

    // "Adjust photo": the finger moves the photo inside the frame, never the frame.
    await page.getByRole("button", { name: "Foto anpassen" }).click();
    await drag(40);
    await expect
      .poll(async () => (await placed()).photo!.crop.offsetX, { timeout: 15_000 })
      .toBeGreaterThan(start.photo!.crop.offsetX + 5);
    const panned = await placed();
    expect(panned.x).toBe(start.x);
    expect(panned.photo!.crop.offsetY).toBeCloseTo(start.photo!.crop.offsetY, 6);
    // One undo takes the whole gesture back.
    await page.getByRole("button", { name: "Rückgängig" }).click();
    await expect
      .poll(async () => (await placed()).photo!.crop.offsetX, { timeout: 15_000 })
      .toBeCloseTo(start.photo!.crop.offsetX, 6);

    // Without "adjust photo" the finger moves the frame with its photo in it.
    await page.getByRole("button", { name: "Foto anpassen" }).click();
    await expect(page.getByRole("button", { name: "Foto anpassen" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await drag(-60);
    await expect
      .poll(async () => (await placed()).x, { timeout: 15_000 })
      .toBeLessThan(start.x - trim.width / 20);
    const moved = await placed();
    expect(moved.y).toBeCloseTo(start.y, 0);
    expect(moved.photo!.crop).toEqual(start.photo!.crop);
    await shop.expectAccessible();
  });
});
