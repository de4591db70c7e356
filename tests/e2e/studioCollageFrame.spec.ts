/**
 * A heart collage of twenty photos and a framed 30 x 40 poster, designed in the studio of
 * the wall-art shop and put into the cart at the price their product pages give: the
 * collage panel lays the heart out for the twenty photos and places them shuffled; the
 * frame panel shows the frame chosen on the page and changes its colour (by keyboard) and
 * mat, with the picture drawn in its frame, and the cart line names them. Axe on both
 * studios.
 */
import type { Page } from "@playwright/test";
import { expect, test, url, withConsent, type Shop } from "./fixtures";
import { jpeg, openStudio, upload } from "./studioHelpers";

/** The product page's price and designer link for the calculator's choice the URL names. */
async function pageChoice(page: Page, shop: Shop, path: string) {
  await shop.visit(url("wallart", path));
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

test("a heart collage of twenty photos goes into the cart at its page's price", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(180_000);
  await withConsent(context, ["wallart.localhost"]);
  const { price, href } = await pageChoice(
    page,
    shop,
    "/fotocollage/heart?material=poster&format=600x400",
  );
  const choice = new URL(href, "http://x").searchParams;
  expect(choice.get("materialType")).toBe("poster");
  expect(choice.get("formatType")).toBe("600x400");
  // The heart page's link names its design group (3, the collage list's "Herz") and one poster.
  expect(choice.get("designId")).toBe("3");
  expect(choice.get("quantity")).toBe("1");
  await page.locator(".calculator .calculator__cta").click();
  await expect(page).toHaveURL(/\/designer\/collage/);
  await openStudio(page);
  await expect(page.locator(".studio__price strong")).toHaveText(price);
  const panel = page.locator(".collage-panel");
  await expect(panel).toContainText("Herz: 0 von 16 Feldern haben ein Foto.");

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
  await shop.expectAccessible();
  await page.screenshot({ path: "test-results/studio-heart.png", fullPage: true });
  await intoCart(page, shop, price);
});

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
});
