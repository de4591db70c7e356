/**
 * The checkout in the browser, in both brands: a configured product into the cart, a guest
 * checkout in Germany with the test provider, approved, the confirmation page with the order
 * number, the confirmation and invoice mails in the outbox and the invoice's 19 % VAT (cards;
 * wall art to its confirmation with its own order number); a decline back to the checkout
 * with the cart intact, on a phone; Switzerland in CHF with 8.1 % and the invoice method's
 * QR-bill. Axe on every step; phone and desktop screenshots.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test, url, withConsent } from "./fixtures";
import { cartWith } from "./shopperOrder";

/** A product of each brand configured as its product page starts (every option's first choice). */
const CONFIGURED = { cards: "card", wallart: "collage" } as const;

/** Fills contact and delivery address, ticks the terms. */
async function fillCheckout(page: Page, postalCode: string, city: string) {
  const main = page.getByRole("main");
  await main.getByLabel("E-Mail-Adresse").fill(`gast.${Date.now()}@example.de`);
  const address = main.getByRole("group", { name: "Lieferadresse" });
  await address.getByLabel("Vorname").fill("Erika");
  await address.getByLabel("Nachname").fill("Muster");
  await address.getByLabel("Straße und Hausnummer").fill("Hauptstraße 5");
  await address.getByLabel("Postleitzahl").fill(postalCode);
  await address.getByLabel("Ort").fill(city);
  await main.getByRole("checkbox", { name: /AGB/ }).check();
}

const orderButton = (page: Page) =>
  page.getByRole("button", { name: "Zahlungspflichtig bestellen" });

test("cards: a guest pays with the test provider and gets the confirmation, the mails and an invoice with 19 % VAT", async ({
  page,
  shop,
  context,
}) => {
  await withConsent(context);
  await cartWith(page, "localhost", CONFIGURED.cards);
  await shop.visit(url("localhost", "/kasse"));
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible();
  await expect(page.locator(".checkout-totals")).toContainText("enthaltene MwSt. 19 %");
  await expect(page.locator(".checkout-line__mark").first()).toHaveText(
    "personalisiert – vom Widerruf ausgeschlossen",
  );

  // A wrong postal code comes back from the server with the field's message.
  await fillCheckout(page, "1234", "Berlin");
  await orderButton(page).click();
  await expect(
    page.getByText("Bitte geben Sie eine gültige Postleitzahl an (z. B. 10115)."),
  ).toBeVisible();
  await shop.expectAccessible();

  await page.getByRole("main").getByLabel("Postleitzahl").first().fill("10115");
  await page.getByRole("main").getByRole("checkbox", { name: /AGB/ }).check();
  // The phone's screenshot is the declined payment's (that test runs on a phone): resizing
  // this page back and forth just before ordering is no shopper's path.
  await page.screenshot({ path: "test-results/checkout-cards-desktop.png", fullPage: true });
  await orderButton(page).click();

  await expect(page).toHaveURL(/\/_test-payment\//);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await expect(page).toHaveURL(/\/bestellung\/[A-Za-z0-9_-]+\/danke\/?$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(
    page.getByRole("heading", { name: "Vielen Dank für Ihre Bestellung!" }),
  ).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent()) ?? "";
  expect(number).toMatch(/^C-\d{4}-\d{6}$/);
  await shop.expectAccessible();
  await page.screenshot({ path: "test-results/confirmation-cards.png", fullPage: true });

  // The jobs after payment send the mails at once, and the page says when each went out
  // (it asks the shop again by itself while one is on its way); then they are in the mailbox.
  const mails = page.getByTestId("order-mails");
  await expect(mails).toContainText(/Bestellbestätigung an \w\*\*\*@\S+ gesendet: /, {
    timeout: 30_000,
  });
  await expect(mails).toContainText(/Rechnung an \w\*\*\*@\S+ gesendet: /, { timeout: 30_000 });
  await shop.expectAccessible();
  await page.goto(url("localhost", "/_mailbox"));
  await expect(
    page.getByRole("link", { name: `Ihre Bestellung ${number}`, exact: false }),
  ).toBeVisible();
  // The invoice link serves the stored PDF.
  await page
    .getByRole("link", { name: `Ihre Rechnung zur Bestellung ${number}`, exact: false })
    .click();
  const pdfLink = await page
    .getByRole("article")
    .getByRole("link", { name: /Rechnung herunterladen/ })
    .getAttribute("href");
  const { type, bytes } = await page.evaluate(async (href) => {
    const response = await fetch(href);
    return {
      type: response.headers.get("content-type"),
      bytes: [...new Uint8Array(await response.arrayBuffer())],
    };
  }, new URL(pdfLink!).pathname);
  expect(type).toBe("application/pdf");
  const text = execFileSync("pdftotext", ["-layout", "-", "-"], {
    input: Buffer.from(bytes),
  }).toString();
  expect(text).toContain(number);
  expect(text).toMatch(/enthaltene MwSt\. 19\s%/);
});

// The wall-art brand's checkout is the same page: what differs is its own host, its own
// order numbers and its products; the mails and the invoice are checked for cards above.
test("wallart: a guest pays with the test provider and gets a confirmation with the brand's order number and 19 % VAT", async ({
  page,
  shop,
  context,
}) => {
  await withConsent(context);
  await cartWith(page, "wallart", CONFIGURED.wallart);
  await shop.visit(url("wallart", "/kasse"));
  await expect(page.locator(".checkout-totals")).toContainText("enthaltene MwSt. 19 %");
  await fillCheckout(page, "10115", "Berlin");
  await page.screenshot({ path: "test-results/checkout-wallart-desktop.png", fullPage: true });
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/_test-payment\//);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await expect(page).toHaveURL(/\/bestellung\/[A-Za-z0-9_-]+\/danke\/?$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("order-number")).toHaveText(/^W-\d{4}-\d{6}$/);
  await shop.expectAccessible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a declined payment returns to the checkout with the reason and the cart intact", async ({
    page,
    shop,
    context,
  }) => {
    await withConsent(context);
    await cartWith(page, "localhost", CONFIGURED.cards);
    await shop.visit(url("localhost", "/kasse"));
    await fillCheckout(page, "10115", "Berlin");
    await page.screenshot({ path: "test-results/checkout-cards-phone.png", fullPage: true });
    await orderButton(page).click();
    await expect(page).toHaveURL(/\/_test-payment\//);
    await page.getByRole("button", { name: "Decline payment" }).click();
    await expect(page).toHaveURL(/\/kasse\?payment=declined&order=/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("alert")).toContainText(
      "Die Zahlung wurde nicht ausgeführt (abgelehnt).",
    );
    await expect(page.locator(".checkout-line")).toHaveCount(1);
    await expect(orderButton(page)).toBeVisible();
    await shop.expectAccessible();
  });
});

test("Switzerland: the total in CHF with 8.1 % VAT, and the invoice method shows a QR-bill", async ({
  page,
  shop,
  context,
}) => {
  await withConsent(context);
  await cartWith(page, "ch.cards", CONFIGURED.cards);
  await shop.visit(url("ch.cards", "/kasse"));
  await expect(page.getByTestId("checkout-total")).toContainText("CHF");
  await expect(page.locator(".checkout-totals")).toContainText("enthaltene MwSt. 8.1 %");
  // Choosing express updates the summary in place (JavaScript asks for the page again).
  const standardTotal = await page.getByTestId("checkout-total").textContent();
  await page.getByRole("radio", { name: /Expressversand/ }).check();
  await expect(page).toHaveURL(/[?&]shipping=express/);
  await expect(page.locator(".checkout-totals")).toContainText("21.79");
  await expect(page.getByTestId("checkout-total")).not.toHaveText(standardTotal ?? "");
  await fillCheckout(page, "8001", "Zürich");
  await page.getByRole("radio", { name: "Rechnung (Überweisung)" }).check();
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/bestellung\/[A-Za-z0-9_-]+$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(
    page.getByRole("heading", { name: "Bitte überweisen Sie den Betrag" }),
  ).toBeVisible();
  await expect(page.getByTestId("payment-qr")).toHaveAttribute("data-qr-kind", "swiss_qr_bill");
  await expect(page.getByTestId("order-total")).toContainText("CHF");
  await expect(page.locator(".checkout-totals")).toContainText("Expressversand");
  // A transfer binds the order at once: its confirmation is sent (or on its way), no invoice yet.
  await expect(page.getByTestId("order-mails")).toContainText(/Bestellbestätigung/);
  await expect(page.getByTestId("order-mails")).not.toContainText(/Rechnung/);
  await shop.expectAccessible();
  await page.screenshot({ path: "test-results/order-ch-invoice.png", fullPage: true });
});
