/**
 * How pages load and move: scrolling after transitions, chunks that fail to load, prefetching and the home page's JavaScript budget.
 */
import type { Page } from "@playwright/test";
import { expect, publishCardsPage, test, url } from "./fixtures";
import { DESKTOP, PHONE, acceptCookies, scrollY } from "./furniture.helpers";

test.describe("scrolling after page transitions", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("a query-only change between product lists keeps the position", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/products"));
    await page.evaluate(() => {
      document.body.style.minHeight = "5000px";
      window.scrollTo(0, 600);
    });
    // flushSync: the promise settles once the page is committed, so nothing the test does
    // next races the page's own scrolling (navigate alone settles before React renders).
    const navigate = (to: string) =>
      page.evaluate((target) => {
        const router = (
          window as unknown as {
            __reactRouterDataRouter: {
              navigate(to: string, options: { flushSync: boolean }): Promise<void>;
            };
          }
        ).__reactRouterDataRouter;
        return router.navigate(target, { flushSync: true });
      }, to);
    await navigate("/vorkonfigurator-kalender?sort=created");
    await expect(page).toHaveURL(url("localhost", "/vorkonfigurator-kalender?sort=created"));
    // A new path glides to the top; the visitor scrolls down again once it has arrived.
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.evaluate(() => (document.body.style.minHeight = "5000px"));
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => scrollY(page)).toBe(600);
    await navigate("/vorkonfigurator-kalender?sort=popularity");
    await expect(page).toHaveURL(url("localhost", "/vorkonfigurator-kalender?sort=popularity"));
    // Kept (the browser's scroll anchoring may shift it by a pixel or two), not reset to 0.
    expect(Math.abs((await scrollY(page)) - 600)).toBeLessThan(10);
  });
});
test.describe("chunks that fail to load during a navigation", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("load the target page fully, at most once per path within 10 s", async ({
    page,
    shop,
    request,
  }) => {
    const slug = `chunk-failure-${Date.now()}`;
    const path = await publishCardsPage(request, slug, {
      body: [
        { component: "Headline", _uid: `h-${slug}`, text: "Sonderseite", level: 1 },
        {
          component: "SubTeasers",
          _uid: `teasers-${slug}`,
          variant: "plain",
          headline: "Weiter",
          items: [
            {
              component: "SubTeaser",
              _uid: `teaser-${slug}`,
              title: "Alle Produkte",
              text: "Zur Übersicht",
              link: { linktype: "url", url: "/products" },
              linkText: "Zur Produktübersicht",
            },
          ],
        },
      ],
    });
    /** The products route's module, once the router has discovered the route from the link. */
    const productsModule = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              __reactRouterManifest: { routes: Record<string, { module: string } | undefined> };
            }
          ).__reactRouterManifest.routes["products-products"]?.module ?? null,
      );
    // The page's clock stands still, so both failures fall within the guard's 10 s however
    // long the pages take to load on a busy machine (the guard reads Date.now).
    await page.clock.setFixedTime(Date.now());
    await shop.visit(url("localhost", path));
    await expect.poll(productsModule).not.toBeNull();
    const module = await productsModule();
    await page.route(`**${module}`, (route) => route.abort());

    const documents: string[] = [];
    page.on("request", (req) => {
      if (req.isNavigationRequest()) documents.push(new URL(req.url()).pathname);
    });
    const link = page.getByRole("link", { name: "Alle Produkte Zur Übersicht" });
    // Clicked without hovering first: a hover would start React Router's own prefetch of the
    // route, which reloads the current page on a failing chunk by itself (see the report).
    const click = () => link.evaluate((el) => (el as HTMLElement).click());
    await click();
    await expect(page).toHaveURL(url("localhost", "/products"));
    expect(documents).toEqual(["/products"]);

    // Within 10 s the same failure leaves the visitor where they are.
    await shop.visit(url("localhost", path));
    await expect.poll(productsModule).not.toBeNull();
    documents.length = 0;
    await click();
    await expect
      .poll(() => shop.consoleErrors.some((text) => text.includes("chunk-load-error")))
      .toBe(true);
    await page.waitForTimeout(300);
    expect(documents).toEqual([]);
    await expect(page).toHaveURL(url("localhost", path));
    shop.consoleErrors.length = 0;
  });
});
test.describe("prefetching", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  const prefetches = (page: Page) =>
    page.locator('link[rel="prefetch"], link[rel="modulepreload"]').count();

  test("a link prefetches the next page on hover", async ({ page, shop }) => {
    await shop.visit(url("localhost", "/fotobuch"));
    const before = await prefetches(page);
    await page.getByRole("link", { name: /^Startseite von/ }).hover();
    await expect.poll(() => prefetches(page)).toBeGreaterThan(before);
  });

  for (const [name, connection] of [
    ["2g", { effectiveType: "2g", saveData: false }],
    ["data saver", { effectiveType: "4g", saveData: true }],
  ] as const) {
    test(`is skipped on a slow connection (${name})`, async ({ page, shop }) => {
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, "connection", {
          configurable: true,
          get: () => value,
        });
      }, connection);
      await shop.visit(url("localhost", "/fotobuch"));
      const before = await prefetches(page);
      await page.getByRole("link", { name: /^Startseite von/ }).hover();
      await page.waitForTimeout(500);
      expect(await prefetches(page)).toBe(before);
    });
  }
});
// One visit of the home page (a desktop, at density 1) measures its JavaScript, the order
// and priority of its requests and its first image.
test("the home page loads at most 129.1 KB of JavaScript (gzip); the scripts start once the first image has loaded; the stylesheets, fonts and image come at high priority; a desktop fetches the first image once, announced in the head: the candidate the picture shows", async ({
  page,
  shop,
}) => {
  const { gzipSync } = await import("node:zlib");
  const sizes = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script" && response.url().endsWith(".js")) {
      sizes.set(response.url(), gzipSync(await response.body()).length);
    }
  });
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/hero-christmas-cards.")) fetched.push(request.url());
  });
  // Chromium's own network log: each request's priority and when it started, and when the
  // first image had arrived.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = new Map<string, { id: string; priority: string; sent: number }>();
  const finished = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", ({ requestId, request, timestamp }) => {
    requests.set(new URL(request.url).pathname, {
      id: requestId,
      priority: request.initialPriority,
      sent: timestamp,
    });
  });
  cdp.on("Network.loadingFinished", ({ requestId, timestamp }) => {
    finished.set(requestId, timestamp);
  });
  await acceptCookies(page.context());
  await shop.visit(url("localhost"));
  await page.waitForLoadState("networkidle");
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  console.info(`home page JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.size} files`);
  console.info([...sizes].map(([u, n]) => `${n} ${u}`).join("\n"));
  // The target is 130 KB (npm run bench reports against it); this ceiling holds the line at
  // today's 129.01 KB (128.4 plus the error page's plain stand-in, shown while its code loads
  // or when it cannot, and the care that such a failure does not reload the page, and the
  // sub-navigation tiles' captions, and the scroll animation's 0.3 KB, and the keeping of
  // errors raised while monitoring's code is on its way), all of
  // it loaded at once: React and the router, the shell chunk (the
  // furniture, the blocks a home page draws at once, the link and image rules) and the
  // home route's own. Code that waits for its moment does not load here and is not counted:
  // the video block's (until the visitor nears it), the error page's, the dialogs'. The
  // scroll animation's is counted: a new page glides up from where the old one was left at
  // once, not once its code has come. A module only product pages, dialogs or the error page
  // need that lands in the shell chunk (vite.config.ts) shows up here first.
  expect(total / 1024).toBeLessThanOrEqual(129.1);

  const of = (test: (path: string) => boolean) =>
    [...requests].filter(([path]) => test(path)).map(([, request]) => request);
  // The scripts the page's HTML names for the router's script to preload.
  const html = await (await page.request.get(url("localhost"))).text();
  const named = new Set(/data-preload="([^"]+)"/.exec(html)?.[1]?.split(" "));
  const scripts = of((path) => named.has(path));
  expect(scripts.length).toBeGreaterThan(3);
  const hero = await page
    .locator(".teaser img")
    .first()
    .evaluate((img) => (img as HTMLImageElement).currentSrc);
  const image = requests.get(new URL(hero).pathname);
  expect(image?.priority).toBe("High");
  const imageArrived = finished.get(image!.id)!;
  for (const script of scripts) expect(script.sent).toBeGreaterThan(imageArrived);
  expect(of((path) => path.endsWith(".css")).map((r) => r.priority)).not.toContain("Low");
  expect(of((path) => path.endsWith(".woff2")).map((r) => r.priority)).toEqual(["High", "High"]);
  // The first image is fetched once, the candidate the picture shows, announced in the head
  // with one candidate of the picture per media query.
  expect(fetched).toEqual([hero]);
  await expect(
    page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]'),
  ).toHaveCount(3);
});

test("the scripts start after a few seconds when the first image does not arrive", async ({
  page,
}) => {
  await acceptCookies(page.context());
  await page.route(/\/_img\//, () => {
    // Never answered, as on a line that has stalled.
  });
  await page.goto(url("localhost"), { waitUntil: "commit" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 8000 });
});

test("a phone fetches the first image once, announced in the head: the candidate the picture shows", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/hero-christmas-cards.")) fetched.push(request.url());
  });
  await page.goto(url("localhost"));
  await page.waitForLoadState("networkidle");
  const image = page.locator('img[fetchpriority="high"]');
  const shown = await image.evaluate((img) => (img as HTMLImageElement).currentSrc);
  expect(fetched).toEqual([shown]);
  // Announced in the head, one candidate of the picture per media query.
  const announced = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
  await expect(announced).toHaveCount(3);
  await context.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("a tap on a button before the page has hydrated is answered once it has", async ({
    page,
  }) => {
    await acceptCookies(page.context());
    // The shop's scripts arrive only after the tap, as on a slow line.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url("localhost"), { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Menü", exact: true }).click();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog", { name: "Menü" })).toBeVisible();
  });
});
