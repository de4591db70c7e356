/**
 * Typed fixtures for the end-to-end tests: every visit waits for hydration, fails on
 * console errors, and runs axe on the page as it stands.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";

/** The port of the suite's server (scripts/e2e-server.js, the "desktop" project's shop). */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
const STANDINS = path.join(path.dirname(fileURLToPath(import.meta.url)), "standins");

/**
 * The port of the shop the worker's project tests: its baseURL's (the "postgres" project's
 * shop of playwright.config.ts has its own), set by the `projectPort` fixture below before
 * any test of the worker runs (a worker serves one project only).
 */
let projectPort = PORT;

/** The URL of a path on one of the local hosts of the project's shop, e.g. url("ch.cards", "/fr/"). */
export function url(host: string, path = "/"): string {
  const name = host === "localhost" ? "localhost" : `${host}.localhost`;
  return `http://${name}:${projectPort}${path}`;
}

/**
 * The consent a visitor gave on these hosts (comfort and statistics, no marketing), so no
 * banner covers the page a test is about.
 */
export async function withConsent(
  context: BrowserContext,
  hosts: readonly string[] = ["localhost"],
): Promise<void> {
  await context.addCookies(
    hosts.map((domain) => ({ name: "shop_consent", value: "v1%3Af1a1m0", domain, path: "/" })),
  );
}

/** The management token and cards space of the e2e server (scripts/e2e-server.js). */
export const MANAGEMENT_TOKEN =
  process.env.CONTENT_MANAGEMENT_TOKEN ?? "e2e-content-management-token";
export const CARDS_SPACE = 1001;

/**
 * Publishes a Page story below cards/de-de through the management API and returns its
 * path. `fields` are merged into the page content (e.g. `body`, `footerOverride`).
 */
export async function publishCardsPage(
  request: APIRequestContext,
  slug: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const api = (target: string) => `http://127.0.0.1:${PORT}${target}`;
  const headers = { Authorization: MANAGEMENT_TOKEN };
  const list = await request.get(api(`/v1/spaces/${CARDS_SPACE}/stories?starts_with=de-de`), {
    headers,
  });
  expect(list.status()).toBe(200);
  const folder = (await list.json()).stories.find(
    (story: { full_slug: string }) => story.full_slug === "de-de",
  );
  const created = await request.post(api(`/v1/spaces/${CARDS_SPACE}/stories`), {
    headers,
    data: {
      story: {
        name: slug,
        slug,
        parent_id: folder.id,
        content: {
          component: "Page",
          _uid: `page-${slug}`,
          metaTitle: slug,
          metaDescription: slug,
          body: [{ component: "Headline", _uid: `h-${slug}`, text: "Sonderseite", level: 1 }],
          ...fields,
        },
      },
      publish: 1,
    },
  });
  expect(created.status()).toBe(201);
  return `/${slug}`;
}

/**
 * An account signed up through the API and confirmed through the mailed link (the
 * development mailbox) with its password. Confirming signs the customer in on the brand's
 * own host: the mail's links come from the host table (cards.localhost), not localhost.
 */
export async function confirmedAccount(
  page: Page,
  account: { email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  const signUp = await page.request.post(url("localhost", "/web-api/customer-signup"), {
    data: account,
  });
  expect(signUp.status()).toBe(202);
  await page.goto(url("localhost", "/_mailbox"));
  await page
    .getByRole("listitem")
    .filter({ hasText: account.email })
    .first()
    .getByRole("link")
    .click();
  const confirm = await page.getByRole("article").getByRole("link").getAttribute("href");
  await page.goto(confirm!);
  // The link's page opens the account with the password chosen at sign-up.
  await page.getByRole("main").getByLabel("Passwort", { exact: true }).fill(account.password);
  await page.getByRole("main").getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/konto$/);
}

export interface Shop {
  /** Opens a page, waits for hydration, and checks it with axe. */
  visit(target: string, options?: { status?: number }): Promise<void>;
  expectAccessible(): Promise<void>;
  consoleErrors: string[];
}

/**
 * axe as the tests use it: only its violations are read, so only they are gathered. By
 * default the Playwright binding runs axe in parts (one per frame), serialises every node
 * of every result, passes included, and joins the parts in a new blank tab: 3 to 5 s a scan
 * on this 2-core machine at a load of 7. Run in the page itself with only violations kept,
 * the same scan finds the same violations in about 1 s (five shop pages, three rounds each).
 * The shop's pages have no frames from another origin, the one thing the parts are for.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
}

async function expectAccessible(page: Page) {
  const results = await axe(page).analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(violations, "axe violations").toEqual([]);
}

/**
 * The third-party hosts the e2e server is configured with (scripts/e2e-server.js); their
 * scripts are local stand-ins in tests/e2e/standins, served to every page of the tests.
 */
export const STANDIN_HOSTS = {
  tagManager: "tags.standin.test",
  sessionAnalytics: "analytics.standin.test",
  chat: "chat.standin.test",
  googleSignIn: "accounts.standin.test",
  recaptcha: "recaptcha.standin.test",
} as const;
const STANDIN_FILES: Record<string, string> = {
  [STANDIN_HOSTS.tagManager]: "gtm.js",
  [STANDIN_HOSTS.sessionAnalytics]: "analytics.js",
  [STANDIN_HOSTS.chat]: "chat.js",
  [STANDIN_HOSTS.googleSignIn]: "gsi.js",
  [STANDIN_HOSTS.recaptcha]: "recaptcha.js",
};

/**
 * An ID token from the e2e server's Google stand-in (scripts/e2e-server.js), signed with
 * the key set the shop checks against; `claims` replace Google's usual ones (e.g. `email`,
 * `given_name`, or a wrong `aud`). The stand-in button (standins/gsi.js) hands the page's
 * `window.googleStandin.credential` to the shop.
 */
export async function googleCredential(
  request: APIRequestContext,
  claims: Record<string, unknown> = {},
): Promise<string> {
  const port = Number(process.env.GOOGLE_STANDIN_PORT ?? PORT + 1);
  const response = await request.post(`http://127.0.0.1:${port}/token`, { data: claims });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { credential: string }).credential;
}

/** True for a request to one of the configured third-party hosts. */
export function isThirdParty(requestUrl: string): boolean {
  return new URL(requestUrl).hostname in STANDIN_FILES;
}

export const test = base.extend<{ shop: Shop }, { projectPort: number }>({
  projectPort: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      projectPort = baseURL ? Number(new URL(baseURL).port) : PORT;
      await use(projectPort);
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, use) => {
    await context.route(
      (target) => target.hostname in STANDIN_FILES,
      (route) =>
        route.fulfill({
          contentType: "text/javascript",
          path: path.join(STANDINS, STANDIN_FILES[new URL(route.request().url()).hostname]!),
        }),
    );
    await use(context);
  },
  shop: async ({ page }, use) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    const shop: Shop = {
      consoleErrors,
      async visit(target, options = {}) {
        const response = await page.goto(target);
        expect(response?.status(), `status of ${target}`).toBe(options.status ?? 200);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await expectAccessible(page);
      },
      expectAccessible: () => expectAccessible(page),
    };
    await use(shop);
    const unexpected = consoleErrors.filter(
      (text) => !/status of 404|Failed to load resource/.test(text),
    );
    expect(unexpected, "console errors").toEqual([]);
  },
});

export { expect };
