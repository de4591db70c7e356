/**
 * Recommending the shop, on the card shop's German page: a post without JavaScript (and so
 * without a spam-protection solution) is refused with the typed values kept; in the browser
 * an empty form names and focuses its first field, a complete one solves the challenge, is
 * thanked for, and the friend's mail with the voucher is in the development mailbox.
 */
import { expect, test, url, withConsent } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await withConsent(context, ["localhost"]);
});

test("a recommendation reaches the friend's mailbox with a first-order voucher", async ({
  page,
  shop,
}) => {
  const stamp = Date.now();
  const friend = `freundin.${stamp}@example.de`;
  const sender = `Anna Empfehlung ${stamp}`;

  // Without JavaScript the form still posts to its page; unsolved, it is refused, keeping the input.
  const plain = await page.request.post(url("localhost", "/empfehlung"), {
    form: { senderName: sender, senderEmail: "anna@example.de", friendEmail: friend },
  });
  expect(plain.status()).toBe(403);
  const html = await plain.text();
  expect(html).toContain("konnte nicht auf Spam geprüft werden");
  expect(html).toContain(`value="${friend}"`);

  await shop.visit(url("localhost", "/empfehlung"));
  const form = page.locator("form.recommendation-form[data-interactive]");
  await form.waitFor({ state: "attached", timeout: 15_000 });
  await form.getByRole("button", { name: "Empfehlung senden" }).click();
  await expect(form.getByText("Bitte geben Sie Ihren Namen ein.")).toBeVisible();
  await expect(form.getByLabel("Ihr Name")).toBeFocused();
  await shop.expectAccessible();

  await form.getByLabel("Ihr Name").fill(sender);
  await form.getByLabel("Ihre E-Mail-Adresse").fill("anna@example.de");
  await form.getByLabel("E-Mail-Adresse Ihrer Freundin oder Ihres Freundes").fill(friend);
  await form.getByLabel("Persönliche Nachricht (optional)").fill("Schau dir die Kalender an!");
  await form.getByRole("button", { name: "Empfehlung senden" }).click();
  const thanks = page.getByRole("status").filter({ hasText: "Vielen Dank für Ihre Empfehlung!" });
  await expect(thanks).toBeVisible({ timeout: 20_000 });
  await expect(thanks).toBeFocused();
  await shop.expectAccessible();

  await page.goto(url("localhost", "/_mailbox"));
  await page
    .getByRole("listitem")
    .filter({ hasText: friend })
    .filter({ hasText: `${sender} empfiehlt Ihnen Cardelia` })
    .getByRole("link")
    .click();
  await expect(page.getByText("Reply-To: anna@example.de")).toBeVisible();
  await expect(page.getByRole("article")).toContainText("Schau dir die Kalender an!");
  await expect(page.getByRole("article")).toContainText(/FRIEND-[A-Z0-9]{8}/);
});
