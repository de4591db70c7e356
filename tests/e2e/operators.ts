/**
 * The back office's operators of the browser tests, made by scripts/e2e-server.js before the
 * shop opens its database, and the log-in of the content editor (a role without a second
 * factor) for the content, flag and picture pages. Every log-in attempt counts against the
 * back office's throttle per address (ten in a quarter of an hour, and every test browser
 * comes from the same address), so a spec signs in once per test that needs it.
 */
import type { Page } from "@playwright/test";
import { expect, url } from "./fixtures";

export const OPERATOR_PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? "Kompass-Nebel-Treppe-58";
export const CONTENT_EDITOR = "e2e-editor@example.com";

/**
 * Opens `path` on `host` as the content editor: the page sends the visitor to the back
 * office's log-in, which comes back to it once signed in. On a host whose paths end in a
 * slash (the wall-art shop) `path` is given as that host writes it.
 */
export async function openAsContentEditor(page: Page, host: string, path: string) {
  await page.goto(url(host, path));
  await expect(page).toHaveURL(/\/_admin\/login\/?\?next=/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("E-mail address").fill(CONTENT_EDITOR);
  await page.getByLabel("Password").fill(OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(url(host, path));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
