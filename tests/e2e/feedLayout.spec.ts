/**
 * The design lists hold still while a phone loads them: the feed and overview blocks load
 * their code lazily, after the first paint of the server's HTML, and that HTML must already
 * be laid out as it ends up (cumulative layout shift at most 0.01, as Lighthouse wants).
 */
import { expect, test, url, withConsent } from "./fixtures";

/** The sum of the page's layout shifts not caused by input, since it started loading. */
declare global {
  interface Window {
    layoutShift: number;
  }
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("the card shop's design feed and a theme overview do not move while their code and styles arrive", async ({
    context,
    page,
    // The fixture fails the test on a console error.
    shop: _shop,
  }) => {
    await withConsent(context, ["cards.localhost"]);
    // Counted afresh on every page the tab opens.
    await page.addInitScript(() => {
      window.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) window.layoutShift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // A phone's slower processor, as Lighthouse's mobile run simulates it.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

    // Both pages meet axe in browsing.spec (at full speed); here only their layout counts.
    for (const path of ["/feed-card", "/karten/birthday"]) {
      expect((await page.goto(url("cards", path)))?.status()).toBe(200);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(page.locator(".theme-list").getByRole("listitem").first()).toBeVisible();
      // The lazy block's code (and whatever it brings) has arrived and hydrated.
      await page.waitForLoadState("networkidle");
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(await page.evaluate(() => window.layoutShift), path).toBeLessThanOrEqual(0.01);
    }
  });
});
