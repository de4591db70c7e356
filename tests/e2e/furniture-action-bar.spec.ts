/**
 * The action bar at 375 px, with its look at 1280 px checked on the way. The test publishes its own page with its own bar,
 * running from now for 30 days, so it holds whatever today's date is (the seed bars end)
 * and no other test's pages change.
 */
import { expect, publishCardsPage, test, url } from "./fixtures";
import { PHONE, DESKTOP, acceptCookies } from "./furniture.helpers";

test.describe(`action bar at ${PHONE.width} px`, () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("shows text and countdown; a dismissal survives a reload without a flash", async ({
    page,
    request,
    shop,
  }) => {
    const day = 24 * 60 * 60 * 1000;
    const end = new Date(Date.now() + 30 * day).toISOString();
    const id = `e2e-bar-${Date.now()}`;
    const path = await publishCardsPage(request, id, {
      actionBar: [
        {
          _uid: id,
          component: "ActionBar",
          id,
          text: "<strong>Probeaktion:</strong> 15 % Rabatt – Code <strong>PROBE15</strong>",
          color: "#ffffff",
          backgroundColor: "#7a1538",
          countdownEndDate: end,
          actionBarEndDate: end,
        },
      ],
    });
    await shop.visit(url("localhost", path));
    const bar = page.getByRole("region", { name: "Aktion" });
    await expect(bar).toContainText("PROBE15");
    await expect(bar.locator(".countdown")).toHaveAttribute("data-status", "running");
    // The same bar on a desktop: its text and countdown, clean for axe.
    await page.setViewportSize(DESKTOP);
    await expect(bar).toContainText("PROBE15");
    await expect(bar.locator(".countdown")).toBeVisible();
    await shop.expectAccessible();
    await page.setViewportSize(PHONE);
    await bar.getByRole("button", { name: "Aktionshinweis schließen" }).click();
    await expect(bar).toHaveCount(0);
    await expect(page.locator("html")).toHaveClass(/no-action-bar/);

    // Before any script of the app has run, the bar is already hidden.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/no-action-bar/);
    await expect(page.locator(".action-bar")).toBeHidden();
    await page.unroute("**/assets/*.js");
    await shop.visit(url("localhost", path));
    await expect(page.locator(".action-bar")).toHaveCount(0);
    shop.consoleErrors.length = 0;
  });
});
