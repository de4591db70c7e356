/**
 * Customer accounts in the browser: sign up, confirm through the mailed link (read in
 * the development mailbox) with the password chosen at sign-up, the header shows the name, log out, log in through the
 * header's dialog, reset a forgotten password, change the name and delete the account
 * from the overview; in both brands, and without JavaScript.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, url, withConsent } from "./fixtures";

const PASSWORD = "Winterwald-Kerze-42";

const acceptCookies = (context: BrowserContext) =>
  withConsent(context, [
    "localhost",
    "cards.localhost",
    "wallart.localhost",
    "ch.wallart.localhost",
  ]);

/** Opens the newest mail to an address in the mailbox and follows its button link. */
async function followMailedLink(page: Page, email: string, subject: RegExp) {
  await page.goto(url("localhost", "/_mailbox"));
  await page
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ hasText: subject })
    .first()
    .getByRole("link")
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  await page.getByRole("article").getByRole("link").click();
}

/**
 * Opens the newest sign-up link mailed to an address and types the password chosen at
 * sign-up on its page, which opens the account (a visit alone changes nothing).
 */
async function confirmSignUp(
  page: Page,
  email: string,
  subject: RegExp,
  labels: { password: string; logIn: string } = { password: "Passwort", logIn: "Anmelden" },
) {
  await followMailedLink(page, email, subject);
  const main = page.getByRole("main");
  await expect(main).toContainText(email);
  await main.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: labels.logIn }).click();
}

function uniqueEmail(name: string) {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.de`;
}

test.describe("customer accounts", () => {
  test.beforeEach(async ({ context }) => acceptCookies(context));
  // Each flow is a whole customer journey: several pages, mails and password hashes
  // (argon2id is slow on purpose), which takes half a minute on a shared CI machine.
  test.slow();

  test("cards: sign up, confirm by mail, see the name, log out", async ({ page, shop }) => {
    const email = uniqueEmail("anna");
    await shop.visit(url("localhost", "/konto/registrieren"));
    await page.getByRole("main").getByLabel("Vorname").fill("Anna");
    await page.getByRole("main").getByLabel("Nachname").fill("Schmidt");
    await page.getByRole("main").getByLabel("E-Mail-Adresse").fill(email);
    await page.getByRole("main").getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Konto anlegen" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Fast geschafft");
    await shop.expectAccessible();

    await followMailedLink(page, email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
    // The link's page asks for the password chosen at sign-up; visiting it logs nobody in.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-Mail-Adresse bestätigen");
    await expect(page.getByRole("banner").getByRole("button", { name: "Anmelden" })).toBeVisible();
    await shop.expectAccessible();
    await page.getByRole("main").getByLabel("Passwort", { exact: true }).fill("not my password");
    await page.getByRole("main").getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "E-Mail-Adresse oder Passwort ist falsch.",
    );
    await page.getByRole("main").getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/konto$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Konto");
    await expect(page.getByRole("banner")).toContainText("Anna Schmidt");
    await shop.expectAccessible();

    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(url("cards", "/"));
    await expect(page.getByRole("banner").getByRole("button", { name: "Anmelden" })).toBeVisible();
  });

  test("cards: the header's dialog shows a wrong password's message and logs in with the right one", async ({
    page,
    shop,
  }) => {
    // A confirmed account, made through the API and the mailed link.
    const email = uniqueEmail("ben");
    const signUp = await page.request.post(url("localhost", "/web-api/customer-signup"), {
      data: { email, password: PASSWORD, firstName: "Ben", lastName: "Bauer" },
    });
    expect(signUp.status()).toBe(202);
    await confirmSignUp(page, email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
    await expect(page).toHaveURL(/\/konto$/);
    await page.request.post(url("localhost", "/web-api/customer-logout"));

    await shop.visit(url("localhost", "/"));
    await page.getByRole("banner").getByRole("button", { name: "Anmelden" }).click();
    const dialog = page.getByRole("dialog", { name: "Anmelden" });
    await dialog.getByRole("textbox", { name: "E-Mail-Adresse" }).fill(email);
    await dialog.getByLabel("Passwort").fill("not my password");
    await dialog.getByRole("button", { name: "Anmelden" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
    await shop.expectAccessible();
    await dialog.getByLabel("Passwort").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Anmelden" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("banner")).toContainText("Ben Bauer");
    // The next page load asks customer-data and still knows the customer.
    await page.reload();
    await expect(page.getByRole("banner")).toContainText("Ben Bauer");

    // The logout page under its German word asks first; only its button ends the session.
    await shop.visit(url("localhost", "/abmelden"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abmelden");
    await shop.expectAccessible();
    await page.getByRole("main").getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(url("localhost", "/"));
    await expect(page.getByRole("banner").getByRole("button", { name: "Anmelden" })).toBeVisible();
    await expect(page.getByRole("banner")).not.toContainText("Ben Bauer");
  });

  test("wall art in French: a forgotten password is reset through the mailed link", async ({
    page,
    shop,
  }) => {
    const email = uniqueEmail("claire");
    await shop.visit(url("ch.wallart", "/fr/compte/inscription/"));
    await page.getByRole("main").getByLabel("Prénom").fill("Claire");
    await page.getByRole("main").getByLabel("Nom", { exact: true }).fill("Dubois");
    await page.getByRole("main").getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("main").getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Créer le compte" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Presque terminé");
    await confirmSignUp(page, email, /Veuillez confirmer votre adresse e-mail/, {
      password: "Mot de passe",
      logIn: "Se connecter",
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon compte");
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    // Logging out ends on the home page; the next visit waits for that.
    await expect(page).toHaveURL(url("ch.wallart", "/fr/"));

    await shop.visit(url("ch.wallart", "/fr/compte/mot-de-passe/"));
    await page.getByRole("main").getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("le lien est en route");
    await followMailedLink(page, email, /Votre nouveau mot de passe/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("main").getByLabel("Nouveau mot de passe").fill("short");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(
      page.getByText("Le mot de passe doit comporter au moins 10 caractères."),
    ).toBeVisible();
    await page
      .getByRole("main")
      .getByLabel("Nouveau mot de passe")
      .fill("Nouveau-Printemps-Lavande-9");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon compte");
    await expect(page.getByRole("banner")).toContainText("Claire Dubois");
  });

  test("the sign-up and log-in pages work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context);
    const page = await context.newPage();
    await page.goto(url("localhost", "/konto/anmelden"));
    await page.getByRole("main").getByLabel("E-Mail-Adresse").fill("nobody@example.de");
    await page.getByRole("main").getByLabel("Passwort").fill("whatever it is");
    await page.getByRole("main").getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
    await expect(page.getByRole("main").getByLabel("E-Mail-Adresse")).toHaveValue(
      "nobody@example.de",
    );
    await page.goto(url("localhost", "/konto/registrieren"));
    await page.getByRole("button", { name: "Konto anlegen" }).click();
    await expect(page.getByText("Bitte füllen Sie dieses Feld aus.").first()).toBeVisible();
    await context.close();
  });

  test("cards: from the overview, change the name in the personal data, then delete the account; the overview then sends the anonymous visitor to the log-in page", async ({
    page,
    shop,
  }) => {
    const email = uniqueEmail("dora");
    await shop.visit(url("localhost", "/konto/registrieren"));
    const main = page.getByRole("main");
    await main.getByLabel("Vorname").fill("Dora");
    await main.getByLabel("Nachname").fill("Schulz");
    await main.getByLabel("E-Mail-Adresse").fill(email);
    await main.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Konto anlegen" }).click();
    await expect(main.getByRole("status")).toContainText("Fast geschafft");
    await confirmSignUp(page, email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
    await expect(page).toHaveURL(/\/konto$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Konto");

    await main
      .getByRole("navigation", { name: "Ihr Konto verwalten" })
      .getByRole("link", { name: "Persönliche Daten" })
      .click();
    await expect(page).toHaveURL(/\/konto\/persoenliche-daten$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Persönliche Daten");
    await expect(main.getByLabel("Vorname")).toHaveValue("Dora");
    await shop.expectAccessible();
    await main.getByLabel("Vorname").fill("Dorothea");
    await main.getByLabel("Nachname").fill("Neumann");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(main.getByRole("status")).toHaveText("Ihre Änderungen sind gespeichert.");
    await expect(page.getByRole("banner")).toContainText("Dorothea Neumann");
    await shop.expectAccessible();
    await main.getByRole("link", { name: "Zurück zu Mein Konto" }).click();
    await expect(main).toContainText("Hallo Dorothea");

    await main.getByRole("link", { name: "Konto löschen" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konto löschen");
    await shop.expectAccessible();
    await main.getByLabel("Passwort", { exact: true }).fill("not my password");
    await page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect(main.getByText("Das Passwort stimmt nicht.")).toBeVisible();
    await shop.expectAccessible();
    await main.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konto gelöscht");
    await expect(main.getByRole("status")).toContainText("Ihr Kundenkonto bei Cardelia");
    await expect(page.getByRole("banner").getByRole("button", { name: "Anmelden" })).toBeVisible();
    await shop.expectAccessible();

    // The account is gone: the overview sends the now anonymous visitor to the log-in page,
    // and the old password no longer works.
    await shop.visit(url("cards", "/konto"));
    await expect(page).toHaveURL(/\/konto\/anmelden$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmelden");
    await main.getByLabel("E-Mail-Adresse").fill(email);
    await main.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await main.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(main.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
  });
});
