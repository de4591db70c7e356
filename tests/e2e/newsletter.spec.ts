/**
 * The newsletter in the browser: the footer form solves the spam-protection challenge,
 * the confirmation mail's link leads to a page whose button confirms, and the unsubscribe
 * link of the mail ends it. An invalid address sends nothing and shows nothing. A sign-up
 * without JavaScript is newsletterNoScript.http.test.ts's and storefrontFacts.http.test.ts's
 * (the form's post, the page it comes back to with its message, the address shown once).
 */
import type { Page } from "@playwright/test";
import { expect, test, url, withConsent } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await withConsent(context, ["localhost", "cards.localhost"]);
});

/** Scrolls to the footer and waits until its code has hydrated it. */
async function hydratedFooter(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.locator(".footer-island[data-interactive]").waitFor({ state: "attached" });
  return page.getByRole("contentinfo");
}

async function openMail(page: Page, email: string) {
  await page.goto(url("localhost", "/_mailbox"));
  await page.getByRole("listitem").filter({ hasText: email }).first().getByRole("link").click();
}

test("a footer sign-up is confirmed through the mailed link and ended through the other one", async ({
  page,
  shop,
}) => {
  const email = `news.${Date.now()}@example.de`;
  await shop.visit(url("localhost", "/"));
  const footer = await hydratedFooter(page);
  const field = footer.getByRole("textbox", { name: "Ihre E-Mail-Adresse" });
  const subscriptions: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/web-api/newsletter-subscribe"))
      subscriptions.push(request.postData() ?? "");
  });
  await field.fill("not-an-address");
  await footer.getByRole("button", { name: "Anmelden" }).click();
  await expect(footer.getByRole("status")).toHaveText("");

  await field.fill(email);
  await footer.getByRole("button", { name: "Anmelden" }).click();
  await expect(footer.getByRole("status")).toContainText("Bitte bestätigen Sie Ihre Anmeldung", {
    timeout: 20_000,
  });
  // The invalid address went nowhere: the one sign-up sent, before or after it, is this one.
  expect(subscriptions).toHaveLength(1);
  expect(new URLSearchParams(subscriptions[0]).get("email")).toBe(email);

  await openMail(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Newsletter-Anmeldung");
  await page.getByRole("article").getByRole("link", { name: "Anmeldung bestätigen" }).click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await shop.expectAccessible();
  await page.getByRole("main").getByRole("button", { name: "Anmeldung bestätigen" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Danke! Ihre Anmeldung ist bestätigt.",
  );

  await openMail(page, email);
  await page.getByRole("article").getByRole("link", { name: "Abmelden" }).click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("main").getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Sie sind abgemeldet");
});

test("a sign-up sent while the footer's code is still loading is sent once it is here", async ({
  page,
  shop,
}) => {
  const email = `news.early.${Date.now()}@example.de`;
  // The footer's code arrives only after the click, as on a slow line.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/SiteFooter-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await shop.visit(url("localhost", "/"));
  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  await footer.getByRole("textbox", { name: "Ihre E-Mail-Adresse" }).fill(email);
  await footer.getByRole("button", { name: "Anmelden" }).click();
  release();
  await expect(footer.getByRole("status")).toContainText("Bitte bestätigen Sie Ihre Anmeldung", {
    timeout: 20_000,
  });
  // No plain page request: the address never went into the URL.
  expect(page.url()).not.toContain("email=");
});
