/**
 * Browsing to a product: the pre-configurator's card designs with filters, sort, page size
 * and pages in the URL (with and without JavaScript), the theme page with its prices, and
 * on to the designer. The list's filters, page size and pages on a phone; filtering in
 * place and the theme page on a desktop.
 */
import type { Page } from "@playwright/test";
import { expect, test, url } from "./fixtures";

const themeCards = (page: Page) => page.locator(".theme-list").getByRole("listitem");

test.describe("card design browsing on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a colour and 48 per page change the list and the URL at once", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/vorkonfigurator-karten"));
    await expect(themeCards(page)).toHaveCount(12);
    await page.screenshot({ path: "test-results/browsing-cards-phone.png" });
    const filters = page.getByRole("form", { name: "Designs filtern" });
    await filters.getByLabel("Farbe").selectOption({ label: "Rot" });
    await expect(page).toHaveURL(/\/vorkonfigurator-karten\?color=red$/);
    await filters.getByLabel("Pro Seite").selectOption("48");
    await expect(page).toHaveURL(/\/vorkonfigurator-karten\?color=red&pageSize=48$/);
    await expect(themeCards(page)).toHaveCount(48);
    await expect(page.getByRole("heading", { name: /^87 Designs · Seite 1$/ })).toBeVisible();
    await shop.expectAccessible();
    // The next page of the same list: focus moves to the list's heading.
    await page
      .getByRole("navigation", { name: "Seiten" })
      .getByRole("link", { name: "Seite 2" })
      .click();
    await expect(page).toHaveURL(/\?color=red&pageSize=48&page=2$/);
    await expect(themeCards(page)).toHaveCount(39);
    await expect(page.getByRole("heading", { name: /Seite 2$/ })).toBeFocused();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters still apply through the form's button", async ({ page }) => {
    await page.goto(url("localhost", "/vorkonfigurator-karten"));
    await expect(themeCards(page)).toHaveCount(12);
    const filters = page.getByRole("form", { name: "Designs filtern" });
    await filters.getByLabel("Farbe").selectOption({ label: "Rot" });
    await filters.getByLabel("Pro Seite").selectOption("48");
    await filters.getByRole("button", { name: "Anwenden" }).click();
    await expect(page).toHaveURL(/\/vorkonfigurator-karten\?.*color=red/);
    await expect(page).toHaveURL(/pageSize=48/);
    await expect(themeCards(page)).toHaveCount(48);
  });
});

test("a list that matches nothing says so and offers to reset the filters", async ({
  page,
  shop,
}) => {
  await shop.visit(
    url(
      "localhost",
      "/vorkonfigurator-karten?category=business&punching=heart&label=sale&color=red",
    ),
  );
  await expect(page.getByText("Kein Design passt zu Ihrer Auswahl.")).toBeVisible();
  await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
  await expect(page).toHaveURL(url("localhost", "/vorkonfigurator-karten"));
  await expect(themeCards(page)).toHaveCount(12);
});

test("a design leads to its page with prices and a sample link, and on to the designer with the quantity", async ({
  page,
  shop,
}) => {
  await shop.visit(url("localhost", "/vorkonfigurator-karten"));
  const first = themeCards(page).first().getByRole("link");
  const name = (await first.locator(".theme-card__name").textContent()) ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await shop.expectAccessible();
  await expect(page.getByText("Preis pro Karte")).toBeVisible();
  await expect(page.getByText(/ab 10 Stück/)).toBeVisible();
  await page.screenshot({ path: "test-results/theme-page.png", fullPage: true });
  // The sample link orders one card of this theme: the configurator link turns it into the
  // designer's sample (app/catalogue/configurator.http.test.ts; followed in configurator.spec).
  await expect(page.getByRole("link", { name: "Muster bestellen" })).toHaveAttribute(
    "href",
    /^\/configurator-card\?themeId=[\w-]+&cardType=[\w-]+&size=\d+x\d+&refinement=none&envelope=none&s=sample(&|$)/,
  );
  await page.getByLabel("Anzahl").fill("25");
  await page.getByRole("button", { name: "Jetzt gestalten" }).click();
  await expect(page).toHaveURL(
    /\/designer\/card\?themeId=[\w-]+&cardType=[\w-]+&size=\d+x\d+&refinement=none&envelope=none&quantity=25&sample=false/,
  );
  // The studio opens with the theme's own card (the one its page prices) and its price.
  await expect(page.locator(".studio__price strong")).toHaveText(/€$/);
});

test("a design's page shows its picture in its own proportions, not stretched to its square place", async ({
  page,
  shop,
}) => {
  // A folded card's design: its picture is upright, the place for it square.
  await shop.visit(url("localhost", "/themes/weihnachten-058"));
  const picture = page.locator(".theme-page__media img");
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const { natural, drawn } = await picture.evaluate((img: HTMLImageElement) => {
    const fit = getComputedStyle(img).objectFit;
    const natural = img.naturalWidth / img.naturalHeight;
    // "fill" draws the picture over the whole box; the other fits keep its proportions.
    return { natural, drawn: fit === "fill" ? img.clientWidth / img.clientHeight : natural };
  });
  expect(natural).toBeLessThan(0.9);
  expect(drawn).toBeCloseTo(natural, 2);
});

test("the product overview lists the families with from-prices and leads to each", async ({
  page,
  shop,
}) => {
  await shop.visit(url("localhost", "/products"));
  const families = page.getByRole("list", { name: "Unsere Produkte" });
  await expect(families.getByRole("link", { name: /^Karte ab \d+,\d\d/ })).toBeVisible();
  await families.getByRole("link", { name: /^Fotokalender/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fotokalender gestalten");
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Tischkalender/ })
    .click();
  await expect(page).toHaveURL(/\/designer\/calendar\?calendarType=tischkalender/);
});

test("a card category page shows its occasion's designs and leads to all of them", async ({
  page,
  shop,
}) => {
  await shop.visit(url("localhost", "/karten/christmas"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weihnachtskarten");
  await expect(page.locator(".theme-list .theme-card")).toHaveCount(12);
  await page.getByRole("link", { name: /^Alle \d+ Designs ansehen$/ }).click();
  await expect(page).toHaveURL(/\/vorkonfigurator-karten\?occasion=weihnachten$/);
  await expect(themeCards(page)).toHaveCount(12);
  // A filter keeps the occasion.
  await page
    .getByRole("form", { name: "Designs filtern" })
    .getByLabel("Farbe")
    .selectOption({ label: "Gold" });
  await expect(page).toHaveURL(/\?color=gold&occasion=weihnachten$/);
});

test("the design feed page filters in place: the list and the URL change, the page stays where it was", async ({
  page,
  shop,
}) => {
  await shop.visit(url("localhost", "/feed-card"));
  await expect(themeCards(page)).toHaveCount(12);
  const filters = page.getByRole("form", { name: "Designs filtern" });
  await filters.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await filters.getByLabel("Farbe").selectOption({ label: "Rot" });
  await expect(page).toHaveURL(/\/feed-card\?color=red$/);
  await expect(page.getByRole("heading", { name: /^87 Designs · Seite 1$/ })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  await shop.expectAccessible();
});
