/**
 * The action bar at 375 px and 1280 px.
 */
import { expect, test, url } from "./fixtures";
import { PHONE, DESKTOP, acceptCookies } from "./furniture.helpers";

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`action bar at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ context }) => acceptCookies(context));

    test("shows text and countdown; a dismissal survives a reload without a flash", async ({
      page,
      shop,
    }) => {
      await shop.visit(url("localhost"));
      const bar = page.getByRole("region", { name: "Aktion" });
      await expect(bar).toContainText("WINTER20");
      await expect(bar.locator(".countdown")).toHaveAttribute("data-status", "running");
      await bar.getByRole("button", { name: "Aktionshinweis schließen" }).click();
      await expect(bar).toHaveCount(0);
      await expect(page.locator("html")).toHaveClass(/no-action-bar/);

      // Before any script of the app has run, the bar is already hidden.
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.reload();
      await expect(page.locator("html")).toHaveClass(/no-action-bar/);
      await expect(page.locator(".action-bar")).toBeHidden();
      await page.unroute("**/assets/*.js");
      await shop.visit(url("localhost"));
      await expect(page.locator(".action-bar")).toHaveCount(0);
      shop.consoleErrors.length = 0;
    });
  });
}
