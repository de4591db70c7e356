/**
 * Both brands in their locales and the shop's routes. The error page of an unknown locale
 * prefix and the desktop app's /d/products are checked in furniture-frame.spec.ts.
 */
import { expect, test, url } from "./fixtures";

test.describe("both brands in their locales", () => {
  test("the cards brand serves Germany on plain localhost", async ({ page, shop }) => {
    await shop.visit(url("localhost"));
    await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
    await expect(page.locator("html")).toHaveAttribute("data-channel", "cards");
    await expect(page.locator(".brand__name")).toContainText("Cardelia");
    await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeAttached();
  });

  test("the wall-art brand is visibly its own", async ({ page, shop }) => {
    await shop.visit(url("wallart"));
    await expect(page.locator("html")).toHaveAttribute("data-channel", "wallart");
    await expect(page.locator(".brand__name")).toContainText("Wallora");
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim(),
    );
    expect(primary).toBe("#1f4e5f");
  });

  test("the Swiss host speaks French under /fr and offers its other languages", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("ch.cards", "/fr"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
    const languages = page.getByRole("navigation", { name: "Langues" });
    await expect(languages.getByRole("link")).toHaveText(["Deutsch", "Français", "Italiano"]);
    await expect(languages.getByRole("link", { name: "Français" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // The other language's page hydrates with that language's texts, loaded apart.
    const messages: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/_messages/")) messages.push(new URL(request.url()).pathname);
    });
    await languages.getByRole("link", { name: "Italiano" }).click();
    await expect(page).toHaveURL(url("ch.cards", "/it"));
    await expect(page.locator("html")).toHaveAttribute("lang", "it-CH");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("navigation", { name: "Lingue" })).toBeVisible();
    expect(messages).toContainEqual(expect.stringMatching(/^\/_messages\/it\.[0-9a-f]{12}\.json$/));
  });

  test("the US host uses American English", async ({ page, shop }) => {
    await shop.visit(url("us.wallart", "/products/"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All products");
  });
});

test.describe("routes", () => {
  test("a prefix of another region redirects to that country's host in one hop", async ({
    page,
    shop,
  }) => {
    const hops: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 300 && response.status() < 400) hops.push(response.url());
    });
    await shop.visit(url("localhost", "/nl/fotoboek"));
    expect(page.url()).toBe(url("nl.cards", "/fotoboek"));
    expect(hops).toEqual([url("localhost", "/nl/fotoboek")]);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-NL");
  });

  // Status answers only: the error page meets axe in furniture-frame.spec.ts; a published
  // theme's page renders in app/catalogue/browsing.http.test.ts and browsing.spec.ts.
  test("/themes/ without an id or with an unknown one is a 404; an app route is never a content page", async ({
    page,
  }) => {
    for (const target of ["/themes/", "/themes/summer-wedding", "/bestellungen"]) {
      const response = await page.request.get(url("localhost", target));
      expect(response.status(), target).toBe(404);
    }
  });

  test("the products aliases render the pre-configurator of their product", async ({
    page,
    shop,
  }) => {
    for (const [path, title] of [
      ["/products", "Alle Produkte"],
      ["/vorkonfigurator-kalender", "Fotokalender gestalten"],
      ["/d/vorkonfigurator-karten", "Karten gestalten"],
    ]) {
      await shop.visit(url("localhost", path!));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
    }
  });

  test("the icon sprite page uses the bare svg-sprite layout", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/_icons"));
    await expect(page.locator("header")).toHaveCount(0);
    await expect(page.locator("#icon-cart")).toBeAttached();
  });
});

test("the product overview links its other locales with hreflang", async ({ page, shop }) => {
  await shop.visit(url("ch.cards", "/fr/products"));
  await expect(page.locator('link[rel="alternate"][hreflang="de-CH"]')).toHaveAttribute(
    "href",
    url("ch.cards", "/products"),
  );
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    "href",
    url("cards", "/products"),
  );
});
