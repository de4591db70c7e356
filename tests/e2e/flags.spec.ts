/**
 * Feature flags in the browser: the tester's visitor key of tests/e2e/flags.yaml sees the
 * wall-art burger groups on a page no shared cache keeps; the visitor key is made once, in
 * the browser, and kept; the operator's flag page lists every flag. What a request's flags
 * are (no key, another key, a crawler, a flag forced by the URL, a shareable page) is
 * server/flags/request.test.ts's; the burger without the groups is furniture-burger.spec's,
 * the shop list forced away by the URL is the last step here, shown by default in
 * furniture-navigation.spec.
 */
import type { BrowserContext } from "@playwright/test";
import { PORT, expect, test, url } from "./fixtures";
import { openAsContentEditor } from "./operators";

/** The tester's key sees the wall-art burger groups (tests/e2e/flags.yaml). */
const TESTER = "3f0c1c53-8d2e-4c55-9a57-0e8f0f2b1a11";
const PHONE = { width: 375, height: 740 };

async function prepare(context: BrowserContext, key?: string) {
  for (const host of ["localhost", "wallart.localhost"]) {
    const cookies = [{ name: "shop_consent", value: "v1:f0a0m0", url: `http://${host}:${PORT}/` }];
    if (key) cookies.push({ name: "visitor_key", value: key, url: `http://${host}:${PORT}/` });
    await context.addCookies(cookies);
  }
}

test.describe("feature flags", () => {
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
