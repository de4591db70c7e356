/**
 * A heart collage of twenty photos in both brands' shops and a framed 30 x 40 poster in the
 * wall-art shop, designed in the studio and put into the cart at the price their product
 * pages give: the collage panel lays the heart out for the twenty photos and places them
 * shuffled, two photos change places by a pointer drag of one cell onto the other and two
 * by the keyboard's way (the element list and "swap with"); the frame panel shows the frame
 * chosen on the page and changes its colour (by keyboard) and mat, with the picture drawn
 * in its frame, and the cart line names them. Axe on every studio. Each print file has the
 * page and boxes of its print profile (a frame's ArtBox inside the rebate).
 */
import type { Page } from "@playwright/test";
import type Konva from "konva";
import { expect, test, url, withConsent, type Shop } from "./fixtures";
import {
  expectPrintFile,
  expectSaved,
  jpeg,
  openStudio,
  savedElements,
  upload,
} from "./studioHelpers";

/** The product page's price and designer link for the calculator's choice the URL names. */
async function pageChoice(page: Page, shop: Shop, host: string, path: string) {
  await shop.visit(url(host, path));
  const calculator = page.locator(".calculator");
  const price = (await calculator
    .locator(".calculator__price .price-tag__current")
    .textContent())!.trim();
  const href = (await calculator.locator(".calculator__cta").getAttribute("href"))!;
  return { price, href };
}

async function intoCart(page: Page, shop: Shop, price: string) {
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
  await expect(cart.locator(".cart-line__design img")).toBeVisible();
}

/** Where the heart page is in each brand: wall art with a chosen format, cards its default. */
const HEART_SHOPS = [
  {
    brand: "wall-art",
    host: "wallart",
    path: "/fotocollage/heart?material=poster&format=600x400",
    format: "600x400",
  },
  { brand: "cards", host: "localhost", path: "/fotocollage/heart", format: "500x500" },
] as const;

/** Each cell of the collage (by id) and the photo it holds, as the server has them saved. */
async function savedCells(page: Page): Promise<Record<string, string | undefined>> {
  const cells = (await savedElements(page)).filter((e) => e.id.startsWith("cell-"));
  return Object.fromEntries(cells.map((e) => [e.id, e.photo?.photoId]));
}

/** The centre of an element's frame on the screen, from the editor's own drawing (Konva). */
async function centreOf(page: Page, id: string): Promise<{ x: number; y: number }> {
  return page.evaluate((name) => {
    const konva = (window as unknown as { Konva: typeof Konva }).Konva;
    const stage = konva.stages.find((s) => s.container().isConnected)!;
    // A frame's group is placed by its centre (its offset is half its size).
    const centre = stage.findOne(`.${name}`)!.getAbsolutePosition();
    const box = stage.container().getBoundingClientRect();
    return { x: box.x + centre.x, y: box.y + centre.y };
  }, `element-${id}`);
}

for (const { brand, host, path, format } of HEART_SHOPS) {
  test(`a heart collage of twenty photos, two swapped by drag and two by keyboard, goes into the ${brand} cart at its page's price`, async ({
    page,
    context,
    shop,
  }) => {
    test.setTimeout(180_000);
    await withConsent(context, [host === "localhost" ? host : `${host}.localhost`]);
    const { price, href } = await pageChoice(page, shop, host, path);
    const choice = new URL(href, "http://x").searchParams;
    expect(choice.get("materialType")).toBe("poster");
    expect(choice.get("formatType")).toBe(format);
    // The heart page's link names its design group (3, the collage list's "Herz") and one poster.
    expect(choice.get("designId")).toBe("3");
    expect(choice.get("quantity")).toBe("1");
    await page.locator(".calculator .calculator__cta").click();
    await expect(page).toHaveURL(/\/designer\/collage/);
    await openStudio(page);
    await expect(page.locator(".studio__price strong")).toHaveText(price);
    const panel = page.locator(".collage-panel");
    await expect(panel).toContainText(/Herz: 0 von \d+ Feldern haben ein Foto\./);

    await upload(
      page,
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => ({
          name: `heart-${i + 1}.jpg`,
          buffer: await jpeg(600, 600, i * 12),
        })),
      ),
    );
    await panel.getByRole("button", { name: "Layout für meine 20 Fotos" }).click();
    await expect(panel).toContainText("Herz: 20 von 20 Feldern haben ein Foto.");
    await expect(panel.getByRole("combobox", { name: "Layout" })).toHaveValue("heart-20");
    await panel.getByRole("button", { name: "Fotos mischen" }).click();
    await expect(panel).toContainText("20 von 20");
    await expectSaved(page);

    // Two whole cells (not cut by the heart's outline): one dragged onto the other with the
    // pointer, and the two photos change places; the cells stay where the layout has them.
    const whole = (await savedElements(page)).filter(
      (e) => e.id.startsWith("cell-") && !(e as { clip?: unknown }).clip,
    );
    expect(whole.length).toBeGreaterThan(2);
    const [a, b] = [whole[0]!, whole.at(-1)!];
    const before = await savedCells(page);
    const from = await centreOf(page, a.id);
    const to = await centreOf(page, b.id);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
    const dragged = { ...before, [a.id]: before[b.id], [b.id]: before[a.id] };
    await expect.poll(() => savedCells(page), { timeout: 20_000 }).toEqual(dragged);
    const back = await centreOf(page, a.id);
    expect(back.x).toBeCloseTo(from.x, 1);
    expect(back.y).toBeCloseTo(from.y, 1);
    const moved = (await savedElements(page)).find((e) => e.id === a.id)!;
    expect([moved.x, moved.y]).toEqual([a.x, a.y]);

    // The keyboard's way: the frame chosen in the element list, "swap with", the other frame.
    const list = page.locator(".studio__elements .studio-element");
    const elements = (await savedElements(page)).map((e) => e.id);
    const [c, d] = [whole[1]!.id, whole.at(-2)!.id];
    await list.nth(elements.indexOf(c)).focus();
    await page.keyboard.press("Enter");
    await expect(list.nth(elements.indexOf(c))).toHaveAttribute("aria-pressed", "true");
    const swap = page.getByRole("button", { name: "Foto tauschen mit …" });
    await swap.focus();
    await page.keyboard.press("Enter");
    await expect(swap).toHaveAttribute("aria-pressed", "true");
    await list.nth(elements.indexOf(d)).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => savedCells(page), { timeout: 20_000 })
      .toEqual({ ...dragged, [c]: dragged[d], [d]: dragged[c] });
    await shop.expectAccessible();
    await page.screenshot({ path: `test-results/studio-heart-${brand}.png`, fullPage: true });
    await intoCart(page, shop, price);
    // The print file: the one picture, the sheet of its material and format.
    const { profile, boxes } = await expectPrintFile(page);
    expect(profile.key).toBe(`collage/poster/${format}`);
    expect(boxes).toHaveLength(1);
  });
}

test("a framed 30 x 40 poster goes into the cart at its page's price, shown in its frame", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(120_000);
  await withConsent(context, ["wallart.localhost"]);
  const { price, href } = await pageChoice(
    page,
    shop,
    "wallart",
    "/bilderrahmen/wood?material=holzrahmen&format=400x300",
  );
  expect(href).toContain("frameType=holzrahmen");
  await page.locator(".calculator .calculator__cta").click();
  await expect(page).toHaveURL(/\/designer\/photoframe/);
  await openStudio(page);
  await expect(page.locator(".studio__price strong")).toHaveText(price);
  const panel = page.locator(".frame-panel");
  await expect(panel).toContainText("Holzrahmen");
  await expect(panel).toContainText("Sichtbar: 390 × 290 mm");

  await upload(page, [{ name: "landscape.jpg", buffer: await jpeg(2400, 1800, 60) }]);
  await page.getByRole("button", { name: "Foto 1 einsetzen" }).click();
  await expect(panel.locator(".frame-preview image")).toHaveCount(1);

  // The frame's colour by keyboard (an arrow moves through the radio group), the mat by a
  // click: the preview follows, the price stays the frame's one price.
  const colours = panel.getByRole("group", { name: "Farbe" });
  await expect(colours.getByRole("radio", { name: "Natur" })).toBeChecked();
  await colours.getByRole("radio", { name: "Natur" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(colours.getByRole("radio", { name: "Eiche" })).toBeChecked();
  await expect(panel.getByRole("img", { name: /Holzrahmen, Eiche/ })).toBeVisible();
  await panel.getByRole("group", { name: "Passepartout" }).getByLabel("30 mm, creme").check();
  await expect(panel.locator(".frame-preview")).toHaveAttribute("viewBox", "0 0 490 390");
  await expect(page.locator(".studio__price strong")).toHaveText(price);
  await shop.expectAccessible();
  await page.screenshot({ path: "test-results/studio-framed.png", fullPage: true });
  await intoCart(page, shop, price);
  // The line names the frame that is made.
  await expect(page.locator(".cart-line").first()).toContainText("Rahmenfarbe: Eiche");
  await expect(page.locator(".cart-line").first()).toContainText("Passepartout-Farbe: creme");
  // The print file: the picture's sheet, its ArtBox the part the frame's rebate leaves seen.
  const { profile, boxes } = await expectPrintFile(page);
  expect(profile.key).toBe("photoframe/holzrahmen/400x300");
  expect(profile.rebate).toBeGreaterThan(0);
  expect(boxes).toHaveLength(1);
});
