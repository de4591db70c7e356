/**
 * Typed fixtures for the end-to-end tests: every visit waits for hydration, fails on
 * console errors, and runs axe on the page as it stands.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 3210);

/** The URL of a path on one of the local hosts, e.g. url("ch.cards", "/fr/"). */
export function url(host: string, path = "/"): string {
  const name = host === "localhost" ? "localhost" : `${host}.localhost`;
  return `http://${name}:${PORT}${path}`;
}

export interface Shop {
  /** Opens a page, waits for hydration, and checks it with axe. */
  visit(target: string, options?: { status?: number }): Promise<void>;
  expectAccessible(): Promise<void>;
  consoleErrors: string[];
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(violations, "axe violations").toEqual([]);
}

export const test = base.extend<{ shop: Shop }>({
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
