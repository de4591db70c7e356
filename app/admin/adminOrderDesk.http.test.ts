/**
 * The back office's order desk over HTTP, on PGlite and PostgreSQL: the list's "needs
 * attention" filter finds the orders with a failed job, a payment pending too long or a
 * preflight problem (not the quiet one) and its date range keeps whole UTC days; the order
 * page shows a line's configuration, personalisation and preflight problem, the payments,
 * provider events and mails (the mails not to production, not even in the page's data); a
 * note goes into the timeline (production may write one, an empty one is refused);
 * cancelling asks for a reason, is for roles that handle money, gives a captured payment
 * back through the provider and happens once. A mail from the mailbox page goes into the
 * outbox again.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  jobs,
  mailOutbox,
  orderEvents,
  orderLines,
  orders,
  paymentEvents,
  payments,
  testPayments,
} from "../../db/schema";
import { TEST_DATABASES } from "../../db/testing";
import { MS_PER_HOUR } from "../../domain/constants";
import { decodeHtml } from "../../server/testing/pageForms";
import { openAdminShop, testOrderValues, type AdminShop, type SignedIn } from "./adminShop.testing";

/** Four orders placed on known days; three need attention for a different reason each. */
const QUIET = "C-2031-000101";
const FAILED_JOB = "C-2031-000102";
const PENDING = "C-2031-000103";
const PREFLIGHT = "C-2031-000104";
const ALL = [QUIET, FAILED_JOB, PENDING, PREFLIGHT];

/** A page's part under a heading, up to the next heading of its level or above. */
function section(html: string, heading: string): string {
  const start = html.indexOf(`<h2>${heading}</h2>`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rest = html.slice(start + heading.length + 9);
  const end = rest.search(/<h2>/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The table row that names a text. */
function rowOf(html: string, text: string): string {
  const row = [...html.matchAll(/<tr[\s>][\s\S]*?<\/tr>/g)].find(([r]) => r.includes(text));
  expect(row, text).toBeDefined();
  return row![0];
}

describe.each(TEST_DATABASES)("the order desk in the back office on %s", (kind) => {
  let t: AdminShop;
  let owner: SignedIn;
  let press: SignedIn;
  const ids: Record<string, number> = {};
  const listed = async (query: string) => {
    const response = await t.request(`/_admin/orders?${query}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    return ALL.filter((n) => html.includes(n));
  };
  const orderRow = async (number: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.number, number)))[0]!;
  const eventsOf = async (number: string, kindOf: string) =>
    t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, ids[number]!), eq(orderEvents.kind, kindOf)));

  beforeAll(async () => {
    t = await openAdminShop(kind);
    owner = await t.signIn("owner", "owner");
    press = await t.signIn("press", "production");
    const db = t.database.db;
    const days: Record<string, string> = {
      [QUIET]: "2031-03-09T23:59:00Z",
      [FAILED_JOB]: "2031-03-10T00:00:00Z",
      [PENDING]: "2031-03-12T23:59:59Z",
      [PREFLIGHT]: "2031-03-13T00:00:00Z",
    };
    for (const number of ALL) {
      const [row] = await db
        .insert(orders)
        .values(
          testOrderValues(number, {
            createdAt: new Date(days[number]!),
            state: number === QUIET ? "paid" : "placed",
            paymentMethod: number === QUIET ? "test" : "invoice",
          }),
        )
        .returning();
      ids[number] = row!.id;
    }
    await db.insert(jobs).values({
      kind: "order-mail",
      payload: { orderId: ids[FAILED_JOB], mail: "placed" },
      state: "failed",
      attempts: 8,
      lastError: "SMTP refused",
    });
    // Pending for two hours, measured from the real clock the list uses.
    await db.insert(payments).values({
      ref: "pay-desk-103",
      orderId: ids[PENDING]!,
      provider: "invoice",
      status: "pending",
      currency: "EUR",
      amountMinor: 4000,
      idempotencyKey: "pay-desk-103",
      createdAt: new Date(Date.now() - 2 * MS_PER_HOUR),
    });
    await db.insert(orderLines).values({
      orderId: ids[PREFLIGHT]!,
      position: 1,
      product: "card",
      configuration: { format: "A6", paper: "matt" },
      title: "Karte, 14,8 x 10,5 cm",
      quantity: 1,
      lineTotalMinor: 4000,
      unitPriceMinor: 4000,
      vatRateBasisPoints: 1900,
      personalised: true,
      preflight: { ok: false, problems: ["photo below 150 dpi"] },
    });
    // The preflight order's payment is authorised (just now, so not pending too long), with
    // the provider's event for it, and its confirmation mail was sent.
    const [authorised] = await db
      .insert(payments)
      .values({
        ref: "pay-desk-104",
        orderId: ids[PREFLIGHT]!,
        provider: "test",
        providerRef: "tp_desk_104",
        status: "authorised",
        currency: "EUR",
        amountMinor: 4000,
        idempotencyKey: "pay-desk-104",
      })
      .returning();
    await db.insert(paymentEvents).values({
      provider: "test",
      eventId: "evt_desk_104",
      paymentId: authorised!.id,
      type: "payment.authorized",
      payload: { providerRef: "tp_desk_104" },
      receivedAt: new Date("2031-03-13T00:05:00Z"),
    });
    await db.insert(mailOutbox).values({
      channel: "cards",
      recipient: testOrderValues(PREFLIGHT).email,
      subject: `Ihre Bestellung ${PREFLIGHT}`,
      text: "Danke für Ihre Bestellung",
      html: "<p>Danke für Ihre Bestellung</p>",
      kind: "order-placed",
      createdAt: new Date("2031-03-13T00:06:00Z"),
    });
    // The quiet order was paid with the test provider, captured in full and recently.
    await db.insert(testPayments).values({
      providerRef: "tp_desk_101",
      idempotencyKey: "pay-desk-101",
      status: "captured",
      amountMinor: 4000,
      capturedMinor: 4000,
      request: { amountMinor: 4000, currency: "EUR" },
    });
    await db.insert(payments).values({
      ref: "pay-desk-101",
      orderId: ids[QUIET]!,
      provider: "test",
      providerRef: "tp_desk_101",
      status: "captured",
      currency: "EUR",
      amountMinor: 4000,
      capturedMinor: 4000,
      idempotencyKey: "pay-desk-101",
    });
  }, 180_000);
  afterAll(() => t?.close());

  it("lists the orders needing attention, and keeps whole days in the date range", async () => {
    expect(await listed("q=C-2031")).toEqual(ALL);
    expect(await listed("q=C-2031&attention=1")).toEqual([FAILED_JOB, PENDING, PREFLIGHT]);
    expect(await listed("q=C-2031&from=2031-03-10&to=2031-03-12")).toEqual([FAILED_JOB, PENDING]);
    expect(await listed("q=C-2031&from=2031-03-13")).toEqual([PREFLIGHT]);
    expect(await listed("q=C-2031&to=2031-03-09")).toEqual([QUIET]);
    expect(await listed("q=C-2031&attention=1&to=2031-03-11")).toEqual([FAILED_JOB]);
    const bad = await t.request("/_admin/orders?attention=yes&to=13.03.2031", {
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Tick or leave it");
    expect(html).toContain("Use a date like 2026-11-30");
  });

  it("shows an order's line with its configuration, personalisation and preflight problem, its payments, provider events and mails", async () => {
    const page = `/_admin/orders/${ids[PREFLIGHT]}`;
    const response = await t.request(page, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const html = decodeHtml(await response.text());
    const line = rowOf(section(html, "Lines"), "Karte, 14,8 x 10,5 cm");
    expect(line).toContain("Karte, 14,8 x 10,5 cm (personalised)");
    // Each choice of the configuration, in whatever order the database keeps them.
    expect(line).toContain("format: A6");
    expect(line).toContain("paper: matt");
    expect(line).toContain("photo below 150 dpi");

    const money = section(html, "Payments");
    expect(money).toMatch(/test pay-desk-104: authorised, 40\.00 EUR \(captured/);
    expect(money).toContain("<h3>Provider events</h3>");
    expect(money).toContain("2031-03-13 00:05 UTC: payment.authorized");
    const mails = section(html, "Mails");
    expect(mails).toContain(`Ihre Bestellung ${PREFLIGHT}`);
    expect(mails).toContain("2031-03-13 00:06 UTC");
    expect(mails).toMatch(/href="\/_admin\/mail\/\d+"/);

    // Production sees the lines and the payments, not the mails sent to the customer (nor
    // in the page's data).
    const pressHtml = decodeHtml(await (await t.request(page, { cookie: press.cookie })).text());
    expect(rowOf(section(pressHtml, "Lines"), "Karte")).toContain("photo below 150 dpi");
    expect(pressHtml).toContain("payment.authorized");
    expect(pressHtml).not.toContain("<h2>Mails</h2>");
    expect(pressHtml).not.toContain(`Ihre Bestellung ${PREFLIGHT}`);
  });

  it("writes a note into the timeline, production too, and refuses an empty one", async () => {
    const page = `/_admin/orders/${ids[PREFLIGHT]}`;
    const empty = await t.post(page, press, { intent: "note", text: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the note");
    const written = await t.post(page, press, {
      intent: "note",
      text: "Customer sends a sharper photo by Friday",
    });
    expect(written.status).toBe(200);
    const notes = await eventsOf(PREFLIGHT, "note");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      actor: `operator:${press.id}`,
      data: { text: "Customer sends a sharper photo by Friday" },
    });
    const shown = await (await t.request(page, { cookie: owner.cookie })).text();
    expect(shown).toContain("Customer sends a sharper photo by Friday");
  });

  it("cancels with a reason for who handles money, gives the captured money back, once", async () => {
    const page = `/_admin/orders/${ids[QUIET]}`;
    const noReason = await t.post(page, owner, { intent: "cancel", reason: "" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Say why (at least 3 characters)");
    expect((await t.post(page, press, { intent: "cancel", reason: "Asked by phone" })).status).toBe(
      403,
    );
    expect((await orderRow(QUIET)).state).toBe("paid");

    const done = await t.post(page, owner, { intent: "cancel", reason: "Asked by phone" });
    expect(done.status).toBe(200);
    expect(await orderRow(QUIET)).toMatchObject({ state: "cancelled", refundedMinor: 4000 });
    const [atProvider] = await t.database.db
      .select()
      .from(testPayments)
      .where(eq(testPayments.providerRef, "tp_desk_101"));
    expect(atProvider).toMatchObject({ status: "refunded", refundedMinor: 4000 });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, ids[QUIET]!));
    expect(payment).toMatchObject({ status: "refunded", refundedMinor: 4000 });
    const cancelled = await eventsOf(QUIET, "state.cancel");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({
      actor: `operator:${owner.id}`,
      fromState: "paid",
      toState: "cancelled",
    });
    expect(cancelled[0]!.data).toMatchObject({ reason: "Asked by phone" });

    const again = await t.post(page, owner, { intent: "cancel", reason: "Asked by phone" });
    expect(again.status).toBe(409);
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${ids[QUIET]}`));
    expect(log.map((e) => [e.action, e.operatorEmail, e.details])).toEqual([
      ["order.cancel", "owner@example.com", expect.objectContaining({ reason: "Asked by phone" })],
    ]);
  });

  it("puts a mail from the mailbox page into the outbox again, for who may resend", async () => {
    const [mail] = await t.database.db
      .insert(mailOutbox)
      .values({
        channel: "cards",
        recipient: "kim@example.com",
        subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
        text: "Bitte bestätigen: https://cards.localhost/confirm/abc",
        html: "<p>Bitte bestätigen</p>",
        kind: "signup",
      })
      .returning();
    const copies = async () =>
      t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "kim@example.com"));
    const page = `/_admin/mail/${mail!.id}`;
    const shown = await t.request(page, { cookie: owner.cookie });
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Send again");
    expect((await t.post(page, press, {})).status).toBe(403);
    expect((await t.post(`/_admin/mail/${mail!.id + 1000}`, owner, {})).status).toBe(404);
    expect(await copies()).toHaveLength(1);

    expect((await t.post(page, owner, {})).status).toBe(200);
    const after = await copies();
    expect(after).toHaveLength(2);
    const copy = after.find((m) => m.id !== mail!.id)!;
    expect(copy).toMatchObject({
      channel: "cards",
      subject: mail!.subject,
      text: mail!.text,
      html: mail!.html,
      kind: "signup",
    });
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `mail:${mail!.id}`));
    expect(log.map((e) => [e.action, e.operatorEmail])).toEqual([
      ["mail.resend", "owner@example.com"],
    ]);
  });
});
