/**
 * The cart in the browser: from a theme page through the designer into the cart,
 * the header's badge counting along, changes on the cart page, and the cart kept when the
 * visitor logs in: the cart page's changes on a phone, the log-in on a desktop.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { confirmedAccount, expect, test, url, withConsent } from "./fixtures";
import { fillFrames } from "./shopperOrder";

const PASSWORD = "Winterwald-Kerze-42";

const acceptCookies = (context: BrowserContext) => withConsent(context);

const badge = (page: Page) => page.getByRole("banner").locator(".cart-badge");

/** From the theme page to the designer and into the cart. */
async function addCards(page: Page, quantity: string) {
  await page.getByLabel("Anzahl").fill(quantity);
  await page.getByRole("button", { name: "Jetzt gestalten" }).click();
  await expect(page).toHaveURL(/\/designer\/card\?/);
  // The studio opens with a design of the page's choice: its configuration goes into the
  // cart as the studio puts it there (designing it is the studio spec's matter; the cart
  // page is this one's).
  await expect(page.locator(".studio__toolbar")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/studioDesign=/);
  const design = new URL(page.url()).searchParams.get("studioDesign")!;
  const read = await page.request.get(url("localhost", `/web-api/studio/designs/${design}`));
  expect(read.status()).toBe(200);
  const { configuration, document } = (await read.json()) as {
    configuration: Record<string, unknown>;
    document: { surfaces: { elements: { kind: string }[] }[] };
  };
  const origin = url("localhost", "").replace(/\/$/, "");
  await fillFrames(page, design, document, origin);
  const added = await page.request.post(url("localhost", "/web-api/cart/items"), {
    data: { ...configuration, studioDesign: design },
    headers: { origin },
  });
  expect(added.status()).toBe(201);
  await page.goto(url("localhost", "/warenkorb"));
  await expect(page).toHaveURL(url("localhost", "/warenkorb"));
}

test.describe("the cart on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("a designed card goes into the cart; quantity, voucher and removal work in place", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/themes/hochzeit-001"));
    await addCards(page, "10");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(badge(page)).toHaveText("1");
    const line = page.locator(".cart-line");
    await expect(line).toContainText("Karte");
    await shop.expectAccessible();
    await page.screenshot({ path: "test-results/cart-phone.png", fullPage: true });

    const before = await line.locator(".cart-line__price").textContent();
    await line.getByLabel("Anzahl").fill("50");
    await line.getByRole("button", { name: "Ändern" }).click();
    await expect(line.locator(".cart-line__price")).not.toHaveText(before ?? "");

    await page.getByLabel("Gutscheincode").fill("C-WELCOME10");
    await page.getByRole("button", { name: "Einlösen" }).click();
    await expect(page.getByText("Gutschein C-WELCOME10")).toBeVisible();
    await expect(page.locator(".cart__totals")).toContainText("Gutschein");

    await line.getByRole("button", { name: /^Entfernen/ }).click();
    await expect(page.getByText("Ihr Warenkorb ist leer.")).toBeVisible();
    await expect(badge(page)).toHaveText("0");
    await shop.expectAccessible();
  });
});

test("the cart a visitor filled stays theirs when they log in", async ({ page, shop, context }) => {
  await acceptCookies(context);
  // An account to log in to (signed up and confirmed through the API and the mailbox).
  const email = `cart.${Date.now()}@example.de`;
  // Confirming signs in: log out again to shop as a visitor.
  await confirmedAccount(page, { email, password: PASSWORD, firstName: "Clara", lastName: "Korb" });
  await page.request.post(url("localhost", "/web-api/customer-logout"));

  await shop.visit(url("localhost", "/themes/hochzeit-001"));
  await addCards(page, "25");
  await expect(badge(page)).toHaveText("1");
  // The desktop's cart page with its line (the phone's is scanned above).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await shop.expectAccessible();
  await page.screenshot({ path: "test-results/cart-desktop.png", fullPage: true });

  await page.getByRole("banner").getByRole("button", { name: "Anmelden" }).click();
  const dialog = page.getByRole("dialog", { name: "Anmelden" });
  await dialog.getByRole("textbox", { name: "E-Mail-Adresse" }).fill(email);
  await dialog.getByLabel("Passwort").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Anmelden" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("banner")).toContainText("Clara Korb");
  await expect(badge(page)).toHaveText("1");
  await page.reload();
  await expect(page.locator(".cart-line")).toHaveCount(1);
  await expect(page.locator(".cart-line").getByLabel("Anzahl")).toHaveValue("25");
});

test("a voucher checked on the vouchers page says what it gives and goes to the cart", async ({
  page,
  shop,
  context,
}) => {
  await acceptCookies(context);
  await shop.visit(url("localhost", "/gutscheine"));
  const block = page.getByRole("region", { name: "Gutschein prüfen" });
  await block.getByLabel("Gutscheincode").fill("C-EXPIRED");
  await block.getByRole("button", { name: "Prüfen" }).click();
  await expect(block.getByRole("status")).toHaveText("Der Gutschein C-EXPIRED ist abgelaufen.");
  await expect(page).toHaveURL(/\/gutscheine\?voucher=C-EXPIRED$/);

  await block.getByLabel("Gutscheincode").fill("C-WELCOME10");
  await block.getByRole("button", { name: "Prüfen" }).click();
  await expect(block.getByRole("status")).toContainText("10 % Rabatt");
  await shop.expectAccessible();
  await block.getByRole("button", { name: "Im Warenkorb einlösen" }).click();
  await expect(page).toHaveURL(/\/warenkorb$/);
  // The cart is empty yet: the voucher waits for the first article.
  await expect(page.getByText("Ihr Gutschein C-WELCOME10 ist vorgemerkt")).toBeVisible();
  await shop.expectAccessible();
});
