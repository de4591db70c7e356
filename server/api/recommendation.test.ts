/**
 * Recommending the shop on PGlite and PostgreSQL: with a solved spam-protection challenge the
 * friend gets a mail with a voucher for a first order; the same friend cannot be recommended
 * twice, nobody can recommend themselves, and nothing goes without a solution. Once the
 * friend's first order is paid, the sender gets a voucher of their own, once; the friend's
 * voucher is then refused for a further order.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { catalogueVouchers, mailOutbox, recommendations } from "../../db/schema";
import { RECOMMENDATION_CHALLENGE_PATH } from "../../domain/recommendation";
import { encodeSpamToken } from "../customers/spamProtection";
import { recommendationRoutes } from "./recommendation";
import type { ShopServices } from "../services";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { addDesigned, THEME_CARD } from "../testing/designedLine";

const DE = { channel: "cards", country: "DE", locale: "de-DE" } as const;
const SITE = { channel: "cards", locale: "de-DE" } as const;
const FORM = {
  senderName: "Anna Schmidt",
  senderEmail: "anna@example.de",
  friendEmail: "Ben@Example.de",
  message: "Die Kalender sind wunderbar.",
};

describe.each(TEST_DATABASES)("recommendations on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof recommendationRoutes>;
  let visitor = 0;

  async function solvedToken(): Promise<string> {
    const response = await api.request(
      `http://localhost${RECOMMENDATION_CHALLENGE_PATH}?action=recommendation`,
      { headers: { host: "localhost" } },
    );
    expect(response.status).toBe(200);
    const challenge = (await response.json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return encodeSpamToken({ challenge, solution });
  }

  const recommend = async (form: object, token?: string, ip = "192.0.2.1") =>
    services.customers.recommendations.send({
      site: SITE,
      form,
      token: token ?? (await solvedToken()),
      ip,
      requestUrl: new URL("http://localhost/empfehlung"),
    });

  const mailsTo = (recipient: string) =>
    database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));

  /** An order of ten cards by a new visitor, with the voucher code, paid by invoice. */
  async function paidOrder(email: string, code: string | null) {
    const owner = { visitorKey: `00000000-0000-4000-8000-${String(++visitor).padStart(12, "0")}` };
    const added = await addDesigned(services, DE, owner, {
      product: "card",
      options: THEME_CARD,
      quantity: 10,
    });
    expect(added).toEqual({ ok: true });
    if (code) expect((await services.cart.setVoucher(DE, owner, code)).ok).toBe(true);
    const placed = await services.commerce.orders.place({
      ctx: DE,
      owner,
      customerId: null,
      email,
      shippingAddress: {
        firstName: "Ben",
        lastName: "Berger",
        street: "Hauptstraße 5",
        postalCode: "10115",
        city: "Berlin",
        country: "DE",
        company: undefined,
        addressLine2: undefined,
        phone: undefined,
      },
      billingAddress: null,
      shippingMethod: "standard",
      paymentMethod: "invoice",
      idempotencyKey: `rec-order-${visitor}`,
      origin: "http://localhost",
    });
    if (!placed.ok) return placed;
    await services.commerce.orders.markPaid(placed.order.orderToken, "test");
    await services.commerce.runJobs();
    return placed;
  }

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = recommendationRoutes(services);
  }, 120_000);
  afterAll(async () => {
    await services.commerce.stop();
    services.cms?.close();
    await database.destroy();
  });

  it("mails the friend a voucher for a first order, once per friend, never to oneself", async () => {
    expect(await recommend(FORM)).toEqual({ ok: true });
    const [mail, ...more] = await mailsTo(FORM.friendEmail);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Anna Schmidt empfiehlt Ihnen Cardelia");
    expect(mail!.replyTo).toBe(FORM.senderEmail);
    expect(mail!.text).toContain(FORM.message);
    const code = /FRIEND-[A-Z0-9]{8}/.exec(mail!.text)![0];
    const [voucher] = await database.db
      .select()
      .from(catalogueVouchers)
      .where(and(eq(catalogueVouchers.channel, "cards"), eq(catalogueVouchers.code, code)));
    expect(voucher).toMatchObject({ firstOrderOnly: true, maxTotal: 1, countries: ["DE"] });
    // The friend is kept as a hash only.
    const [row] = await database.db.select().from(recommendations);
    expect(JSON.stringify(row)).not.toMatch(/ben@example/i);

    expect(await recommend({ ...FORM, friendEmail: " ben@example.de " })).toEqual({
      ok: false,
      problem: "invalid",
      errors: { friendEmail: "taken" },
    });
    expect(await recommend({ ...FORM, friendEmail: "ANNA@example.de" })).toEqual({
      ok: false,
      problem: "invalid",
      errors: { friendEmail: "self" },
    });
    expect(await recommend({ ...FORM, friendEmail: "carla@example.de" }, "")).toEqual({
      ok: false,
      problem: "spam-protection",
    });
    expect(await mailsTo(FORM.friendEmail)).toHaveLength(1);
    expect(await mailsTo("carla@example.de")).toHaveLength(0);
  });

  it("the friend's first paid order earns the sender a voucher, once; the friend's code is for a first order only", async () => {
    const [invitation] = await mailsTo(FORM.friendEmail);
    const code = /FRIEND-[A-Z0-9]{8}/.exec(invitation!.text)![0];
    const first = await paidOrder("ben@example.de", code);
    expect(first.ok).toBe(true);
    const thanks = (await mailsTo(FORM.senderEmail)).filter(
      (m) => m.kind === "recommendation-thanks",
    );
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.subject).toBe("Danke für Ihre Empfehlung von Cardelia");
    const senderCode = /THANKS-[A-Z0-9]{8}/.exec(thanks[0]!.text)![0];
    const [row] = await database.db.select().from(recommendations);
    expect(row!.senderCode).toBe(senderCode);

    // The friend's voucher is spent, and would be refused for a returning shopper anyway.
    const owner = { visitorKey: "00000000-0000-4000-8000-0000000000ff" };
    await addDesigned(services, DE, owner, {
      product: "card",
      options: THEME_CARD,
      quantity: 10,
    });
    expect(await services.cart.setVoucher(DE, owner, code)).toMatchObject({ ok: false });

    // A second paid order of the friend earns nothing more.
    await paidOrder("ben@example.de", null);
    expect(
      (await mailsTo(FORM.senderEmail)).filter((m) => m.kind === "recommendation-thanks"),
    ).toHaveLength(1);
    // The sender's voucher is good for their own next order.
    expect((await paidOrder(FORM.senderEmail, senderCode)).ok).toBe(true);
  });

  it("a friend who had ordered before the recommendation earns the sender nothing", async () => {
    await paidOrder("dora@example.de", null);
    expect(
      await recommend({ ...FORM, friendEmail: "dora@example.de" }, undefined, "192.0.2.2"),
    ).toEqual({
      ok: true,
    });
    const [invitation] = await mailsTo("dora@example.de").then((m) =>
      m.filter((x) => x.kind === "recommendation"),
    );
    const code = /FRIEND-[A-Z0-9]{8}/.exec(invitation!.text)![0];
    // Her voucher is refused: she is not a first-time shopper.
    const refused = await paidOrder("dora@example.de", null);
    expect(refused.ok).toBe(true);
    const owner = { visitorKey: "00000000-0000-4000-8000-0000000000fe" };
    await addDesigned(services, DE, owner, {
      product: "card",
      options: THEME_CARD,
      quantity: 10,
    });
    await services.cart.setVoucher(DE, owner, code);
    const placed = await services.commerce.orders.place({
      ctx: DE,
      owner,
      customerId: null,
      email: "dora@example.de",
      shippingAddress: {
        firstName: "Dora",
        lastName: "Dorn",
        street: "Hauptstraße 5",
        postalCode: "10115",
        city: "Berlin",
        country: "DE",
        company: undefined,
        addressLine2: undefined,
        phone: undefined,
      },
      billingAddress: null,
      shippingMethod: "standard",
      paymentMethod: "invoice",
      idempotencyKey: "rec-dora-voucher",
      origin: "http://localhost",
    });
    expect(placed).toMatchObject({ ok: false, reason: "voucher_refused", why: "first-order-only" });
    expect(
      (await mailsTo(FORM.senderEmail)).filter((m) => m.kind === "recommendation-thanks"),
    ).toHaveLength(1);
  });

  it("is forgotten a month after the thanks, or once the friend's voucher has expired", async () => {
    const rows = await database.db.select().from(recommendations);
    const thanked = rows.find((r) => r.senderCode !== null)!;
    const pending = rows.find((r) => r.senderCode === null)!;
    const { prune } = services.customers.recommendations;
    const day = 24 * 3600 * 1000;
    expect(await prune(new Date(thanked.rewardedAt!.getTime() + 29 * day))).toBe(0);
    expect(await prune(new Date(thanked.rewardedAt!.getTime() + 31 * day))).toBe(1);
    expect(await prune(new Date(pending.createdAt.getTime() + 364 * day))).toBe(0);
    expect(await prune(new Date(pending.createdAt.getTime() + 366 * day))).toBe(rows.length - 1);
  });
});
