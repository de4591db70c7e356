/**
 * The calculator in the browser: material and format change the price and the designer
 * link, the more-formats dialog adds an extra option (axe with the dialog open), and the
 * form works without JavaScript; the whole journey on a phone, the price and the dialog on
 * a desktop in each brand and country. The formats and prices tables beside it fit a phone.
 */
import type { Page } from "@playwright/test";
import { expect, test, url } from "./fixtures";

const calculator = (page: Page) => page.locator(".calculator");
const price = (page: Page) => calculator(page).locator(".calculator__price");
const cta = (page: Page) => calculator(page).locator(".calculator__cta");

// The whole journey (material, format, the dialog's extra format and back) on a phone; a
// desktop chooses and opens the dialog in the storefront tests below.
test.describe("the calculator on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("material and format change the price and the designer link, and a format from the more-formats dialog joins the list as an extra option", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart", "/leinwand/"));
    await calculator(page).scrollIntoViewIfNeeded();
    await calculator(page).getByRole("radio", { name: "Acrylglas" }).check();
    await expect(cta(page)).toHaveAttribute("href", /materialType=acrylglas/);
    const first = await price(page).textContent();
    const formats = calculator(page).getByRole("group", { name: "Format" }).getByRole("radio");
    await formats.first().check();
    await expect(price(page)).not.toHaveText(first ?? "");
    const chosen = await formats.first().getAttribute("value");
    await expect(cta(page)).toHaveAttribute("href", new RegExp(`formatType=${chosen}`));
    await page.screenshot({ path: "test-results/calculator-phone.png" });

    const listed = await formats.count();
    await calculator(page).getByRole("link", { name: "Format nicht dabei?" }).click();
    const dialog = page.getByRole("dialog", { name: "Alle Formate" });
    await expect(dialog).toBeVisible();
    await shop.expectAccessible();
    const last = dialog.getByRole("button").filter({ hasNotText: /^$/ }).last();
    const size = (await last.locator("span").first().textContent()) ?? "";
    await last.click();
    await expect(dialog).toHaveCount(0);
    await expect(formats).toHaveCount(listed + 1);
    await expect(calculator(page).getByRole("radio", { name: new RegExp(size) })).toBeChecked();
    // Choosing a listed format again drops the extra option.
    await formats.first().check();
    await expect(formats).toHaveCount(listed);
  });
});

/** The calculator's price for a material and format, as the shop API gives it (asked by the page). */
function apiPrice(page: Page, product: string, material: string, format: string) {
  return page.evaluate(
    async ({ product, material, format }) => {
      const response = await fetch(`/web-api/calculator/reference?product=${product}`);
      const data = (await response.json()) as {
        options: {
          value: string;
          formats: { value: string; price: { formatted: { current: string } } | null }[];
        }[];
      };
      const option = data.options.find((o) => o.value === material);
      return option?.formats.find((f) => f.value === format)?.price?.formatted.current ?? null;
    },
    { product, material, format },
  );
}

/**
 * Chooses the calculator's second material (or its only one) and first format that can be
 * had, and expects the price the shop API gives for that choice, in the shop's currency.
 */
async function expectChoicePricedAsApi(page: Page, product: string, currency: string) {
  const materials = calculator(page).locator('input[name="material"]');
  const material = materials.nth((await materials.count()) > 1 ? 1 : 0);
  await material.check();
  const chosen = (await material.getAttribute("value")) ?? "";
  const formats = calculator(page).locator('input[name="format"]:not([disabled])');
  await formats.first().check();
  const format = (await formats.first().getAttribute("value")) ?? "";
  await expect(cta(page)).toHaveAttribute("href", new RegExp(encodeURIComponent(chosen)));
  const expected = await apiPrice(page, product, chosen, format);
  expect(expected).toContain(currency);
  await expect(price(page).locator(".price-tag__current")).toHaveText(expected ?? "");
}

// Every brand and country prices a choice as its shop API does, in its currency; the
// more-formats dialog is opened once in German and once in English. The card shops'
// photo book pages in Germany and Switzerland are priced in the SKU tests below.
for (const site of [
  {
    host: "wallart",
    path: "/leinwand/",
    product: "wallart",
    currency: "€",
    more: "Format nicht dabei?",
  },
  { host: "ch.wallart", path: "/leinwand/", product: "wallart", currency: "CHF", more: null },
  {
    host: "us.wallart",
    path: "/canvas-print/",
    product: "wallart",
    currency: "$",
    more: "Format not included?",
  },
  { host: "us.cards", path: "/photo-book", product: "photobook", currency: "$", more: null },
]) {
  test(`on ${site.host}${site.path} a choice is priced as the shop API prices it${site.more ? ", and the dialog adds a format" : ""}`, async ({
    page,
    shop,
  }) => {
    await shop.visit(url(site.host, site.path));
    await expectChoicePricedAsApi(page, site.product, site.currency);
    if (!site.more) return;

    const listed = await calculator(page).locator('input[name="format"]').count();
    await calculator(page).getByRole("link", { name: site.more }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await shop.expectAccessible();
    await dialog
      .getByRole("button")
      .filter({ hasNotText: /^$/ })
      .and(page.locator(":enabled"))
      .last()
      .click();
    await expect(dialog).toHaveCount(0);
    await expect(calculator(page).locator('input[name="format"]')).toHaveCount(listed + 1);
  });
}

test("a SKU preselects, and the card shop's photo book page prices a choice as the shop API does", async ({
  page,
  shop,
}) => {
  await shop.visit(url("wallart", "/leinwand/?sku=wallart-bestsellers"));
  await expect(calculator(page).getByRole("radio", { name: "Leinwand" })).toBeChecked();
  await shop.visit(url("localhost", "/fotobuch"));
  await expect(price(page)).toContainText("€");
  await expect(cta(page)).toHaveAttribute("href", /\/configurator-photobook\?printing=/);
  await expectChoicePricedAsApi(page, "photobook", "€");
});

test("a SKU preselects the photo book and its format in the Swiss card shop, priced as the shop API does", async ({
  page,
  shop,
}) => {
  await shop.visit(url("ch.cards", "/fotobuch?sku=photobook-start"));
  const material = calculator(page).locator('input[name="material"]:checked');
  const format = calculator(page).locator('input[name="format"]:checked');
  await expect(material).toHaveValue("digitalfotobuch");
  await expect(format).toHaveValue(/20x20|200x200/);
  const expected = await apiPrice(
    page,
    "photobook",
    "digitalfotobuch",
    (await format.getAttribute("value")) ?? "",
  );
  expect(expected).toContain("CHF");
  await expect(price(page).locator(".price-tag__current")).toHaveText(expected ?? "");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the photo book calculator in the US shop is a form the server answers", async ({
    page,
  }) => {
    await page.goto(url("us.cards", "/photo-book"));
    const materials = calculator(page).locator('input[name="material"]');
    const second = materials.nth(1);
    const value = (await second.getAttribute("value")) ?? "";
    await second.check();
    await calculator(page).getByRole("button", { name: "Show price" }).click();
    await expect(page).toHaveURL(new RegExp(`material=${value}`));
    await expect(calculator(page).locator('input[name="material"]:checked')).toHaveValue(value);
    await expect(price(page)).toContainText("$");
  });

  test("the calculator is a form the server answers", async ({ page }) => {
    await page.goto(url("wallart", "/leinwand/"));
    await calculator(page).getByRole("radio", { name: "Acrylglas" }).check();
    await calculator(page).getByRole("button", { name: "Preis anzeigen" }).click();
    await expect(page).toHaveURL(/material=acrylglas/);
    await expect(cta(page)).toHaveAttribute("href", /materialType=acrylglas/);
    await calculator(page).getByRole("link", { name: "Format nicht dabei?" }).click();
    await expect(page).toHaveURL(/formats=all/);
  });
});

test.describe("formats and prices on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("every material's sizes are a table with prices, in inches and dollars in the US", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart", "/formate-und-preise/"));
    const tables = page.getByRole("region", { name: "Alle Formate und Preise" });
    const canvas = tables.getByRole("table", { name: "Leinwand" });
    await expect(canvas.getByRole("columnheader")).toHaveText(["Format", "Preis"]);
    await expect(canvas.getByRole("row", { name: /^90 x 60 cm/ })).toContainText("€");
    // The table fits the phone: nothing scrolls sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await shop.visit(url("us.wallart", "/sizes-and-prices/"));
    const us = page.getByRole("region", { name: "All sizes and prices" });
    await expect(
      us.getByRole("table", { name: "Canvas" }).getByRole("rowheader").first(),
    ).toHaveText(/^\d+ x \d+ in$/);
    await expect(us.getByRole("table", { name: "Canvas" }).getByRole("cell").first()).toContainText(
      "$",
    );
  });
});

test("the photo box says how many photos of the most a box takes, as the number changes", async ({
  page,
  shop,
}) => {
  await shop.visit(url("gb.cards", "/photo-box"));
  const number = calculator(page).getByRole("combobox", { name: "Number of photos" });
  await number.scrollIntoViewIfNeeded();
  // The box chosen first is the small one, which takes up to 250 photos.
  await expect(number).toHaveAccessibleDescription("50 of 250");
  await number.selectOption("100");
  await expect(number).toHaveAccessibleDescription("100 of 250");
  await expect(calculator(page)).toContainText(/100 photos in format \d+ x \d+ cm/);
  await shop.expectAccessible();
});
