/**
 * The back office in Chromium, as the "done" journey: an owner made by the operator
 * command line (run by scripts/e2e-server.js on the fresh embedded database before the shop
 * opens it: PGlite allows one process, so the test cannot run the command beside the running
 * shop) signs in, sets up the second factor with a code computed here as an authenticator
 * app would, makes recovery codes, finds a customer who just signed up, exports their data,
 * reads their mail in the mailbox, erases them, and opens every list. A shopper designs a
 * card and pays with the test provider; the owner finds the order with the keyboard alone,
 * sees its line's proof, downloads its print file (a PDF), refunds half through the
 * confirming dialog with the keyboard (Escape closes it, focus comes back), sees the credit
 * note; a production operator gets 403 on that refund; the production queue shows the order
 * among the cards, not the calendars; the rest ships from an uploaded CSV
 * (a row naming no order is reported); the refund and shipped mails are in the mailbox; the
 * content editor opens with the same session; export and erasure are in the audit log; and
 * the owner signs out and in again with the app's next code. axe checks every state. Where
 * PostgreSQL answers, playwright.config.ts runs this file once more against a shop on it.
 */
import { readFile } from "node:fs/promises";
import { Secret, TOTP } from "otpauth";
import { confirmedAccount, expect, test, url } from "./fixtures";
import { placeDesignedTestOrder } from "./shopperOrder";

const PASSWORD = process.env.E2E_OPERATOR_PASSWORD ?? "Kompass-Nebel-Treppe-58";

/** The app's code for the secret, now or `ahead` milliseconds from now. */
function codeFor(secret: string, ahead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + ahead,
  });
}

test.describe("back office", () => {
  test("an owner from the command line signs in with a second factor, handles a customer's data and a designed order (proof, print file, half refunded, shipped from a CSV), and the audit log shows it", async ({
    page,
    shop,
    browser,
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
    // A voucher's form, new and of a code the catalogue has, and the used-up setup link.
    await page.goto(url("localhost", "/_admin/vouchers"));
    await page.getByRole("link", { name: "New code" }).click();
    await expect(page.getByRole("heading", { name: "New voucher code" })).toBeVisible();
    await shop.expectAccessible();
    await page.goto(url("localhost", "/_admin/vouchers"));
    await page.getByRole("table").getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: /^Voucher / })).toBeVisible();
    await shop.expectAccessible();
    await page.goto(url("localhost", "/_admin/setup?token=used-up"));
    await expect(page.getByText("This setup link is not valid")).toBeVisible();
    await shop.expectAccessible();

    // A shopper designs a card and pays with the test provider; the owner finds the order in
    // the list with the keyboard alone (the skip link, the search, the row's link).
    const placed = await placeDesignedTestOrder(page);
    await page.goto(url("localhost", "/_admin/orders"));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to the content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Order number, e-mail or name")).toBeFocused();
    await page.keyboard.type(placed.orderNumber);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${placed.orderNumber}`));
    const orderLink = page.getByRole("link", { name: placed.orderNumber, exact: true });
    await expect(orderLink).toHaveCount(1);
    // Tab goes through the filters into the table, to the order's link.
    for (let i = 0; i < 30 && !(await orderLink.evaluate((a) => a === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(orderLink).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(placed.orderNumber);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const orderPath = new URL(page.url()).pathname;

    // Its line with the design's proof, and the print file (made by the order's jobs once
    // paid) as a PDF.
    const proof = page.getByRole("img", { name: "Proof of line 1" });
    await expect(proof).toBeVisible();
    await expect
      .poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const printFile = page.getByRole("link", { name: "Print file (PDF)" });
    // The page asks again by itself while the order's print file is being made.
    await expect(printFile).toBeVisible({ timeout: 60_000 });
    const printDownload = page.waitForEvent("download");
    await printFile.click();
    const pdf = await readFile((await (await printDownload).path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await shop.expectAccessible();

    // Half of it back, asked once more in a dialog, all with the keyboard: Escape closes it
    // and focus is back on the button, the second time its confirming button refunds.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const half = (Math.floor(placed.total.amountMinor / 2) / 100).toFixed(2);
    await page.getByLabel(`Amount in ${placed.total.currency}`).fill(half);
    await page.getByLabel("Reason", { exact: true }).fill("one card arrived torn");
    await page.keyboard.press("Tab");
    const refundButton = page.getByRole("button", { name: "Refund", exact: true });
    await expect(refundButton).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Refund ${half} ${placed.total.currency}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Back" })).toBeFocused();
    await shop.expectAccessible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(refundButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Refund now" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("order-state")).toHaveText("partly refunded");
    await expect(page.getByText(/^Credit note /)).toBeVisible({ timeout: 20_000 });

    // A production operator may see the order but gets 403 on its refund.
    const pressContext = await browser.newContext();
    const press = await pressContext.newPage();
    await press.goto(url("localhost", "/_admin/login"));
    await press.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await press.getByLabel("E-mail address").fill("e2e-press@example.com");
    await press.getByLabel("Password").fill(PASSWORD);
    await press.getByRole("button", { name: "Sign in" }).click();
    await expect(press.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    // No second factor asked of production, and no way to customers' data in its menu (its
    // 403s on customers, content and pictures are admin.http.test.ts's and
    // adminEditorPages.http.test.ts's).
    await expect(press.getByRole("link", { name: "Customers" })).toHaveCount(0);
    await press.goto(url("localhost", orderPath));
    await expect(press.getByRole("heading", { level: 1 })).toContainText(placed.orderNumber);
    await expect(press.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
    const pressCsrf = await press.locator('input[name="csrf"]').first().getAttribute("value");
    const refused = await press.request.post(url("localhost", orderPath), {
      form: { csrf: pressCsrf!, intent: "refund", amount: "1.00", reason: "trying" },
    });
    expect(refused.status()).toBe(403);
    await pressContext.close();

    // The rest ships from a CSV of order and tracking numbers; a row naming no order is
    // reported back.
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Production" })
      .click();
    await expect(page.getByRole("heading", { name: "Production", exact: true })).toBeVisible();
    // The queue by product family: the card is among the cards, not among the calendars.
    const queued = page.getByRole("link", { name: placed.orderNumber, exact: true });
    await expect(queued).toBeVisible();
    await page.getByLabel("Product family").selectOption("calendar");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/family=calendar/);
    await expect(page.getByText("No order is waiting.")).toBeVisible();
    await page.getByLabel("Product family").selectOption("card");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/family=card/);
    await expect(queued).toBeVisible();
    await page.getByLabel("CSV file").setInputFiles({
      name: "parcels.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `order,tracking\n${placed.orderNumber},00340434161094042557\nC-1999-999999,00340434161094049999\n`,
      ),
    });
    await page.getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByRole("status")).toContainText(`Shipped: ${placed.orderNumber}.`);
    await expect(page.getByRole("list", { name: "Rows not matched" })).toContainText(
      "C-1999-999999 — no such order",
    );
    await shop.expectAccessible();

    // The shopper's refund and shipped mails, in the mailbox (their jobs run once queued).
    await page.goto(url("localhost", `/_admin/mail?to=${encodeURIComponent(placed.email)}`));
    const mailRows = page.getByRole("row").filter({ hasText: placed.email });
    // The list asks again by itself while an order's mail is still being written.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(
      mailRows.filter({ hasText: `Erstattung zu Ihrer Bestellung ${placed.orderNumber}` }),
    ).toHaveCount(1, { timeout: 30_000 });
    await expect(
      mailRows.filter({ hasText: `Ihre Bestellung ${placed.orderNumber} ist unterwegs` }),
    ).toHaveCount(1, { timeout: 30_000 });
    await page.goto(url("localhost", orderPath));
    await expect(page.getByTestId("order-state")).toHaveText("shipped");

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

    // Signed out, the owner comes back with the password and the app's next code (the one
    // used at the set-up counts once only).
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/_admin\/login$/);
    await page.goto(url("localhost", "/_admin/orders"));
    await expect(page).toHaveURL(/\/_admin\/login\?next=/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("E-mail address").fill("e2e-owner@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Code from your authenticator app").fill(codeFor(secret, 30_000));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
