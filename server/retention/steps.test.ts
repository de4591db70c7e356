/**
 * Each prune step on PGlite and PostgreSQL: it removes exactly the rows past their period
 * and keeps the rest (rows written with dates around each boundary).
 */
import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteInBatches } from "../../db/batches";
import { prune as pruneCounters } from "../../db/throttle";
import {
  cartLines,
  carts,
  customers,
  customerSessions,
  customerTokens,
  mailOutbox,
  newsletterSubscriptions,
  rateLimits,
  rumEvents,
  studioDesigns,
  testPayments,
  toolboxFiles,
} from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { MS_PER_DAY, MS_PER_HOUR } from "../../domain/constants";
import type { ShopServices } from "../services";
import { createTestServices } from "../testing/services";
import { pruneThrottleCounters, retentionSteps } from "./steps";

const NOW = new Date();
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ahead = (ms: number) => new Date(NOW.getTime() + ms);

describe.each(TEST_DATABASES)("the retention steps on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
  });
  afterAll(() => database.destroy());

  it("run in a fixed order, one per service that keeps rows", () => {
    expect(retentionSteps(services).map((step) => step.name)).toEqual([
      "accounts",
      "newsletter",
      "mail",
      "recommendations",
      "carts",
      "wishlists",
      "toolbox",
      "rum",
      "operator sessions",
      "studio designs",
      "studio photos",
      "throttles",
      "test payments",
    ]);
  });

  it("accounts: removes expired sessions and tokens and keeps current ones", async () => {
    const db = database.db;
    const [customer] = await db
      .insert(customers)
      .values({
        channel: "cards",
        number: "R-1",
        email: "kept@example.de",
        emailVerifiedAt: ago(MS_PER_DAY),
        firstName: "Kim",
        lastName: "Kept",
        locale: "de-DE",
      })
      .returning({ id: customers.id });
    const customerId = customer!.id;
    await db.insert(customerSessions).values([
      { tokenHash: "session-expired", customerId, expiresAt: ago(1000) },
      { tokenHash: "session-current", customerId, expiresAt: ahead(MS_PER_DAY) },
    ]);
    await db.insert(customerTokens).values([
      { tokenHash: "token-expired", customerId, purpose: "reset-password", expiresAt: ago(1000) },
      {
        tokenHash: "token-current",
        customerId,
        purpose: "reset-password",
        expiresAt: ahead(MS_PER_HOUR),
      },
    ]);
    await step("accounts").run(NOW);
    const sessions = await db
      .select({ hash: customerSessions.tokenHash })
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customerId));
    expect(sessions.map((s) => s.hash)).toEqual(["session-current"]);
    const tokens = await db
      .select({ hash: customerTokens.tokenHash })
      .from(customerTokens)
      .where(eq(customerTokens.customerId, customerId));
    expect(tokens.map((t) => t.hash)).toEqual(["token-current"]);
    expect(await db.select().from(customers).where(eq(customers.id, customerId))).toHaveLength(1);
  });

  it("newsletter: forgets expired sign-ups and addresses unsubscribed a month ago", async () => {
    const db = database.db;
    const entry = (
      email: string,
      status: "pending" | "confirmed" | "unsubscribed",
      at: Date | null,
    ) => ({
      channel: "cards",
      email,
      locale: "de-DE",
      status,
      source: "test",
      unsubscribeTokenHash: `u-${email}`,
      expiresAt: at,
    });
    await db
      .insert(newsletterSubscriptions)
      .values([
        entry("pending-old@example.de", "pending", ago(1000)),
        entry("pending-new@example.de", "pending", ahead(MS_PER_DAY)),
        entry("confirmed@example.de", "confirmed", null),
        entry("left-long-ago@example.de", "unsubscribed", ago(1000)),
        entry("left-lately@example.de", "unsubscribed", ahead(MS_PER_DAY)),
        entry("left-undated@example.de", "unsubscribed", null),
      ]);
    const removed = await step("newsletter").run(NOW);
    expect(removed).toEqual({ pending: 1, unsubscribed: 1 });
    const rows = await db
      .select({
        email: newsletterSubscriptions.email,
        expiresAt: newsletterSubscriptions.expiresAt,
      })
      .from(newsletterSubscriptions)
      .orderBy(newsletterSubscriptions.email);
    expect(rows.map((r) => r.email)).toEqual([
      "confirmed@example.de",
      "left-lately@example.de",
      "left-undated@example.de",
      "pending-new@example.de",
    ]);
    // An entry unsubscribed before dates were kept gets its month from the first run.
    const undated = rows.find((r) => r.email === "left-undated@example.de");
    expect(undated?.expiresAt?.getTime()).toBe(ahead(30 * MS_PER_DAY).getTime());
  });

  it("newsletter: an unsubscribed address stays a month, then goes", async () => {
    const { newsletter } = services.customers;
    const email = "leaving@example.de";
    await newsletter.subscribeConfirmed({ channel: "cards", locale: "de-DE", email, source: "t" });
    expect(await newsletter.unsubscribeAddress("cards", email)).toBe(true);
    const exists = async () =>
      (
        await database.db
          .select()
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.email, email))
      ).length;
    await newsletter.prune(new Date(Date.now() + 29 * MS_PER_DAY));
    expect(await exists()).toBe(1);
    await newsletter.prune(new Date(Date.now() + 31 * MS_PER_DAY));
    expect(await exists()).toBe(0);
  });

  it("mail: deletes mails sent over a week ago and unsent ones over a month old", async () => {
    const db = database.db;
    const mail = (kind: string, createdAt: Date, sentAt: Date | null) => ({
      channel: "cards",
      recipient: "someone@example.de",
      subject: kind,
      text: "t",
      html: "<p>t</p>",
      kind,
      createdAt,
      sentAt,
    });
    await db.delete(mailOutbox);
    await db
      .insert(mailOutbox)
      .values([
        mail("sent-8-days", ago(8 * MS_PER_DAY), ago(8 * MS_PER_DAY)),
        mail("sent-6-days", ago(9 * MS_PER_DAY), ago(6 * MS_PER_DAY)),
        mail("unsent-31-days", ago(31 * MS_PER_DAY), null),
        mail("unsent-29-days", ago(29 * MS_PER_DAY), null),
      ]);
    expect(await step("mail").run(NOW)).toEqual({ sent: 1, unsent: 1 });
    const left = await db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .orderBy(mailOutbox.kind);
    expect(left.map((m) => m.kind)).toEqual(["sent-6-days", "unsent-29-days"]);
  });

  it("carts: deletes visitors' carts untouched for 90 days with their lines, keeps customers' carts", async () => {
    const db = database.db;
    const [customer] = await db
      .insert(customers)
      .values({
        channel: "cards",
        number: "R-2",
        email: "cart@example.de",
        emailVerifiedAt: ago(MS_PER_DAY),
        firstName: "Cato",
        lastName: "Cart",
        locale: "de-DE",
      })
      .returning({ id: customers.id });
    const made = await db
      .insert(carts)
      .values([
        { channel: "cards", visitorKey: "visitor-old", updatedAt: ago(91 * MS_PER_DAY) },
        { channel: "cards", visitorKey: "visitor-recent", updatedAt: ago(89 * MS_PER_DAY) },
        { channel: "cards", customerId: customer!.id, updatedAt: ago(400 * MS_PER_DAY) },
      ])
      .returning({ id: carts.id, visitorKey: carts.visitorKey });
    await db
      .insert(cartLines)
      .values(made.map((cart) => ({ cartId: cart.id, product: "card", options: {}, quantity: 1 })));
    expect(await step("carts").run(NOW)).toEqual({ visitorCarts: 1, voucherReservations: 0 });
    const left = await db
      .select({ visitorKey: carts.visitorKey, customerId: carts.customerId })
      .from(carts)
      .where(
        inArray(
          carts.id,
          made.map((c) => c.id),
        ),
      )
      .orderBy(carts.id);
    expect(left).toEqual([
      { visitorKey: "visitor-recent", customerId: null },
      { visitorKey: null, customerId: customer!.id },
    ]);
    const oldId = made.find((c) => c.visitorKey === "visitor-old")!.id;
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, oldId))).toHaveLength(0);
  });

  it("toolbox: deletes results whose hour is over, with their bytes", async () => {
    const db = database.db;
    const file = (id: string, expiresAt: Date) => ({
      id,
      channel: "cards",
      filename: `${id}.jpg`,
      contentType: "image/jpeg",
      data: Buffer.from("photo"),
      expiresAt,
    });
    await db
      .insert(toolboxFiles)
      .values([file("expired", ago(1000)), file("current", ahead(MS_PER_HOUR))]);
    expect(await step("toolbox").run(NOW)).toEqual({ files: 1 });
    const left = await db.select({ id: toolboxFiles.id }).from(toolboxFiles);
    expect(left.map((f) => f.id)).toEqual(["current"]);
    expect(await services.toolbox.download("cards", "current")).not.toBeNull();
  });

  it("rum: deletes events older than 30 days", async () => {
    const db = database.db;
    const event = (name: string, receivedAt: Date) => ({
      channel: "cards",
      type: "vital",
      name,
      value: 1,
      device: "desktop",
      path: "/",
      receivedAt,
    });
    await db
      .insert(rumEvents)
      .values([event("old", ago(31 * MS_PER_DAY)), event("recent", ago(29 * MS_PER_DAY))]);
    expect(await step("rum").run(NOW)).toEqual({ events: 1 });
    const left = await db.select({ name: rumEvents.name }).from(rumEvents);
    expect(left.map((e) => e.name)).toEqual(["recent"]);
  });

  it("throttles: forgets ended windows and keeps current ones and the spam markers still needed", async () => {
    const db = database.db;
    await db.delete(rateLimits);
    await db.insert(rateLimits).values([
      { key: "login:ip:old", windowStart: ago(3 * MS_PER_DAY), count: 4 },
      { key: "login:ip:now", windowStart: ago(MS_PER_HOUR), count: 4 },
      { key: "pictures:day", windowStart: ago(MS_PER_DAY - 1000), count: 1 },
      // A used solution's marker starts at its challenge's expiry: gone days after it.
      { key: "spam:expired", windowStart: ago(3 * MS_PER_DAY), count: 1 },
      { key: "spam:valid", windowStart: ago(-5 * 60_000), count: 1 },
      { key: "spam:recaptcha:old", windowStart: ago(61 * MS_PER_DAY), count: 1 },
      { key: "spam:recaptcha:now", windowStart: ago(31 * MS_PER_DAY), count: 1 },
    ]);
    expect(await pruneThrottleCounters(db, NOW)).toEqual({ windows: 2, recaptchaMarkers: 1 });
    const left = await db.select({ key: rateLimits.key }).from(rateLimits).orderBy(rateLimits.key);
    expect(left.map((r) => r.key)).toEqual([
      "login:ip:now",
      "pictures:day",
      "spam:recaptcha:now",
      "spam:valid",
    ]);
  });

  it("throttles: a key prefix is matched literally (LIKE's wildcards in it are plain characters)", async () => {
    const db = database.db;
    await db.insert(rateLimits).values([
      { key: "a_1", windowStart: ago(3 * MS_PER_DAY), count: 1 },
      { key: "ab1", windowStart: ago(3 * MS_PER_DAY), count: 1 },
    ]);
    expect(await pruneCounters(db, NOW, { prefix: "a_" })).toBe(1);
    const left = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, "a%"));
    expect(left.map((r) => r.key)).toEqual(["ab1"]);
  });

  it("deletes in batches until nothing matches, and says how many went", async () => {
    const db = database.db;
    await db.delete(rumEvents);
    await db.insert(rumEvents).values(
      Array.from({ length: 7 }, (_, i) => ({
        channel: i < 5 ? "cards" : "wallart",
        type: "vital",
        name: `e${i}`,
        device: "desktop",
        path: "/",
      })),
    );
    expect(await deleteInBatches(db, rumEvents, sql`${rumEvents.channel} = 'cards'`, 2)).toBe(5);
    const left = await db.select({ channel: rumEvents.channel }).from(rumEvents);
    expect(left.map((e) => e.channel)).toEqual(["wallart", "wallart"]);
  });

  it("studio designs: deletes a design nobody changed for the retention period, keeps a newer one", async () => {
    const designs = services.studioDesigns;
    const owner = { visitorKey: "retention-visitor" };
    const configuration = {
      kind: "photoframe" as const,
      material: "poster",
      size: "600x400",
    };
    const make = () =>
      designs.create({ channel: "cards-DE", owner, configuration, language: "de" });
    const [old, recent] = [await make(), await make()];
    const now = new Date();
    await database.db
      .update(studioDesigns)
      .set({ updatedAt: new Date(now.getTime() - 31 * MS_PER_DAY) })
      .where(eq(studioDesigns.id, old.id));
    expect(await step("studio designs").run(now)).toEqual({ designs: 1 });
    expect(await designs.get(owner, old.id)).toBeNull();
    expect(await designs.get(owner, recent.id)).not.toBeNull();
  });

  it("test payments: deletes the test provider's payments over for a day, keeps the refundable", async () => {
    const row = (ref: string, status: string) => ({
      providerRef: ref,
      idempotencyKey: `key-${ref}`,
      status,
      amountMinor: 1000,
      request: {},
      createdAt: ago(2 * MS_PER_DAY),
    });
    await database.db
      .insert(testPayments)
      .values([row("step-declined", "failed"), row("step-captured", "captured")]);
    expect(await step("test payments").run(NOW)).toEqual({ rows: 1 });
    const left = await database.db.select({ ref: testPayments.providerRef }).from(testPayments);
    expect(left.map((r) => r.ref)).toEqual(["step-captured"]);
  });

  function step(name: string) {
    const found = retentionSteps(services).find((s) => s.name === name);
    if (!found) throw new Error(`no step ${name}`);
    return found;
  }
});
