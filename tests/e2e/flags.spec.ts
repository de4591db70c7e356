import type { BrowserContext } from "@playwright/test";
import { PORT, expect, test, url } from "./fixtures";
import { openAsContentEditor } from "./operators";

/** The tester's key sees the wall-art burger groups (tests/e2e/flags.yaml). */
const TESTER = "3f0c1c53-8d2e-4c55-9a57-0e8f0f2b1a11";
const OTHER = "7b1e2f40-1d2c-4e3f-8a5b-6c7d8e9f0a1b";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PHONE = { width: 375, height: 740 };

async function prepare(context: BrowserContext, key?: string) {
  for (const host of ["localhost", "wallart.localhost"]) {
    const cookies = [{ name: "shop_consent", value: "v1:f0a0m0", url: `http://${host}:${PORT}/` }];
    if (key) cookies.push({ name: "visitor_key", value: key, url: `http://${host}:${PORT}/` });
    await context.addCookies(cookies);
  }
}

test.describe("feature flags", () => {
  test("?voll_492_hide_shops=on hides the shop list, =off shows it", async ({
    page,
    context,
    shop,
  }) => {
    await prepare(context);
    const shops = page.getByRole("navigation", { name: "Unsere Shops" });
    await shop.visit(url("localhost", "/?voll_492_hide_shops=on"));
    await expect(shops).toHaveCount(0);
    await shop.visit(url("localhost", "/?voll_492_hide_shops=off"));
    await expect(shops).toBeVisible();
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: PHONE });

    test("the wall-art burger groups show for a visitor whose flag is on in the YAML file", async ({
      page,
      context,
      shop,
    }) => {
      await prepare(context, TESTER);
      const response = await page.goto(url("wallart"));
      // A page with the visitor's own treatments is kept by no shared cache.
      expect(response?.headers()["cache-control"]).toBe("private, no-cache");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByRole("button", { name: "Menü", exact: true }).click();
      const menu = page.getByRole("dialog", { name: "Menü" });
      await expect(menu.getByTestId("wallart-groups")).toBeVisible();
      await expect(menu.getByRole("link", { name: "Alle Wandbilder" })).toBeVisible();
      await shop.expectAccessible();
    });

    test("other visitors do not get them, and their pages stay shareable", async ({
      page,
      context,
    }) => {
      await prepare(context, OTHER);
      const response = await page.goto(url("wallart"));
      expect(response?.headers()["cache-control"]).toContain("s-maxage");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByRole("button", { name: "Menü", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Menü" })).toBeVisible();
      await expect(page.getByTestId("wallart-groups")).toHaveCount(0);
    });
  });

  test("a crawler evaluates no flags, whatever its cookie says", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: GOOGLEBOT, viewport: PHONE });
    await prepare(context, TESTER);
    const page = await context.newPage();
    await page.goto(url("wallart"));
    // The router reads the page's data while it hydrates: only then is it there to read.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const flags = await page.evaluate(
      () =>
        (
          window as unknown as {
            __reactRouterContext: { state: { loaderData: { root: { featureFlags: object } } } };
          }
        ).__reactRouterContext.state.loaderData.root.featureFlags,
    );
    expect(Object.values(flags).every((treatment) => treatment === "off")).toBe(true);
    await context.close();
  });

  test("the visitor key is made once, in the browser, and kept", async ({ page, context }) => {
    await prepare(context);
    const first = await page.goto(url("localhost"));
    // No Set-Cookie: the page stays shareable.
    expect(first?.headers()["set-cookie"]).toBeUndefined();
    const key = async () =>
      (await context.cookies(url("localhost"))).find((c) => c.name === "visitor_key");
    const made = await key();
    expect(made?.value).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(made?.httpOnly).toBe(false);
    expect(made?.path).toBe("/");
    expect(made!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.goto(url("localhost", "/products"));
    await page.reload();
    expect((await key())?.value).toBe(made?.value);
    // The API answers with the same visitor's treatments.
    const answer = await page.request.get(url("localhost", "/web-api/feature-flags"));
    expect((await answer.json()).readiness).toBe("ready");
  });
});

test.describe("the operator's flag page", () => {
  test("opens after the back office's log-in and lists every flag with this browser's treatment, the shared one and the file", async ({
    page,
    context,
    shop,
  }) => {
    await prepare(context, TESTER);
    await openAsContentEditor(page, "wallart", "/_admin/flags/?voll_492_hide_shops=on");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Feature-Flags");
    await shop.expectAccessible();
    const table = page.getByRole("table", { name: /Alle Flags/ });
    await expect(table.getByRole("rowheader")).toHaveCount(7);
    const burgerGroups = table.getByRole("row", { name: /wallart_burger_menu_groups/ });
    await expect(burgerGroups.getByRole("cell").nth(0)).toHaveText("on");
    await expect(burgerGroups.getByRole("cell").nth(1)).toHaveText("off");
    const hideShops = table.getByRole("row", { name: /voll_492_hide_shops/ });
    await expect(hideShops.getByRole("cell").nth(0)).toHaveText("on (durch die URL erzwungen)");
    await expect(page.getByRole("heading", { name: "tests/e2e/flags.yaml" })).toBeVisible();
    await hideShops
      .getByRole("link", { name: "Startseite mit voll_492_hide_shops on öffnen" })
      .click();
    await expect(page).toHaveURL(url("wallart", "/?voll_492_hide_shops=on"));
    await expect(page.getByRole("navigation", { name: "Unsere Shops" })).toHaveCount(0);
  });
});
