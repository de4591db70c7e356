/**
 * The product detail containers in the browser: a choice changes the options offered
 * after it, the price (the same as the price API's) and the configurator link, without a
 * reload; axe finds nothing after a change; the container works without JavaScript. The
 * calendar on a phone, the rest on a desktop; both brands, in the shops' currencies.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test, url } from "./fixtures";

const container = (page: Page, kind: string) => page.locator(`[data-details="${kind}"]`);
const priceOf = (box: Locator) => box.locator(".details__price .price-tag__current");
const ctaOf = (box: Locator) => box.locator(".details__cta");

/** The current price the shop API gives for a path, asked by the page (on its host). */
function apiPrice(page: Page, path: string): Promise<string> {
  return page.evaluate(async (target) => {
    const response = await fetch(target);
    if (!response.ok) throw new Error(`${target}: ${response.status}`);
    return ((await response.json()) as { price: { formatted: { current: string } } }).price
      .formatted.current;
  }, path);
}

/**
 * The calendar container on a phone (the other containers run on a desktop): a new type's
 * sizes are busy and its design link waits until the shop answers; then the type offers
 * only its own mountings and changes the price, the link and the price the API gives.
 */
test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a calendar type waits for the shop's answer, then offers only its mountings and changes price and link", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/fotokalender"));
    const box = container(page, "calendar");
    await box.scrollIntoViewIfNeeded();
    const before = await priceOf(box).textContent();
    // The shop's answer is held until the test lets it through (a slow, cold shop).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/web-api/product-details?**", async (route) => {
      await held;
      await route.continue();
    });
    await box.getByRole("radio", { name: "Tischkalender" }).check();
    const sizes = box.getByRole("group", { name: "Format" });
    await expect(sizes).toHaveAttribute("aria-busy", "true");
    for (const radio of await sizes.getByRole("radio").all()) await expect(radio).toBeDisabled();
    // The last answer's link would design a wall calendar: it is not followed.
    const cta = ctaOf(box);
    await expect(cta).toHaveAttribute("aria-disabled", "true");
    await expect(cta).not.toHaveAttribute("href");
    await cta.click({ force: true });
    await expect(page).toHaveURL(/\/fotokalender$/);
    await shop.expectAccessible();

    release();
    await expect(cta).toHaveAttribute("href", /calendarType=tischkalender/);
    await expect(sizes).not.toHaveAttribute("aria-busy");
    await expect(sizes.getByRole("radio").first()).toBeEnabled();
    const mountings = box.getByRole("group", { name: "Bindung" });
    await expect(mountings.getByRole("radio", { name: "Holzaufsteller" })).toBeVisible();
    await expect(mountings.getByRole("radio", { name: "Ohne Bindung" })).toHaveCount(0);
    await expect(priceOf(box)).not.toHaveText(before ?? "");
    await shop.expectAccessible();

    const href = (await cta.getAttribute("href")) ?? "";
    const link = new URL(href, page.url()).searchParams;
    await box.getByRole("spinbutton", { name: "Anzahl" }).fill("3");
    // The link carries the copies, so it follows the typed amount.
    link.set("quantity", "3");
    await expect(cta).toHaveAttribute("href", `${new URL(href, page.url()).pathname}?${link}`);
    const api = await apiPrice(
      page,
      `/web-api/calendar-price?calendarType=tischkalender&format=${link.get("formatType")}&mounting=${link.get("mounting")}&quantity=3`,
    );
    await expect(priceOf(box)).toHaveText(api);
    await page.screenshot({ path: "test-results/details-calendar-phone.png" });
  });
});

test("a photo book's pages and type change its price as the API prices it (us.cards)", async ({
  page,
  shop,
}) => {
  await shop.visit(url("us.cards", "/photo-book"));
  const box = container(page, "photobook");
  await box.scrollIntoViewIfNeeded();
  await expect(priceOf(box)).toContainText("$");
  const pages = box.getByRole("spinbutton", { name: "Pages" });
  await pages.fill("30");
  await expect(ctaOf(box)).toHaveAttribute("href", /pageCount=30/);
  const link = new URL((await ctaOf(box).getAttribute("href")) ?? "", page.url()).searchParams;
  const [type, cover] = (link.get("photobookType") ?? "").split("-");
  const paper = link.get("paper");
  const size = await box.getByRole("combobox").inputValue();
  await expect(priceOf(box)).toHaveText(
    await apiPrice(
      page,
      `/web-api/photobook-price?type=${type}&cover=${cover}&variantKey=${paper}&format=${size}&pages=30`,
    ),
  );
  // A booklet has one cover and one binding: they are stated, not offered.
  await box.getByRole("radio", { name: /Photo booklet/ }).check();
  await expect(ctaOf(box)).toHaveAttribute("href", /photobookType=fotoheft-soft/);
  await expect(box.getByRole("group", { name: /Einband|Cover/ })).toHaveCount(0);
  await expect(box.locator(".details__note")).toBeVisible();
  await expect(pages).toHaveValue(/^\d+$/);
});

// The German-speaking card shops' photo book container differs only in its labels and
// currency: in Switzerland a page count is priced in francs, as the API prices it.
test("the Swiss card shop prices a photo book's pages in francs, as the API does", async ({
  page,
  shop,
}) => {
  await shop.visit(url("ch.cards", "/fotobuch"));
  const box = container(page, "photobook");
  await box.getByRole("spinbutton", { name: "Seitenzahl" }).fill("30");
  await expect(ctaOf(box)).toHaveAttribute("href", /pageCount=30/);
  const link = new URL((await ctaOf(box).getAttribute("href")) ?? "", page.url()).searchParams;
  const [type, cover] = (link.get("photobookType") ?? "").split("-");
  const api = await apiPrice(
    page,
    `/web-api/photobook-price?type=${type}&cover=${cover}&variantKey=${link.get("paper")}&format=${await box.getByRole("combobox").inputValue()}&pages=30`,
  );
  expect(api).toContain("CHF");
  await expect(priceOf(box)).toHaveText(api);
});

test("a card sample is one card, and envelopes add to the price", async ({ page, shop }) => {
  await shop.visit(url("localhost", "/karten/wedding"));
  const box = container(page, "card");
  await box.scrollIntoViewIfNeeded();
  await expect(box.getByRole("radio", { name: "Goldfolie", exact: true })).toBeChecked();
  const without = await priceOf(box).textContent();
  await box.getByRole("radio", { name: /^C6/ }).check();
  await expect(priceOf(box)).not.toHaveText(without ?? "");
  await box.getByRole("checkbox", { name: /Muster/ }).check();
  await expect(box.getByRole("spinbutton", { name: "Anzahl" })).toBeDisabled();
  await expect(ctaOf(box)).toHaveAttribute(
    "href",
    // The design link carries the page's choice (here the C6 envelope) and one sample card.
    /^\/configurator-card\?themeId=hochzeit-001&.*envelope=accessory-envelope-162x114&quantity=1&s=sample(&|$)/,
  );
  await shop.expectAccessible();
});

test("a collage starts with the shop's default design and links to the collage configurator", async ({
  page,
  shop,
}) => {
  await shop.visit(url("wallart", "/fotocollage/"));
  const box = container(page, "collage");
  await expect(ctaOf(box)).toHaveAttribute("href", /\/configurator-collage\/?\?designId=1&/);
  await expect(priceOf(box)).toContainText("€");
});

test("accessories: a choice and a quantity made before the container's code runs are priced and added; the price list puts one piece into the cart", async ({
  page,
  shop,
}) => {
  // The container's code is held back until the shopper has chosen and typed (a slow line,
  // or a quick shopper): what they did in the server's form counts once it runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/DetailContainer-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await shop.visit(url("localhost", "/zubehoer"));
  const box = container(page, "accessory");
  await box.getByRole("radio", { name: "Geschenkband" }).check();
  await box.getByRole("spinbutton", { name: "Anzahl" }).fill("4");
  await expect(box).not.toHaveAttribute("data-live");
  release();
  const price = await apiPrice(page, "/price-api/accessory?article=accessory-ribbon&quantity=4");
  await expect(priceOf(box)).toHaveText(price);
  await expect(box).toHaveAttribute("data-live", "true");
  await expect(box.getByRole("radio", { name: "Geschenkband" })).toBeChecked();
  await expect(box.getByRole("spinbutton", { name: "Anzahl" })).toHaveValue("4");
  await expect(box.getByRole("link", { name: "Passende Karten ansehen" })).toHaveAttribute(
    "href",
    "/karten",
  );
  await box.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page).toHaveURL(/\/warenkorb$/);
  await expect(page.getByText("Zubehör: Geschenkband")).toBeVisible();
  await expect(page.locator("main")).toContainText(price);

  await page.goBack();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "In den Warenkorb: Geschenkbox" }).click();
  await expect(page).toHaveURL(/\/warenkorb$/);
  await expect(page.getByText("Zubehör: Geschenkbox")).toBeVisible();
});

test("the poster page shows the frames for posters, the wooden frame first", async ({
  page,
  shop,
}) => {
  await shop.visit(url("wallart", "/poster/"));
  const frames = page.getByRole("region", { name: "Rahmen für Ihr Poster" });
  const first = frames
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") })
    .first();
  await expect(first.getByRole("heading")).toHaveText("Holzrahmen");
  await expect(first).toContainText("Standard für Poster");
  await expect(first.getByRole("img", { name: "Eiche" })).toBeVisible();
  await expect(
    first.getByRole("link", { name: "Mit diesem Rahmen gestalten: Holzrahmen" }),
  ).toHaveAttribute("href", /materialType=poster&frameType=holzrahmen/);
  await expect(frames.getByRole("heading", { name: /Schattenfugenrahmen/ })).toHaveCount(0);

  // The wooden frame's own page chooses its colour (by keyboard), mat and glazing, at the
  // frame's one price, and its design link carries them to the studio.
  await shop.visit(url("wallart", "/bilderrahmen/wood/?material=holzrahmen&format=400x300"));
  const calculator = page.locator(".calculator");
  const price = await calculator.locator(".calculator__price").textContent();
  const colours = calculator.getByRole("group", { name: "Rahmenfarbe" });
  await expect(colours.getByRole("radio", { name: "Natur" })).toBeChecked();
  await colours.getByRole("radio", { name: "Natur" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(colours.getByRole("radio", { name: "Eiche" })).toBeChecked();
  await calculator.getByRole("group", { name: "Passepartout" }).getByLabel("30 mm, creme").check();
  await calculator.getByRole("group", { name: "Verglasung" }).getByLabel("Museumsacryl").check();
  const cta = calculator.locator(".calculator__cta");
  await expect(cta).toHaveAttribute("href", /frameColour=oak/);
  await expect(cta).toHaveAttribute("href", /matType=mat-weiss&matSize=30&matColour=cream/);
  await expect(cta).toHaveAttribute("href", /glass=museum-acrylic/);
  await expect(calculator.locator(".calculator__price")).toHaveText(price ?? "");
  await shop.expectAccessible();
});

test("the bestsellers lead on with their SKU", async ({ page, shop }) => {
  await shop.visit(url("wallart", "/wandbilder/"));
  const bestsellers = page.getByRole("region", { name: "Bestseller" });
  const canvas = bestsellers.getByRole("link", { name: /Leinwand/ }).first();
  await expect(canvas).toHaveAttribute("href", /sku=wallart-bestsellers/);
  await expect(bestsellers).toContainText("€");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the calendar container is a form the server answers", async ({ page }) => {
    await page.goto(url("localhost", "/fotokalender"));
    const box = container(page, "calendar");
    await box.getByRole("radio", { name: "Tischkalender" }).check();
    await box.getByRole("button", { name: "Preis aktualisieren" }).click();
    await expect(page).toHaveURL(/calendarType=tischkalender/);
    await expect(ctaOf(box)).toHaveAttribute("href", /calendarType=tischkalender/);
    await expect(box.getByRole("radio", { name: "Holzaufsteller" })).toBeVisible();
  });
});
