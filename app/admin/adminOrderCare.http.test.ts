/**
 * Looking after an order in the back office over HTTP, on PGlite and PostgreSQL: the delivery
 * address changes until production starts (checked as the checkout checks it, the country
 * kept), a mail the order sent goes out again through the outbox (the invoice as issued), a
 * line's print file is made again by a job until the order ships; a production operator may
 * re-render but not resend or edit the address. An operator changes their own password: the
 * current one first, the new one checked and hashed, their other sessions ended. All audited.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  mailOutbox,
  operators,
  operatorSessions,
  orderEvents,
  orderLines,
  orders,
} from "../../db/schema";
import { TEST_DATABASES } from "../../db/testing";
import { printProfile } from "../../domain/studio/profiles";
import { emptyTemplate } from "../../domain/studio/templates";
import {
  OPERATOR_PASSWORD,
  openAdminShop,
  testOrderValues,
  type AdminShop,
  type SignedIn,
} from "./adminShop.testing";

const NUMBER = "C-2030-000091";

describe.each(TEST_DATABASES)("looking after an order in the back office on %s", (kind) => {
  let t: AdminShop;
  let owner: SignedIn;
  let press: SignedIn;
  let orderId: number;
  const page = () => `/_admin/orders/${orderId}`;
  const row = async () =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const outboxCount = async (subject: string) =>
    (
      await t.database.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.recipient, "erika@example.com"), like(mailOutbox.subject, subject)),
        )
    ).length;

  beforeAll(async () => {
    t = await openAdminShop(kind);
    owner = await t.signIn("owner", "owner");
    press = await t.signIn("press", "production");
    const product = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "flat-card" },
    };
    const document = emptyTemplate(product, printProfile(product)!);
    const [order] = await t.database.db
      .insert(orders)
      .values(testOrderValues(NUMBER, { token: "tok-admin-care-91" }))
      .returning();
    orderId = order!.id;
    await t.database.db.insert(orderLines).values({
      orderId,
      position: 1,
      product: "card",
      configuration: { format: "148x105" },
      title: "Karte, 14,8 x 10,5 cm",
      quantity: 1,
      lineTotalMinor: 4000,
      unitPriceMinor: 4000,
      vatRateBasisPoints: 1900,
      personalised: true,
      designId: "design-care-1",
      design: { id: "design-care-1", version: 1, document },
    });
  }, 180_000);
  afterAll(() => t?.close());

  it("changes the delivery address before production, checked as at the checkout, and not after", async () => {
    const address = {
      intent: "address",
      firstName: "Erika",
      lastName: "Muster-Beispiel",
      company: "",
      street: "Nebenstraße 7",
      addressLine2: "Hinterhaus",
      postalCode: "1011",
      city: "Berlin",
      phone: "",
    };
    const noStreet = await t.post(page(), owner, { ...address, street: "" });
    expect(noStreet.status).toBe(400);
    expect(await noStreet.text()).toContain("Enter the street and house number");
    const badCode = await t.post(page(), owner, address);
    expect(badCode.status).toBe(400);
    expect(await badCode.text()).toContain("Enter a postal code valid in the order&#x27;s country");
    expect((await row()).shippingAddress.street).toBe("Hauptstraße 5");
    // Production may not change what the customer asked for.
    expect((await t.post(page(), press, { ...address, postalCode: "10117" })).status).toBe(403);

    expect((await t.post(page(), owner, { ...address, postalCode: " 10117 " })).status).toBe(200);
    expect((await row()).shippingAddress).toEqual({
      firstName: "Erika",
      lastName: "Muster-Beispiel",
      street: "Nebenstraße 7",
      addressLine2: "Hinterhaus",
      postalCode: "10117",
      city: "Berlin",
      country: "DE",
    });
    const [event] = await t.database.db
      .select()
      .from(orderEvents)
      .where(
        and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "address.shipping_changed")),
      );
    expect(event).toMatchObject({ actor: `operator:${owner.id}` });
    expect(event!.data.fields).toEqual(
      expect.arrayContaining(["lastName", "street", "addressLine2", "postalCode"]),
    );

    // Paid, the print file made: the order goes into production and the address is fixed.
    expect((await t.post(page(), owner, { intent: "pay" })).status).toBe(200);
    await t.services.commerce.runJobs();
    expect((await row()).state).toBe("in_production");
    const late = await t.post(page(), owner, { ...address, city: "Potsdam", postalCode: "14467" });
    expect(late.status).toBe(409);
    expect((await row()).shippingAddress.city).toBe("Berlin");
  });

  it("sends a mail the order sent once more through the outbox, and only such a mail", async () => {
    const paid = `%Zahlung%${NUMBER}%`;
    const invoice = `%Rechnung%${NUMBER}%`;
    expect(await outboxCount(paid)).toBe(1);
    expect(await outboxCount(invoice)).toBe(1);
    const never = await t.post(page(), owner, { intent: "resend", mail: "shipped" });
    expect(never.status).toBe(409);
    const unknown = await t.post(page(), owner, { intent: "resend", mail: "secret" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose a mail the order has sent");
    expect((await t.post(page(), press, { intent: "resend", mail: "paid" })).status).toBe(403);

    expect((await t.post(page(), owner, { intent: "resend", mail: "paid" })).status).toBe(200);
    expect((await t.post(page(), owner, { intent: "resend", mail: "invoice" })).status).toBe(200);
    await t.services.commerce.runJobs();
    expect(await outboxCount(paid)).toBe(2);
    expect(await outboxCount(invoice)).toBe(2);
    // The invoice is the one issued, not a new number.
    const documents = await t.services.invoices.ofOrder("tok-admin-care-91");
    expect(documents.filter((d) => d.kind === "invoice")).toHaveLength(1);
  });

  it("makes a line's print file again as a job until the order ships", async () => {
    const made = async () =>
      (
        await t.database.db
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "print_file.made")))
      ).map((e) => e.data.again ?? false);
    expect(await made()).toEqual([false]);
    expect((await t.post(page(), press, { intent: "rerender", line: "7" })).status).toBe(409);
    expect((await t.post(page(), press, { intent: "rerender", line: "1" })).status).toBe(200);
    await t.services.commerce.runJobs();
    expect(await made()).toEqual([false, true]);
    const [line] = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    expect(line!.printFile).toBe(`orders/${NUMBER}/1-print.pdf`);

    expect(
      (
        await t.post(page(), press, {
          intent: "ship",
          carrier: "dhl",
          tracking: "00340434161094042557",
        })
      ).status,
    ).toBe(200);
    expect((await t.post(page(), press, { intent: "rerender", line: "1" })).status).toBe(409);
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${orderId}`));
    expect(log.map((e) => [e.action, e.operatorEmail])).toEqual([
      ["order.address", "owner@example.com"],
      ["order.pay", "owner@example.com"],
      ["order.resend", "owner@example.com"],
      ["order.resend", "owner@example.com"],
      ["order.rerender", "press@example.com"],
      ["order.ship", "press@example.com"],
    ]);
  });

  it("lets an operator change their own password: the current one first, other sessions ended", async () => {
    const me = await t.signIn("keeper", "operator");
    // A second session of the same operator elsewhere.
    const now = new Date();
    await t.database.db.insert(operatorSessions).values({
      tokenHash: "b".repeat(64),
      operatorId: me.id,
      secondFactor: true,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
    });
    const change = (fields: Record<string, string>) =>
      t.post("/_admin/security", me, { intent: "password", ...fields });
    const next = "Holunder-Brücke-Sonnenuhr-14";

    const wrong = await change({ current: "not-my-password", next, repeat: next });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("This is not your current password");
    const differ = await change({ current: OPERATOR_PASSWORD, next, repeat: `${next}x` });
    expect(await differ.text()).toContain("The two new passwords differ");
    const weak = await change({ current: OPERATOR_PASSWORD, next: "short", repeat: "short" });
    expect(await weak.text()).toContain("Use at least 10 characters");

    const done = await change({ current: OPERATOR_PASSWORD, next, repeat: next });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your one other session has ended.");
    const sessions = await t.database.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, me.id));
    expect(sessions).toHaveLength(1);
    // This session goes on; the new password signs in, the old one no more.
    expect((await t.request("/_admin", { cookie: me.cookie })).status).toBe(200);
    const [stored] = await t.database.db.select().from(operators).where(eq(operators.id, me.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    // The old password no longer signs in; the new one does (up to the second factor).
    const ops = t.services.admin.operators;
    expect(await ops.login({ email: me.email, password: OPERATOR_PASSWORD, caller: "x1" })).toEqual(
      { ok: false, problem: "credentials" },
    );
    expect(await ops.login({ email: me.email, password: next, caller: "x2" })).toEqual({
      ok: false,
      problem: "code",
    });
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "operator.password-changed"));
    expect(log.map((e) => [e.operatorEmail, e.details])).toEqual([
      [me.email, { sessionsEnded: 1 }],
    ]);
  });
});
