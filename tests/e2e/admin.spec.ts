/**
 * The back office in Chromium: an owner made by the operator command line (before the
 * e2e server opened its database, scripts/e2e-server.js) signs in, sets up the second
 * factor with a code computed here as an authenticator app would, makes recovery codes,
 * finds a customer who just signed up, exports their data, reads their mail in the
 * mailbox, erases them, opens the orders, production, vouchers and operators lists, takes a
 * shopper's order (marks it paid, refunds half, ships it, and sees the refund and shipped
 * mails), opens the content editor with the same session, and finds export and erasure in
 * the audit log; a production operator gets 403 on customers' data. axe checks every state.
 */
import { readFile } from "node:fs/promises";
import { Secret, TOTP } from "otpauth";
import { confirmedAccount, expect, test, url } from "./fixtures";
import { placeTransferOrder } from "./shopperOrder";

const PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? "Kompass-Nebel-Treppe-58";

function codeFor(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

test.describe("back office", () => {
  test("an owner signs in with a second factor, exports and erases a customer, reads their mail, and the audit log shows it", async ({
    page,
    shop,
  }) => {
    test.slow();
    const email = `kim.${Date.now()}@example.com`;
    await confirmedAccount(page, {
      email,
      password: "Wolken-Leiter-Sonne-81",
      firstName: "Kim",
      lastName: "Kunde",
    });

    // No session: the log-in page, which comes back to the page asked for.
    await page.goto(url("localhost", "/_admin/customers"));
    await expect(page).toHaveURL(/\/_admin\/login\?next=/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await shop.expectAccessible();
    await page.getByLabel("E-mail address").fill("e2e-owner@example.com");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("address or the password is wrong");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();

    // The owner has no second factor yet: its set-up is the only page open.
    await expect(page).toHaveURL(/\/_admin\/security$/);
    await expect(page.getByRole("heading", { name: "Set up the second factor" })).toBeVisible();
    await shop.expectAccessible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.locator(".admin-field__error")).toContainText("not right");
    await page.getByLabel("Code from the app").fill(codeFor(secret));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { name: "Second factor" })).toBeVisible();
    await page.getByRole("button", { name: "Make new recovery codes" }).click();
    await expect(
      page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
    ).toHaveCount(10);
    await shop.expectAccessible();
    await page.getByRole("link", { name: "Continue to the back office" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await shop.expectAccessible();

    // The customer, found by address.
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Customers" })
      .click();
    await page.getByLabel("Address, name or customer number").fill(email);
    await page.getByLabel("Address, name or customer number").press("Enter");
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await shop.expectAccessible();
    await row.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Kim Kunde");
    await shop.expectAccessible();

    // The export: a JSON download of everything held about the person.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export data (JSON)" }).click();
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, "utf8"));
    expect(exported.account).toMatchObject({ email, firstName: "Kim", lastName: "Kunde" });
    expect(exported.account.passwordHash).toBeUndefined();
    expect(exported.mails.length).toBeGreaterThan(0);

    // The mailbox: the sign-up mail to the address, as sent.
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Mailbox" })
      .click();
    await page.getByLabel("Recipient").fill(email);
    await page.getByLabel("Recipient").press("Enter");
    await expect(page.getByRole("row").filter({ hasText: email }).first()).toBeVisible();
    await shop.expectAccessible();
    await page.getByRole("row").filter({ hasText: email }).first().getByRole("link").click();
    await expect(page.getByRole("article")).toBeVisible();
    await expect(page.getByRole("article").getByRole("link").first()).toHaveAttribute(
      "href",
      /\/konto\//,
    );
    await shop.expectAccessible();

    // Erasure needs the box ticked, then removes the person.
    await page.goBack();
    await page.goto(url("localhost", "/_admin/customers?q=" + encodeURIComponent(email)));
    await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
    await page.getByRole("button", { name: "Erase customer" }).click();
    await expect(page.getByRole("alert")).toContainText("Tick the box");
    await page.getByLabel("I have checked that this person asked for it").check();
    await page.getByRole("button", { name: "Erase customer" }).click();
    await expect(page).toHaveURL(/\/_admin\/customers\?erased=1/);
    await page.goto(url("localhost", "/_admin/customers?q=" + encodeURIComponent(email)));
    await expect(page.getByText("No customers found.")).toBeVisible();

    // Orders and production open (empty on this fresh shop) and pass axe too.
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Orders" })
      .click();
    await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
    await shop.expectAccessible();
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Production" })
      .click();
    await expect(page.getByRole("heading", { name: "Production", exact: true })).toBeVisible();
    await shop.expectAccessible();
    // So do the vouchers and the operators (the owner is one).
    for (const section of ["Vouchers", "Operators"]) {
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: section })
        .click();
      await expect(page.getByRole("heading", { name: section, exact: true })).toBeVisible();
      await shop.expectAccessible();
    }

    // A shopper's order by bank transfer: the owner finds it, marks it paid, refunds half
    // with a reason and ships the rest with a tracking number; the shopper's mails say so.
    const placed = await placeTransferOrder(page, "cards", "card");
    await page.goto(url("localhost", `/_admin/orders?q=${placed.orderNumber}`));
    await page
      .getByRole("row")
      .filter({ hasText: placed.orderNumber })
      .getByRole("link")
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(placed.orderNumber);
    await expect(page.getByTestId("order-state")).toHaveText("placed");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Mark paid" }).click();
    // Nothing to print: the order goes on into production by itself.
    await expect(page.getByTestId("order-state")).toHaveText(/^(paid|in production)$/);
    // The refund form (and the cancel form while it is paid) each with their own field ids.
    await shop.expectAccessible();
    const half = (Math.floor(placed.total.amountMinor / 2) / 100).toFixed(2);
    await page.getByLabel(`Amount in ${placed.total.currency}`).fill(half);
    await page.getByLabel("Reason", { exact: true }).fill("one card arrived torn");
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(page.getByTestId("order-state")).toHaveText("partly refunded");
    await page.getByLabel("Tracking number").fill("00340434161094042557");
    await page.getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByTestId("order-state")).toHaveText("shipped");
    await shop.expectAccessible();
    // The order page lists the mails sent to the shopper (their jobs run as they are queued).
    await page.goto(page.url());
    const mails = page
      .getByRole("heading", { name: "Mails" })
      .locator("xpath=following-sibling::ul[1]");
    await expect(mails).toContainText(`Erstattung zu Ihrer Bestellung ${placed.orderNumber}`);
    await expect(mails).toContainText(`Ihre Bestellung ${placed.orderNumber} ist unterwegs`);

    // The content editor opens with the back-office session (no preview token), and its
    // old path leads there.
    await page.goto(url("localhost", "/_editor"));
    await expect(page).toHaveURL(/\/_admin\/content$/);
    await expect(page.getByRole("navigation", { name: "Storys" })).toBeVisible();

    // The audit log names the owner for both.
    await page.goto(url("localhost", "/_admin/audit?q=customer."));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(
      page.getByRole("row").filter({ hasText: "customer.export" }).first(),
    ).toContainText("e2e-owner@example.com");
    await expect(page.getByRole("row").filter({ hasText: "customer.erase" }).first()).toContainText(
      "e2e-owner@example.com",
    );
    await shop.expectAccessible();
  });

  test("a production operator signs in without a second factor and gets 403 on customers' data and refunds", async ({
    page,
    shop,
  }) => {
    await shop.visit(url("localhost", "/_admin/login"));
    await page.getByLabel("E-mail address").fill("e2e-press@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Customers" })).toHaveCount(0);
    const refused = await page.goto(url("localhost", "/_admin/customers"));
    expect(refused?.status()).toBe(403);
    const exportCall = await page.request.post(url("localhost", "/_admin/customers/1/export"), {
      form: { csrf: "x" },
    });
    expect(exportCall.status()).toBe(403);
    // A refund is money: production gets 403 before any order is looked at.
    const home = await page.goto(url("localhost", "/_admin"));
    expect(home?.status()).toBe(200);
    const csrf = await page.locator('input[name="csrf"]').first().getAttribute("value");
    const refund = await page.request.post(url("localhost", "/_admin/orders/1"), {
      form: { csrf: csrf!, intent: "refund", amount: "1.00", reason: "trying" },
    });
    expect(refund.status()).toBe(403);
  });
});
