/**
 * A customer in the back office over HTTP, on PGlite and PostgreSQL: the customer page shows
 * the person's newsletter status, their orders (of the account and as a guest with its
 * address) and their log-ins as the history keeps them (a confirmed sign-up link and a
 * password log-in through the shop's API: the method, the address's network, the browser
 * family); the export carries the history. Erasing a person with orders waits while one is
 * open, then keeps the orders and their invoices (the PDF untouched) without the person's
 * e-mail, names and addresses, deletes the account with its log-in history, and is audited.
 */
import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  customerLogIns,
  customers,
  invoices,
  newsletterSubscriptions,
  orders,
} from "../../db/schema";
import { TEST_DATABASES } from "../../db/testing";
import { ERASED_EMAIL } from "../../domain/customerErasure";
import { confirmMailedSignUp } from "../../server/testing/customers";
import { openAdminShop, testOrderValues, type AdminShop, type SignedIn } from "./adminShop.testing";

const EMAIL = "lena.logbuch@example.com";
const PASSWORD = "Laterne-Fluss-Wiese-73";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(TEST_DATABASES)("a customer in the back office on %s", (kind) => {
  let t: AdminShop;
  let owner: SignedIn;
  let customerId: number;

  beforeAll(async () => {
    t = await openAdminShop(kind);
    owner = await t.signIn("owner", "owner");
    const accounts = t.services.customers.accounts;
    await accounts.signUp(
      { email: EMAIL, password: PASSWORD, firstName: "Lena", lastName: "Logbuch" },
      {
        channel: "cards",
        locale: "de-DE",
        ip: "192.0.2.1",
        links: { verify: (x) => `http://x/?token=${x}`, reset: (x) => `http://x/?token=${x}` },
      },
    );
    // The mailed link opens the account: a log-in from 192.0.2.1 without a user agent.
    const opened = await confirmMailedSignUp(t.services, EMAIL, PASSWORD);
    customerId = opened.customer.id;
    const login = await t.request("/web-api/customer-login", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": FIREFOX },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const db = t.database.db;
    await db.insert(newsletterSubscriptions).values({
      channel: "cards",
      email: EMAIL,
      locale: "de-DE",
      status: "confirmed",
      source: "footer",
      unsubscribeTokenHash: "lena-unsubscribe",
      confirmedAt: new Date("2026-11-02T09:00:00Z"),
    });
    await db.insert(orders).values([
      testOrderValues("C-LENA-1", {
        customerId,
        email: EMAIL,
        state: "shipped",
        billingAddress: {
          firstName: "Lena",
          lastName: "Logbuch",
          company: "Logbuch GmbH",
          street: "Ufergasse 3",
          postalCode: "50667",
          city: "Köln",
          country: "DE",
          phone: "+49 221 555",
        },
      }),
      // A guest order with the account's address, before the account existed.
      testOrderValues("C-LENA-2", { email: EMAIL.toUpperCase(), state: "delivered" }),
      testOrderValues("C-LENA-3", { customerId, email: EMAIL, state: "paid" }),
      testOrderValues("C-OTHER-1", { email: "someone.else@example.com", state: "shipped" }),
    ]);
    const pdf = Buffer.from("%PDF-1.7 invoice to Lena Logbuch, Ufergasse 3");
    await db.insert(invoices).values({
      channel: "cards",
      kind: "invoice",
      year: 2026,
      sequence: 1,
      number: "CR-2026-000001",
      orderNumber: "C-LENA-1",
      orderToken: "tok-C-LENA-1",
      currency: "EUR",
      totalMinor: 4000,
      pdf,
      sha256: createHash("sha256").update(pdf).digest("hex"),
    });
  }, 180_000);
  afterAll(() => t?.close());

  it("shows the newsletter status, the orders and the log-ins, and exports the log-ins", async () => {
    const page = await t.request(`/_admin/customers/${customerId}`, { cookie: owner.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<dt>Newsletter<\/dt><dd>confirmed since /);
    for (const number of ["C-LENA-1", "C-LENA-2", "C-LENA-3"]) expect(html).toContain(number);
    expect(html).not.toContain("C-OTHER-1");
    const rows = [
      ...html.matchAll(
        /<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g,
      ),
    ].map((m) => m.slice(1));
    // Newest first: the API's password log-in, then the sign-up link from the test helper.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(["password", expect.any(String), "Firefox on Windows"]);
    expect(rows[1]).toEqual(["sign-up link", "192.0.2.0/24", "unknown"]);
    expect(html).not.toContain("192.0.2.1");

    const exported = await t.post(`/_admin/customers/${customerId}/export`, owner, {});
    expect(exported.status).toBe(200);
    const body = (await exported.json()) as { logIns: { method: string; network: string }[] };
    expect(body.logIns.map((l) => l.method)).toEqual(["password", "sign-up link"]);
  });

  it("erases a customer with orders once none is open: orders and invoices kept without the person, audited", async () => {
    const db = t.database.db;
    const refused = await t.post(`/_admin/customers/${customerId}`, owner, {
      intent: "erase",
      confirm: "erase",
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("C-LENA-3");
    expect(await t.services.admin.customers.byId(customerId)).not.toBeNull();

    await db.update(orders).set({ state: "cancelled" }).where(eq(orders.number, "C-LENA-3"));
    const [invoiceBefore] = await db.select().from(invoices);
    const erased = await t.post(`/_admin/customers/${customerId}`, owner, {
      intent: "erase",
      confirm: "erase",
    });
    expect(erased.status).toBe(302);
    expect(erased.headers.get("location")).toBe("/_admin/customers?erased=1");

    expect(await db.select().from(customers).where(eq(customers.id, customerId))).toEqual([]);
    expect(
      await db.select().from(customerLogIns).where(eq(customerLogIns.customerId, customerId)),
    ).toEqual([]);
    const kept = await db
      .select()
      .from(orders)
      .where(inArray(orders.number, ["C-LENA-1", "C-LENA-2", "C-LENA-3"]))
      .orderBy(orders.number);
    expect(kept).toHaveLength(3);
    for (const order of kept) {
      expect(order).toMatchObject({
        email: ERASED_EMAIL,
        customerId: null,
        totalMinor: 4000,
        shippingAddress: {
          firstName: "",
          lastName: "",
          street: "",
          postalCode: "",
          city: "",
          country: "DE",
        },
      });
    }
    expect(kept[0]!.billingAddress).toEqual({
      firstName: "",
      lastName: "",
      street: "",
      postalCode: "",
      city: "",
      country: "DE",
    });
    // (The order numbers "C-LENA-…" are the shop's, not the person's.)
    expect(JSON.stringify(kept)).not.toMatch(
      /Lena|Logbuch|Ufergasse|Erika|Hauptstraße|lena\.logbuch|LENA\.LOGBUCH/,
    );
    // The invoice as issued: the law keeps it, byte for byte.
    expect(await db.select().from(invoices)).toEqual([invoiceBefore]);
    // Someone else's order is untouched.
    const [other] = await db.select().from(orders).where(eq(orders.number, "C-OTHER-1"));
    expect(other!.email).toBe("someone.else@example.com");

    const log = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `customer:${customerId}`));
    const erase = log.find((e) => e.action === "customer.erase");
    expect(erase).toMatchObject({ details: { ordersAnonymised: 3 } });
    expect(JSON.stringify(log)).not.toContain(EMAIL);
  });
});
