/** What the site furniture's browser tests share: viewports, cookies, footer helpers. */
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, PORT } from "./fixtures";

export const PHONE = { width: 375, height: 800 };
export const DESKTOP = { width: 1280, height: 800 };

/** The flyout image widths by flyout type (wandbilder without the A/B variant). */
export const FLYOUT_WIDTHS: Record<string, number[]> = {
  calendar: [130],
  accessories: [130],
  card: [130, 80],
  collage: [130],
  frame: [150, 48, 60],
  photobook: [170, 153, 73],
  wandbilder: [150],
};

/** The consent cookie's value as the page stores it. */
export async function consentCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies(page.url());
  const value = cookies.find((cookie) => cookie.name === "shop_consent")?.value;
  return value === undefined ? undefined : decodeURIComponent(value);
}

/** Visitors who already chose their cookies see no consent banner. */
export async function acceptCookies(context: BrowserContext) {
  for (const host of [
    "localhost",
    "wallart.localhost",
    "ch.cards.localhost",
    "fr.wallart.localhost",
    "us.wallart.localhost",
  ]) {
    await context.addCookies([
      { name: "shop_consent", value: "v1:f0a0m0", url: `http://${host}:${PORT}/` },
    ]);
  }
}

/**
 * Opens a footer disclosure with one click. The footer's HTML is in the page from the
 * start (nothing is revealed later), so the button stays where it is while it is clicked.
 */
export async function expand(button: Locator) {
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}

/** Scrolls to the end of the page, as a shopper reaching the footer would. */
export async function scrollToFooter(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("contentinfo")).toBeAttached();
}

export async function scrollY(page: Page) {
  return page.evaluate(() => window.scrollY);
}
