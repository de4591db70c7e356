/**
 * Consent governs every third-party script: the e2e server configures a tag manager,
 * a session-analytics tool and a chat on hosts whose scripts are local stand-ins
 * (tests/e2e/standins), and the shop's own RUM collector.
 */
import type { BrowserContext, Page, Request } from "@playwright/test";
import { PORT, STANDIN_HOSTS, confirmedAccount, expect, isThirdParty, test, url } from "./fixtures";

const PASSWORD = "Lichtbild-Kalender-2026";

function recordThirdParty(page: Page): string[] {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (isThirdParty(request.url())) requests.push(request.url());
  });
  return requests;
}

async function choose(context: BrowserContext, value: string, host = "localhost") {
  await context.addCookies([{ name: "shop_consent", value, url: `http://${host}:${PORT}/` }]);
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name);
}

test.describe("third-party scripts and consent", () => {
  test("nothing loads before consent; 'accept all' loads them; withdrawing removes them and their cookies", async ({
    page,
    context,
    shop,
  }) => {
    const requests = recordThirdParty(page);
    await shop.visit(url("localhost"));
    const banner = page.getByRole("region", { name: "Wir respektieren Ihre Privatsphäre" });
    await expect(banner).toBeVisible();
    // The consent layer is up and the page is idle: still nothing went out.
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);

    await banner.getByRole("button", { name: "Alle akzeptieren" }).click();
    await expect
      .poll(() => requests.map((request) => new URL(request).hostname).sort())
      .toEqual([STANDIN_HOSTS.sessionAnalytics, STANDIN_HOSTS.tagManager]);
    expect(requests).toContain(`https://${STANDIN_HOSTS.tagManager}/gtm.js?id=GTM-STANDIN1`);
    await expect(page.locator('script[data-third-party="tagManager"]')).toHaveAttribute(
      "data-state",
      "loaded",
    );
    await expect.poll(() => cookieNames(context)).toEqual(expect.arrayContaining(["_ga"]));
    // The tag manager read the data layer: its start and the page's flag evaluations.
    const dataLayer = await page.evaluate(
      () => (window as unknown as { __standinDataLayer: { event?: string }[] }).__standinDataLayer,
    );
    expect(dataLayer.map((entry) => entry.event)).toEqual(
      expect.arrayContaining(["gtm.js", "split_evaluation"]),
    );

    // Withdraw statistics and marketing: the scripts and their cookies go, the page reloads.
    await page
      .getByRole("contentinfo")
      .getByRole("button", { name: "Cookie-Einstellungen" })
      .click();
    const settings = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
    await settings.getByRole("checkbox", { name: /Statistik/ }).uncheck();
    await settings.getByRole("checkbox", { name: /Marketing/ }).uncheck();
    requests.length = 0;
    const reloaded = page.waitForEvent("load");
    await settings.getByRole("button", { name: "Auswahl speichern" }).click();
    await reloaded;
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await cookieNames(context)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(_ga|_hj)/)]),
    );
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    await expect(page.locator("script[data-third-party]")).toHaveCount(0);
  });

  test("RUM: browser errors and web vitals reach /web-api/rum with statistics consent", async ({
    page,
    context,
    shop,
  }) => {
    await choose(context, "v1:f0a1m0");
    const reports: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/web-api/rum"))
        reports.push(request);
    });
    await shop.visit(url("localhost"));
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error("rum probe");
      }),
    );
    await expect.poll(() => reports.some((r) => r.postData()?.includes("rum probe"))).toBe(true);
    const report = reports.find((r) => r.postData()?.includes("rum probe"))!;
    expect((await report.response())?.status()).toBe(204);
    const events = JSON.parse(report.postData()!).events as {
      type: string;
      device: string;
      path: string;
    }[];
    expect(events.find((event) => event.type === "error")).toMatchObject({
      device: "desktop",
      path: "/",
    });
    // Leaving the page sends what is left: the vitals measured so far.
    await page.goto(url("localhost", "/impressum"));
    const all = reports.flatMap(
      (r) => JSON.parse(r.postData()!).events as { type: string; name?: string }[],
    );
    expect(all.some((event) => event.type === "vital")).toBe(true);
    shop.consoleErrors.length = 0;
  });

  test("tracking=0 and logging=0 keep the tag manager, analytics and RUM off despite consent", async ({
    page,
    context,
    shop,
  }) => {
    await choose(context, "v1:f1a1m1");
    const requests = recordThirdParty(page);
    const reports: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/web-api/rum")) reports.push(request.url());
    });
    await shop.visit(url("localhost", "/?tracking=0&logging=0"));
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error("not reported");
      }),
    );
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    // Leaving the page would send whatever RUM still held (a beacon as the tab hides it), so
    // once the next page is there, no report means nothing was collected. The next page is
    // opened with the same switches, so it adds nothing of its own.
    await page.goto(url("localhost", "/impressum?tracking=0&logging=0"));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(requests).toEqual([]);
    expect(reports).toEqual([]);
    shop.consoleErrors.length = 0;
  });

  test("the session-analytics tool learns a logged-in customer's number and name", async ({
    page,
    context,
    shop,
  }) => {
    await choose(context, "v1:f0a0m0", "cards.localhost");
    const email = `analytics.${Date.now()}@example.de`;
    // Confirming signs in on the brand's own host and leads to the account page.
    await confirmedAccount(page, {
      email,
      password: PASSWORD,
      firstName: "Ana",
      lastName: "Lytik",
    });
    await expect(page).toHaveURL(/\/\/cards\.localhost:\d+\/konto$/);
    const customer = await page.evaluate(() =>
      fetch("/web-api/customer-data").then((response) => response.json()),
    );
    expect(customer.isLoggedIn).toBe(true);

    await choose(context, "v1:f0a1m0", "cards.localhost");
    await shop.visit(url("cards"));
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              (window as unknown as { __standinAnalyticsCalls?: unknown[][] })
                .__standinAnalyticsCalls ?? [],
          ),
        { timeout: 10_000 },
      )
      .toContainEqual(["identify", customer.number, { name: "Ana Lytik" }]);
  });
});
