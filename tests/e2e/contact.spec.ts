/**
 * The contact form in the browser, on the card shop's German contact page: a form sent
 * with a wrong field names it and focuses it; a complete one solves the spam-protection
 * challenge, is sent in place and thanked for, and both mails (to customer service, with
 * the shopper as Reply-To, and the shopper's receipt) are in the development mailbox.
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

test("a message from the contact page is sent in place and reaches the mailbox twice", async ({
  page,
  shop,
}) => {
  const stamp = Date.now();
  const email = `kontakt.${stamp}@example.de`;
  const name = `Anna Kontakt ${stamp}`;
  await shop.visit(url("localhost", "/service/kontakt"));
  const form = await contactForm(page);
  await expect(form.getByText("Miriam Albers")).toBeVisible();

  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(form.getByText("Bitte geben Sie Ihren Namen ein.")).toBeVisible();
  await expect(form.getByLabel("Ihr Name")).toBeFocused();
  await expect(form.getByLabel("Ihr Name")).toHaveAttribute("aria-invalid", "true");
  await shop.expectAccessible();

  await form.getByLabel("Ihr Name").fill(name);
  await form.getByLabel("Ihre E-Mail-Adresse").fill(email);
  await form.getByLabel("Thema").selectOption("Frage zu meiner Bestellung");
  await form.getByLabel("Bestellnummer (optional)").fill("CD-2026-000123");
  await form.getByLabel("Ihre Nachricht").fill("Meine Karten sind noch nicht angekommen.");
  // The last field leads on to the button, which the keyboard sends.
  await form.getByLabel("Ihre Nachricht").press("Tab");
  await expect(form.getByRole("button", { name: "Nachricht senden" })).toBeFocused();
  await page.keyboard.press("Enter");

  const thanks = form.getByRole("status");
  await expect(thanks).toContainText("Vielen Dank für Ihre Nachricht!", { timeout: 20_000 });
  await expect(thanks).toBeFocused();
  await shop.expectAccessible();

  await page.goto(url("localhost", "/_mailbox"));
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: email })
      .filter({ hasText: "Ihre Nachricht an Cardelia" }),
  ).toHaveCount(1);
  await page
    .getByRole("listitem")
    .filter({ hasText: `Kontaktformular: Frage zu meiner Bestellung – ${name}` })
    .getByRole("link")
    .click();
  await expect(page.getByText("To: service@cardelia.example")).toBeVisible();
  await expect(page.getByText(`Reply-To: ${email}`)).toBeVisible();
  await expect(page.getByRole("article")).toContainText("Meine Karten sind noch nicht angekommen.");
  await expect(page.getByRole("article")).toContainText("CD-2026-000123");
});
