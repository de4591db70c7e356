/**
 * The frame around every page: the desktop app's frame (the d path segment) and the error page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { CARDS_SPACE, MANAGEMENT_TOKEN, expect, test, url } from "./fixtures";
import { DESKTOP, acceptCookies } from "./furniture.helpers";

/**
 * Publishes the card space's campaigns for de-AT (its folder made first where missing): one
 * campaign on every path from yesterday for 30 days, whose bar names free shipping.
 */
async function publishAustrianCampaign(request: APIRequestContext): Promise<void> {
  // The management API of the shop this test's project runs (as publishCardsPage asks it).
  const api = (target: string) => url("localhost", target).replace("//localhost", "//127.0.0.1");
  const headers = { Authorization: MANAGEMENT_TOKEN };
  const stories = `/v1/spaces/${CARDS_SPACE}/stories`;
  const list = await request.get(api(`${stories}?starts_with=de-at`), { headers });
  expect(list.status()).toBe(200);
  const found = (await list.json()).stories as { id: number; full_slug: string }[];
  let folder = found.find((story) => story.full_slug === "de-at");
  if (!folder) {
    const made = await request.post(api(stories), {
      headers,
      data: { story: { name: "de-at", slug: "de-at", is_folder: true } },
    });
    expect(made.status()).toBe(201);
    folder = (await made.json()).story;
  }
  const day = 24 * 60 * 60 * 1000;
  const start = new Date(Date.now() - day).toISOString();
  const end = new Date(Date.now() + 30 * day).toISOString();
  const campaign = {
    _uid: "e2e-at-campaign",
    component: "Campaign",
    id: "e2e-at-shipping",
    urlPatterns: ["/"],
    start,
    end,
    bar: [
      {
        _uid: "e2e-at-campaign-bar",
        component: "ActionBar",
        id: "e2e-at-shipping",
        text: "<strong>Probezeit:</strong> Probe-Versand ab {{freeShippingFrom}} Bestellwert",
        color: "#ffffff",
        backgroundColor: "#7a1538",
        countdownEndDate: end,
      },
    ],
  };
  const existing = found.find((story) => story.full_slug === "de-at/campaigns");
  const content = { component: "Campaigns", _uid: "e2e-at-campaigns", campaigns: [campaign] };
  const story = { name: "Kampagnen", slug: "campaigns", parent_id: folder!.id, content };
  const saved = existing
    ? await request.put(api(`${stories}/${existing.id}`), {
        headers,
        data: { story, publish: 1 },
      })
    : await request.post(api(stories), { headers, data: { story, publish: 1 } });
  expect([200, 201]).toContain(saved.status());
}

test.describe("the desktop app (the d path segment)", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  /** The app's header: a back link instead of shops and info items, log-in and cart kept. */
  async function expectAppHeader(page: Page) {
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Zurück zum Shop" })).toBeVisible();
    await expect(header.getByRole("link", { name: /^Startseite von/ })).toHaveAttribute(
      "href",
      /^\/d\/?$/,
    );
    for (const name of ["Magazin", "Hilfe & Service", /Hotline/]) {
      await expect(header.getByRole("link", { name })).toHaveCount(0);
    }
    await expect(header.getByRole("button", { name: "Anmelden" })).toBeVisible();
    // The cart stays in the app: its link keeps the d marker.
    await expect(header.getByRole("link", { name: /Warenkorb/ })).toHaveAttribute(
      "href",
      /^\/d\/warenkorb\/?$/,
    );
    await expect(page.getByRole("navigation", { name: "Unsere Shops" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  }

  test("wallart: the header has a back link instead of shops and info items, keeps log-in and cart; no navigation or footer", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart", "/d/products"));
    await expectAppHeader(page);
  });

  test("localhost: /d/products renders for the desktop platform; the header has a back link instead of shops and info items, keeps log-in and cart; no navigation or footer; log-in opens its dialog; the back link goes back in the app's history; the cart opens in the app's frame", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/d/products"));
    await expect(page.locator("html")).toHaveAttribute("data-platform", "desktop");
    await expect(page.getByText("Sie verwenden die Desktop-App.")).toBeVisible();
    await expectAppHeader(page);
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shop.expectAccessible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The back link goes back in the app's history.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/d/themes/hochzeit-001"),
    );
    await expect(page).toHaveURL(url("localhost", "/d/themes/hochzeit-001"));
    await page.getByRole("link", { name: "Zurück zum Shop" }).click();
    await expect(page).toHaveURL(url("localhost", "/d/products"));

    // The cart opens in the app's frame.
    await header.getByRole("link", { name: /Warenkorb/ }).click();
    await expect(page).toHaveURL(/\/d\/warenkorb\/?$/);
    await expect(page.getByRole("link", { name: "Zurück zum Shop" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await shop.expectAccessible();
  });

  test("the error page has the header and the error story, without navigation and footer", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/d/gibt-es-nicht"), { status: 404 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    await expect(page.getByRole("link", { name: "Zurück zum Shop" })).toBeVisible();
    await expect(page.locator(".error-page__story")).toContainText("Hier geht's weiter");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });
});
test.describe("error page", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("has the header, navigation, campaign bar, the CMS error story, help and footer", async ({
    page,
    request,
    shop,
  }) => {
    // The Austrian card shop (no other browser test visits it) gets campaigns of its own,
    // running from yesterday for 30 days, so the test holds whatever today's date is; the
    // rest of its content falls back to the German folder.
    await publishAustrianCampaign(request);
    await shop.visit(url("at.cards", "/gibt-es-nicht"), { status: 404 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
    // The error story has no bar: the campaign bar for the path shows, not the global bar.
    const bar = page.getByRole("region", { name: "Aktion" });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(/Probe-Versand ab \d+,\d\d\s€/);
    await expect(bar).not.toContainText("WINTER20");
    await expect(page.locator(".error-page__story")).toContainText("Hier geht's weiter");
    await expect(page.getByRole("button", { name: "Hilfe", exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("an unknown locale prefix shows the error page with status 404 and the error story too", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/xx/fotobuch"), { status: 404 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
    await expect(page.getByText("Fehler 404")).toBeVisible();
    // The technical text stays hidden unless the debug flag is on.
    await expect(page.getByText("Technische Details")).toHaveCount(0);
    await expect(page.locator(".error-page__story")).toContainText("Hier geht's weiter");
  });
});
