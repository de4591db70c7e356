/**
 * Sign in with Google in the browser, against the e2e server's stand-ins: Google's script
 * (tests/e2e/standins/gsi.js) draws the button and hands over an ID token minted by the
 * key-set stand-in the shop checks tokens against.
 */
import type { BrowserContext } from "@playwright/test";
import { expect, googleCredential, test, url, withConsent } from "./fixtures";

const acceptCookies = (context: BrowserContext) => withConsent(context);

const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.de`;

test.describe("Google sign-in", () => {
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("the log-in dialog refuses a token for another client with the server's message, then signs a new customer in with Google and the header shows the name", async ({
    page,
    shop,
  }) => {
    const setCredential = (token: string) =>
      page.evaluate((credential) => {
        (window as unknown as { googleStandin: { credential: string } }).googleStandin = {
          credential,
        };
      }, token);
    const foreign = await googleCredential(page.request, {
      email: uniqueEmail("mallory"),
      aud: "someone-else.apps.googleusercontent.com",
    });
    const credential = await googleCredential(page.request, {
      email: uniqueEmail("greta"),
      given_name: "Greta",
      family_name: "Gärtner",
    });
    await shop.visit(url("localhost", "/"));
    await page.getByRole("banner").getByRole("button", { name: "Anmelden" }).click();
    const dialog = page.getByRole("dialog", { name: "Anmelden" });
    const google = dialog.getByRole("button", { name: "Google (stand-in)" });
    await expect(google).toBeVisible();

    // A token minted for another client: the server's refusal is shown in the dialog.
    await setCredential(foreign);
    await google.click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Anmelden" })).toBeVisible();
    // The open dialog with its message (the refused sign-in answers 401, which the browser
    // reports as a failed resource).
    await shop.expectAccessible();

    // The customer's own token signs them in, and the session outlives a reload.
    await setCredential(credential);
    await google.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("banner")).toContainText("Greta Gärtner");
    await page.reload();
    await expect(page.getByRole("banner")).toContainText("Greta Gärtner");
  });
});
