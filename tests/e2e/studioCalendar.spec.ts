/**
 * A calendar in the studio, as a shopper in the Swiss French shop makes one: a wall
 * calendar starting in March from its product page, French month names and the Swiss
 * holidays in the grids, a canton chosen and a birthday added in the calendar's panel,
 * thirteen photos filled into the cover and the months, and the calendar in the cart at
 * the price its product page gave. Axe on the studio with the calendar's panel and its page
 * strip, and on the proof of its pages (page by page and as spreads). Its print file has the
 * pages and boxes of the calendar's print profile. The wall-art shop sells wall calendars
 * too: from its own calendar page, the same calendar in its studio and its cart at its
 * page's price (the grids' language and holidays are the studio's, checked once above).
 */
import type { Locator } from "@playwright/test";
import sharp from "sharp";
import { expect, test, url, withConsent } from "./fixtures";
import { expectPrintFile, expectProofAccessible, PROOF_WORDS } from "./studioHelpers";

/** A 2400 x 2400 JPEG of its own colours (enough pixels for an A3 page, each file different). */
async function photo(hue: number): Promise<Buffer> {
  const small = Buffer.alloc(48 * 36 * 3);
  for (let y = 0; y < 36; y++)
    for (let x = 0; x < 48; x++) {
      const i = (y * 48 + x) * 3;
      small[i] = (x * 255) / 48;
      small[i + 1] = (y * 255) / 36;
      small[i + 2] = hue;
    }
  return sharp(small, { raw: { width: 48, height: 36, channels: 3 } })
    .resize(2400, 2400)
    .jpeg({ quality: 70 })
    .toBuffer();
}

/**
 * Chooses the next March the calendar's product box offers (whatever today is) and opens
 * the studio with its button; answers that month ('YYYY-03') and the price the box showed.
 */
async function startInMarch(box: Locator): Promise<{ march: string; price: string }> {
  const start = box.getByLabel("Mois de départ");
  const march = await start
    .locator("option")
    .evaluateAll((options) =>
      options.map((o) => o.getAttribute("value") ?? "").find((v) => v.endsWith("-03")),
    );
  expect(march).toBeTruthy();
  await start.selectOption(march!);
  await expect(box.locator(".details__cta")).toHaveAttribute("href", /startDate=\d{4}-03/);
  const price = (await box.locator(".details__price .price-tag__current").textContent())!.trim();
  await box.locator(".details__cta").click();
  return { march: march!, price };
}

test("a wall calendar from March in fr-CH: French months, Swiss holidays, into the cart at its page's price", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(360_000);
  await withConsent(context, ["ch.cards.localhost"]);
  await shop.visit(url("ch.cards", "/fr/calendrier-photo"));
  const box = page.locator('[data-details="calendar"]').first();
  await box.scrollIntoViewIfNeeded();
  await box.getByRole("radio", { name: "Calendrier mural" }).check();
  await box.getByRole("radio", { name: "Reliure spirale" }).check();
  const { march, price } = await startInMarch(box);

  await expect(page).toHaveURL(/\/designer\/calendar\/?\?/);
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/studioDesign=[\w-]{16,}/);
  await expect(page.locator(".studio__price strong")).toHaveText(price);
  const year = march.slice(0, 4);
  // Come from the product page, the page gets the room beside the panels on a desktop (the
  // stand-in's narrow column once squeezed it to a thumbnail).
  await expect
    .poll(async () => (await page.locator(".studio-canvas canvas").first().boundingBox())?.width)
    .toBeGreaterThanOrEqual(400);

  // The pages: the cover, then March of that year in French.
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("button", { name: /^Page \d+ sur 13/ })).toHaveCount(13);
  await pages.getByRole("button", { name: /^Page 2 sur 13/ }).click();
  // The grid is read from the page as the strip draws it; the element list keeps to what the
  // shopper places (the page's photo frame), not the hundred locked grid texts.
  const grid = pages.locator('button[aria-current="page"] svg text');
  await expect(grid.filter({ hasText: `Mars ${year}` })).toHaveCount(1);
  await expect(grid.filter({ hasText: /Lun\./ })).toHaveCount(1);
  const elements = page.locator(".studio__elements .studio-element");
  await expect(elements.filter({ hasText: "Cadre photo" }).first()).toBeVisible();
  await expect(elements.filter({ hasText: /Mars|Lun\./ })).toHaveCount(0);

  // The calendar's panel: Vaud's holidays, and a birthday on the national day.
  const panel = page.locator(".calendar-panel");
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await panel.getByLabel("Jours fériés de la région").selectOption("VD");
  // Redrawn once the canton's holidays are in (asked from the shop, once per canton).
  await expect(panel.getByLabel("Jours fériés de la région")).toBeEnabled({ timeout: 20_000 });
  await panel.getByRole("spinbutton", { name: "Jour" }).fill("32");
  await panel.getByLabel("Quoi (p. ex. un anniversaire)").fill("Anniversaire de Léa");
  await panel.getByRole("button", { name: "Ajouter la date" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Veuillez saisir un jour que compte ce mois.");
  await panel.getByRole("spinbutton", { name: "Jour" }).fill("1");
  await panel.getByRole("combobox", { name: /^Mois/ }).selectOption("8");
  await panel.getByRole("button", { name: "Ajouter la date" }).click();
  await expect(panel.getByRole("listitem")).toHaveText(/1 août: Anniversaire de Léa/);
  await shop.expectAccessible();

  // August: the Swiss national day, marked, and the birthday in its cell.
  await pages.getByRole("button", { name: /^Page 7 sur 13/ }).click();
  await expect(grid.filter({ hasText: `Août ${year}` })).toHaveCount(1);
  await expect(grid.filter({ hasText: "Fête nationale" })).toHaveCount(1);
  await expect(grid.filter({ hasText: "Anniversaire de Léa" })).toHaveCount(1);
  // January: Vaud's 2 January (Berchtoldstag), which Zurich does not have.
  await pages.getByRole("button", { name: /^Page 12 sur 13/ }).click();
  await expect(grid.filter({ hasText: "2 Janvier" })).toHaveCount(1);
  await page.screenshot({ path: "test-results/studio-calendar.png", fullPage: true });

  // Thirteen photos, one for each page's frame.
  const files = await Promise.all(
    Array.from({ length: 13 }, async (_, i) => ({
      name: `photo-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await photo(i * 19),
    })),
  );
  await page.locator('.studio-tray input[type="file"]').setInputFiles(files);
  await expect(page.locator(".studio-tray__photo")).toHaveCount(13, { timeout: 60_000 });
  await page.getByRole("button", { name: "Remplir les cadres avec mes photos" }).click();
  await expect(page.locator(".studio__save")).toHaveText(/Enregistré/, { timeout: 20_000 });
  // The proof of the thirteen pages, page by page and as spreads (a month beside a month).
  await expectProofAccessible(page, shop, PROOF_WORDS.fr, 2);

  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  // The preflight: warnings (if any) are confirmed one by one, as a shopper does.
  const warnings = page.locator(".studio-problem--warning");
  const cart = page.locator(".cart-line").first();
  await expect(warnings.first().or(cart)).toBeVisible({ timeout: 30_000 });
  if ((await warnings.count()) > 0) {
    for (const box of await warnings.getByRole("checkbox").all()) await box.check();
    await page.getByRole("button", { name: "Ajouter au panier tel quel" }).click();
  }
  await expect(cart).toBeVisible({ timeout: 30_000 });
  await expect(cart).toContainText(price);
  await expect(page.locator(".cart-line__edit").first()).toHaveAttribute(
    "href",
    /\/designer\/calendar\/?\?.*studioDesign=/,
  );
  // The print file: the cover and the twelve months, each page the sheet of its profile.
  const { profile, boxes } = await expectPrintFile(page);
  expect(profile.key).toMatch(/^calendar\/wandkalender\/spirale\//);
  expect(profile.binding).toBeTruthy();
  expect(boxes).toHaveLength(13);
});

test("a wall calendar from the wall-art shop's own page in fr-CH goes into its cart at the page's price", async ({
  page,
  context,
  shop,
}) => {
  test.setTimeout(240_000);
  await withConsent(context, ["ch.wallart.localhost"]);
  await shop.visit(url("ch.wallart", "/fr/calendriers-muraux/"));
  const box = page.locator('[data-details="calendar"]').first();
  await box.scrollIntoViewIfNeeded();
  const { march, price } = await startInMarch(box);

  await expect(page).toHaveURL(/ch\.wallart\.localhost.*\/designer\/calendar\/?\?/);
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".studio__price strong")).toHaveText(price);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("button", { name: /^Page \d+ sur 13/ })).toHaveCount(13);
  await pages.getByRole("button", { name: /^Page 2 sur 13/ }).click();
  const grid = pages.locator('button[aria-current="page"] svg text');
  await expect(grid.filter({ hasText: `Mars ${march.slice(0, 4)}` })).toHaveCount(1);

  const files = await Promise.all(
    Array.from({ length: 13 }, async (_, i) => ({
      name: `mural-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await photo(200 - i * 13),
    })),
  );
  await page.locator('.studio-tray input[type="file"]').setInputFiles(files);
  await expect(page.locator(".studio-tray__photo")).toHaveCount(13, { timeout: 60_000 });
  await page.getByRole("button", { name: "Remplir les cadres avec mes photos" }).click();
  await expect(page.locator(".studio__save")).toHaveText(/Enregistré/, { timeout: 20_000 });
  await shop.expectAccessible();

  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  const warnings = page.locator(".studio-problem--warning");
  const cart = page.locator(".cart-line").first();
  await expect(warnings.first().or(cart)).toBeVisible({ timeout: 30_000 });
  if ((await warnings.count()) > 0) {
    for (const box of await warnings.getByRole("checkbox").all()) await box.check();
    await page.getByRole("button", { name: "Ajouter au panier tel quel" }).click();
  }
  await expect(cart).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).host).toBe(new URL(url("ch.wallart", "/")).host);
  await expect(cart).toContainText(price);
  const { profile, boxes } = await expectPrintFile(page);
  expect(profile.key).toMatch(/^calendar\/wandkalender\//);
  expect(boxes).toHaveLength(13);
});
