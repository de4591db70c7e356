/**
 * The content editor (/_editor): signed in with the preview token, an edit shows in the
 * preview iframe without a reload, and publishing makes it visible to visitors.
 */
import { expect, PORT, test, url } from "./fixtures";

const PREVIEW_TOKEN = process.env.CONTENT_CARDS_PREVIEW_TOKEN ?? "e2e-cards-preview-token";
const STORY = "de-de/service/versand";

interface Block {
  component: string;
  text?: unknown;
}

test.describe("content editor", () => {
  test("asks for the preview token and refuses a wrong one", async ({ page, shop }) => {
    await shop.visit(url("cards", "/_editor"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inhalte bearbeiten");
    await page.getByLabel("Vorschau-Token").fill("falsch");
    await page.getByLabel("Vorschau-Token").press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Dieses Token ist nicht gültig.");
    await expect(page.getByRole("navigation", { name: "Storys" })).toHaveCount(0);
    await shop.expectAccessible();
  });

  test("an edit shows in the preview without a reload, and publishing shows it to visitors", async ({
    page,
    shop,
    browser,
  }) => {
    await shop.visit(url("cards", "/_editor"));
    await page.getByLabel("Vorschau-Token").fill(PREVIEW_TOKEN);
    await page.getByRole("button", { name: "Anmelden" }).click();
    const stories = page.getByRole("navigation", { name: "Storys" });
    await stories.getByRole("link", { name: new RegExp(STORY) }).click();
    await expect(page.getByRole("heading", { level: 2 })).toContainText("Versand");

    const preview = page.frameLocator('iframe[title="Vorschau"]');
    await preview.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const frame = page.frames().find((f) => f.url().includes("_storyblok="));
    expect(frame, "the preview frame").toBeDefined();
    await frame!.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const editor = page.getByLabel("Inhalt (JSON)");
    const content = JSON.parse(await editor.inputValue()) as { body: Block[] };
    const headline = content.body.find((b) => b.component === "Headline");
    expect(headline, "a Headline block in the story").toBeDefined();
    headline!.text = "Versand live bearbeitet";
    await editor.fill(JSON.stringify(content, null, 2));

    await expect(preview.getByRole("heading", { name: "Versand live bearbeitet" })).toBeVisible();
    expect(
      await frame!.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await shop.expectAccessible();

    // Visitors still see the published version until the editor publishes.
    const visitor = await browser.newPage();
    await visitor.goto(url("cards", "/service/versand"));
    await expect(visitor.getByRole("heading", { name: "Versand live bearbeitet" })).toHaveCount(0);

    await page.getByRole("button", { name: "Veröffentlichen" }).click();
    await expect(page.getByRole("status")).toHaveText("Veröffentlicht.");
    await visitor.reload();
    await expect(visitor.getByRole("heading", { name: "Versand live bearbeitet" })).toBeVisible();
    await visitor.close();
  });

  test("refuses a sign-in from another site", async ({ request }) => {
    const signIn = (origin: string) =>
      request.post(`http://127.0.0.1:${PORT}/_editor`, {
        headers: { Origin: origin },
        form: { intent: "login", token: PREVIEW_TOKEN },
        maxRedirects: 0,
      });
    const crossSite = await signIn("https://evil.example");
    expect(crossSite.status()).toBeGreaterThanOrEqual(400);
    expect(crossSite.status()).toBeLessThan(500);
    expect(crossSite.headers()["set-cookie"]).toBeUndefined();
    const sameSite = await signIn(`http://127.0.0.1:${PORT}`);
    expect(sameSite.status()).toBe(302);
    expect(sameSite.headers()["set-cookie"]).toContain("HttpOnly");
  });

  test("a broken JSON edit is named and cannot be saved", async ({ page, shop }) => {
    await shop.visit(url("cards", "/_editor"));
    await page.getByLabel("Vorschau-Token").fill(PREVIEW_TOKEN);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await page
      .getByRole("navigation", { name: "Storys" })
      .getByRole("link", { name: /de-de\/home/ })
      .click();
    const editor = page.getByLabel("Inhalt (JSON)");
    await editor.fill('{ "component": "Page", ');
    await expect(page.getByText("Das ist kein gültiges JSON.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Entwurf speichern" })).toBeDisabled();
    await expect(editor).toHaveAttribute("aria-invalid", "true");
  });
});
