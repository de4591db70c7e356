/**
 * The log-in dialog, the help launcher and back-to-top at 375 px and 1280 px. Each test
 * runs at one width, phone and desktop taking turns: the log-in dialog in the card shop on
 * a phone and in the wall-art shop on a desktop; back-to-top at both; the launcher without
 * comfort cookies on a phone, with them and with a failing chat script on a desktop.
 */
import type { Page } from "@playwright/test";
import { expect, test, url, PORT, STANDIN_HOSTS } from "./fixtures";
import { PHONE, DESKTOP, consentCookie, acceptCookies, scrollY } from "./furniture.helpers";

/** Opens the header's log-in dialog: focus goes in, stays in, and Escape brings it back. */
async function expectLogInDialog(page: Page, expectAccessible: () => Promise<void>) {
  const account = page.getByRole("banner").getByRole("button", { name: "Anmelden" });
  await account.click();
  const dialog = page.getByRole("dialog", { name: "Anmelden" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "E-Mail-Adresse" })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
    "hidden",
  );
  await expectAccessible();
  for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(account).toBeFocused();
}

/** Back-to-top appears only while scrolling up, and only past half the viewport. */
async function expectBackToTop(page: Page) {
  const button = page.getByRole("button", { name: "Nach oben" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 2400));
  await page.waitForTimeout(700);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 1800));
  await expect(button).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 2000));
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => scrollY(page)).toBe(0);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 1800));
  await page.waitForTimeout(700);
  await page.evaluate(() => window.scrollTo(0, 200));
  await page.waitForTimeout(700);
  await expect(button).toBeHidden();
}

test.describe(`dialogs, help and back-to-top at ${PHONE.width} px`, () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("localhost: the LogIn dialog: focus in, trapped, Escape, focus back; back-to-top appears only scrolling up past half the viewport", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost"));
    await expectLogInDialog(page, shop.expectAccessible);
    await expectBackToTop(page);
  });

  test("without comfort cookies the launcher offers phone and e-mail, and starts the chat on request", async ({
    page,
    shop,
  }) => {
    const chatRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname === STANDIN_HOSTS.chat) chatRequests.push(request.url());
    });
    await shop.visit(url("localhost"));
    const launcher = page.getByRole("button", { name: "Hilfe", exact: true });
    await launcher.click();
    const panel = page.getByRole("region", { name: "Kundenservice" });
    await expect(panel).toBeVisible();
    await expect(launcher).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link", { name: /^Telefon: / })).toHaveAttribute(
      "href",
      /^tel:\+?\d+$/,
    );
    await expect(
      panel.getByRole("link", { name: "E-Mail: service@cardelia.example" }),
    ).toHaveAttribute("href", "mailto:service@cardelia.example");
    await shop.expectAccessible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
    expect(chatRequests).toEqual([]);

    await launcher.click();
    await panel.getByRole("button", { name: "Chat starten" }).click();
    expect(await consentCookie(page)).toBe("v1:f1a0m0");
    const chat = page.getByRole("dialog", { name: "Chat" });
    await expect(chat).toBeVisible({ timeout: 5000 });
    expect(chatRequests).toEqual([`https://${STANDIN_HOSTS.chat}/snippet.js?key=local-cards`]);
    await expect(chat).toHaveAttribute("lang", "de-DE");
    await expect(launcher).toBeHidden();
    await chat.getByRole("button", { name: "Close chat" }).click();
    await expect(launcher).toBeVisible();
    await expect(launcher).toBeFocused();
  });
});

test.describe(`dialogs, help and back-to-top at ${DESKTOP.width} px`, () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test("wallart: the LogIn dialog: focus in, trapped, Escape, focus back", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("wallart"));
    await expectLogInDialog(page, shop.expectAccessible);
  });

  test("with comfort cookies the chat loads on the first click, opens and closes; back-to-top appears only scrolling up past half the viewport", async ({
    page,
    context,
    shop,
  }) => {
    await context.addCookies([
      { name: "shop_consent", value: "v1:f1a0m0", url: `http://localhost:${PORT}/` },
    ]);
    await shop.visit(url("localhost"));
    await expectBackToTop(page);
    const launcher = page.getByRole("button", { name: "Hilfe", exact: true });
    const scripts = () => page.locator("script#ze-snippet").count();
    expect(await scripts()).toBe(0);
    await launcher.click();
    await expect(launcher).toHaveAttribute("data-status", "loading");
    await launcher.click(); // ignored while loading
    // The provider's script is added once the chat's own code has arrived.
    await expect(page.locator("script#ze-snippet")).toHaveCount(1);
    const chat = page.getByRole("dialog", { name: "Chat" });
    await expect(chat).toBeVisible({ timeout: 5000 });
    await expect(launcher).toBeHidden();
    await chat.getByRole("button", { name: "Close chat" }).click();
    await expect(launcher).toBeVisible();
    await expect(launcher).toBeFocused();
    await launcher.click();
    await expect(chat).toBeVisible();
    expect(await scripts()).toBe(1);
  });

  test("a failing chat script resets the launcher silently", async ({ page, context, shop }) => {
    await context.addCookies([
      { name: "shop_consent", value: "v1:f1a0m0", url: `http://localhost:${PORT}/` },
    ]);
    await page.route(`https://${STANDIN_HOSTS.chat}/**`, (route) =>
      route.fulfill({ status: 503, body: "" }),
    );
    await shop.visit(url("localhost"));
    const launcher = page.getByRole("button", { name: "Hilfe", exact: true });
    await launcher.click();
    await expect(launcher).toHaveAttribute("data-status", "not-loaded");
    shop.consoleErrors.length = 0;
  });
});
