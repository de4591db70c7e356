/**
 * reCAPTCHA v3 as the forms' spam protection, in the browser: a second shop started with
 * reCAPTCHA's keys (the suite's own server uses the shop's proof-of-work challenge), its
 * script and check served by stand-ins (tests/e2e/standins/recaptcha.js and the check in
 * scripts/e2e-server.js). The footer's sign-up sends Google's token for its action, and
 * the server has it checked before the confirmation mail goes out.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, PORT, STANDIN_HOSTS, test, withConsent } from "./fixtures";

const SITE_KEY = "6LcE2eStandinSiteKey";
const RECAPTCHA_PORT = PORT + 2;
const origin = `http://localhost:${RECAPTCHA_PORT}`;

let server: ChildProcess;

// One worker runs this file's tests in turn: they share the one server on its port.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  // The shop imports the seed content and catalogue as it starts: over 60 s at a load of 12
  // on this 2-core machine. A limit for a hang, as the fresh-start test's.
  test.setTimeout(150_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(RECAPTCHA_PORT),
    LOG_LEVEL: "warn",
    RECAPTCHA_SITE_KEY: SITE_KEY,
    RECAPTCHA_SECRET_KEY: "6LcE2eStandinSecretKey",
  };
  delete env.GOOGLE_STANDIN_PORT;
  server = spawn(process.execPath, ["scripts/e2e-server.js"], { env, stdio: "inherit" });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${origin}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error("the reCAPTCHA shop did not start");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});
test.afterAll(() => {
  server?.kill("SIGTERM");
});

test.beforeEach(async ({ context }) => {
  await withConsent(context);
});

/** Scrolls to the footer and waits until its code has hydrated it. */
async function hydratedFooter(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.locator(".footer-island[data-interactive]").waitFor({ state: "attached" });
  return page.getByRole("contentinfo");
}

test("a footer sign-up sends Google's token for its action and is checked before the mail goes out", async ({
  page,
  shop,
}) => {
  const email = `recaptcha.${Date.now()}@example.de`;
  const scripts: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).hostname === STANDIN_HOSTS.recaptcha) scripts.push(request.url());
    if (request.url().includes("/web-api/newsletter-")) {
      posts.push(`${request.method()} ${request.postData() ?? request.url()}`);
    }
  });
  await shop.visit(`${origin}/`);
  // Nothing of Google's before a form is sent.
  expect(scripts).toEqual([]);
  const footer = await hydratedFooter(page);
  await footer.getByRole("textbox", { name: "Ihre E-Mail-Adresse" }).fill(email);
  await footer.getByRole("button", { name: "Anmelden" }).click();
  await expect(footer.getByRole("status")).toContainText("Bitte bestätigen Sie Ihre Anmeldung", {
    timeout: 20_000,
  });
  expect(scripts).toEqual([
    `https://${STANDIN_HOSTS.recaptcha}/recaptcha/api.js?render=${SITE_KEY}`,
  ]);
  // One post, with the stand-in's token for the newsletter's action; no challenge fetched.
  expect(posts).toHaveLength(1);
  expect(new URLSearchParams(posts[0]!.replace(/^POST /, "")).get("reCaptchaToken")).toMatch(
    /^standin:newsletterContainer:0.9:/,
  );

  await page.goto(`${origin}/_mailbox`);
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(1);
});

test("a sign-up Google scores as a bot is refused and sends no mail", async ({ page, shop }) => {
  const email = `bot.${Date.now()}@example.de`;
  await shop.visit(`${origin}/`);
  await page.evaluate(() => {
    (window as unknown as { recaptchaStandin: { score: number } }).recaptchaStandin = {
      score: 0.1,
    };
  });
  const footer = await hydratedFooter(page);
  await footer.getByRole("textbox", { name: "Ihre E-Mail-Adresse" }).fill(email);
  const answer = page.waitForResponse((response) =>
    response.url().endsWith("/web-api/newsletter-subscribe"),
  );
  await footer.getByRole("button", { name: "Anmelden" }).click();
  expect((await answer).status()).toBe(403);
  await expect(footer.getByRole("status")).not.toHaveText("");
  await expect(footer.getByRole("status")).not.toContainText("Bitte bestätigen");

  await page.goto(`${origin}/_mailbox`);
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
});
