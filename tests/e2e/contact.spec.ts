/**
 * The contact form in the browser, on the card shop's German contact page: a form sent
 * with a wrong field names it and focuses it; a complete one solves the spam-protection
 * challenge, is sent in place and thanked for. Its two mails (to customer service, with the
 * shopper as Reply-To, and the shopper's receipt) are contactForm.http.test.ts's and
 * server/api/contactForm.test.ts's.
 */
import type { Page } from "@playwright/test";
import { expect, test, url, withConsent } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await withConsent(context, ["localhost", "cards.localhost"]);
});

/** The contact form once its code has loaded (before that, sending is a plain form post). */
async function contactForm(page: Page) {
  const section = page.locator(".contact-form[data-interactive]");
  await section.waitFor({ state: "attached", timeout: 15_000 });
  await section.scrollIntoViewIfNeeded();
  return page.getByRole("region", { name: "Schreiben Sie uns" });
}

test("a message from the contact page is sent in place and thanked for", async ({ page, shop }) => {
  const email = `kontakt.${Date.now()}@example.de`;
  await shop.visit(url("localhost", "/service/kontakt"));
  const form = await contactForm(page);
  await expect(form.getByText("Miriam Albers")).toBeVisible();

  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(form.getByText("Bitte geben Sie Ihren Namen ein.")).toBeVisible();
  await expect(form.getByLabel("Ihr Name")).toBeFocused();
  await expect(form.getByLabel("Ihr Name")).toHaveAttribute("aria-invalid", "true");
  await shop.expectAccessible();

  await form.getByLabel("Ihr Name").fill("Anna Kontakt");
  await form.getByLabel("Ihre E-Mail-Adresse").fill(email);
  await form.getByLabel("Thema").selectOption("Frage zu meiner Bestellung");
  await form.getByLabel("Bestellnummer (optional)").fill("CD-2026-000123");
  await form.getByLabel("Ihre Nachricht").fill("Meine Karten sind noch nicht angekommen.");
  // The last field leads on to the button, which the keyboard sends.
  await form.getByLabel("Ihre Nachricht").press("Tab");
  await expect(form.getByRole("button", { name: "Nachricht senden" })).toBeFocused();
  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().endsWith("/web-api/contact-form"),
  );
  await page.keyboard.press("Enter");
  // What the shopper typed is what is sent (the mails made of it are the HTTP tests').
  expect((await sent).postDataJSON()).toMatchObject({
    name: "Anna Kontakt",
    email,
    orderNumber: "CD-2026-000123",
    message: "Meine Karten sind noch nicht angekommen.",
  });

  const thanks = form.getByRole("status");
  await expect(thanks).toContainText("Vielen Dank für Ihre Nachricht!", { timeout: 20_000 });
  await expect(thanks).toBeFocused();
  await shop.expectAccessible();
});
