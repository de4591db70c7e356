/**
 * The wishlist in the browser: a visitor of the card shop saves a design with the heart,
 * the header counts it, they sign up, and after confirming the mailed link the design is
 * on their wishlist page (their visitor's list became the customer's). Axe checks the page.
 */
import { confirmedAccount, expect, test, url, withConsent } from "./fixtures";

test("a visitor's saved design is still on the wishlist after sign-up", async ({
  page,
  context,
  shop,
}) => {
  // A sign-up hashes its password on purpose slowly; the mailbox adds a few pages.
  test.slow();
  await withConsent(context, ["localhost", "cards.localhost"]);
  await shop.visit(url("cards", "/themes/einschulung-001"));
  const heart = page.getByRole("main").getByRole("button", { name: "Auf die Wunschliste" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  const count = page.getByRole("banner").locator(".wishlist-badge");
  await expect(count).toHaveText("1");

  await confirmedAccount(page, {
    email: `wish.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.de`,
    password: "Winterwald-Kerze-42",
    firstName: "Wilma",
    lastName: "Wunsch",
  });
  await shop.visit(url("cards", "/wunschliste"));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Ihre Wunschliste");
  await expect(main.getByRole("link", { name: "Schulstart – Sternenglanz" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Jetzt gestalten" })).toHaveAttribute(
    "href",
    /themeId=einschulung-001/,
  );
  await expect(count).toHaveText("1");
});
