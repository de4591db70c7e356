/**
 * The content editor (/_admin/content): it opens after the back office's log-in (a content
 * editor's account, no preview token), an edit shows in the preview iframe without a
 * reload, publishing makes it visible to visitors, and broken JSON is named and cannot be
 * saved.
 */
import { expect, test, url } from "./fixtures";
import { openAsContentEditor } from "./operators";

const STORY = "de-de/service/versand";

interface Block {
  component: string;
  text?: unknown;
}

test.describe("content editor", () => {
  test("after the back office's log-in, an edit shows in the preview without a reload, publishing shows it to visitors, and broken JSON cannot be saved", async ({
    page,
    shop,
    browser,
  }) => {
    await openAsContentEditor(page, "cards", "/_admin/content");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Inhalte bearbeiten");
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

    // Broken JSON is named, marked invalid and cannot be saved.
    await editor.fill('{ "component": "Page", ');
    await expect(page.getByText("Das ist kein gültiges JSON.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Entwurf speichern" })).toBeDisabled();
    await expect(editor).toHaveAttribute("aria-invalid", "true");
  });
});
