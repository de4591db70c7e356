/**
 * A customer's order history on PGlite and PostgreSQL: orders placed signed in and those placed
 * as a guest with the account's e-mail address (any case), not another brand's or another
 * person's; "order again" copies each line into the cart, a designed line with a new copy of
 * the design as it was ordered, a printed line ordered without one as a line that needs it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { customers, orderLines, orders, studioDesigns } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { CartArticleInput } from "../../domain/cartInput";
import { createOrderHistory } from "./history";

const ADDRESS = {
  firstName: "Erika",
  lastName: "Muster",
  street: "Hauptstraße 5",
  postalCode: "10115",
  city: "Berlin",
  country: "DE",
};

describe.each(TEST_DATABASES)("order history on %s", (kind) => {
  let database: TestDatabase;
  let customerId: number;
  const added: CartArticleInput[] = [];
  /** What went in as a line that needs its design. */
  const forDesign: CartArticleInput[] = [];
  const line = { line: 1, product: "card", options: {}, quantity: 1, price: null };
  const cart = {
    async add(_ctx: unknown, _owner: unknown, input: CartArticleInput) {
      added.push(input);
      return { ok: true } as const;
    },
    async addForDesign(_ctx: unknown, _owner: unknown, input: CartArticleInput) {
      forDesign.push(input);
      return { ok: true, line: { ...line, needsDesign: true } } as const;
    },
  };

  async function order(fields: Partial<typeof orders.$inferInsert> & { number: string }) {
    const [row] = await database.db
      .insert(orders)
      .values({
        token: `tok-${fields.number}-0000000000`,
        channel: "cards",
        locale: "de-DE",
        country: "DE",
        currency: "eur",
        email: "someone@example.com",
        shippingAddress: ADDRESS,
        shippingMethod: "standard",
        paymentMethod: "test",
        subtotalMinor: 1000,
        discountMinor: 0,
        shippingMinor: 495,
        totalMinor: 1495,
        state: "paid",
        ...fields,
      })
      .returning({ id: orders.id, token: orders.token });
    return row!;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [customer] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: "K-1",
        email: "erika@example.com",
        firstName: "Erika",
        lastName: "Muster",
        locale: "de-DE",
      })
      .returning({ id: customers.id });
    customerId = customer!.id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("lists the account's orders and its guest orders by e-mail, newest first", async () => {
    const history = createOrderHistory({ db: database.db, cart });
    await order({ number: "C-2026-000001", customerId, createdAt: new Date("2026-01-01") });
    await order({
      number: "C-2026-000002",
      email: "Erika@Example.com",
      createdAt: new Date("2026-02-01"),
    });
    await order({ number: "C-2026-000003", createdAt: new Date("2026-03-01") });
    await order({
      number: "W-2026-000001",
      channel: "wallart",
      email: "erika@example.com",
      createdAt: new Date("2026-03-02"),
    });
    const list = await history.ofCustomer({ id: customerId, email: "erika@example.com" }, "cards");
    expect(list.map((o) => o.number)).toEqual(["C-2026-000002", "C-2026-000001"]);
  });

  it("orders again: each line into the cart, a designed line with a new copy of its design, an undesigned one to be designed", async () => {
    const history = createOrderHistory({ db: database.db, cart });
    const placed = await order({ number: "C-2026-000010", customerId });
    const document = { surfaces: [{ items: ["frozen"] }] };
    await database.db.insert(orderLines).values([
      {
        orderId: placed.id,
        position: 1,
        product: "card",
        configuration: { format: "a6", studioDesign: "orig-design-0001" },
        title: "Karte",
        designId: "orig-design-0001",
        design: { id: "orig-design-0001", version: 3, document },
        quantity: 20,
        lineTotalMinor: 3990,
        unitPriceMinor: 200,
        vatRateBasisPoints: 1900,
        personalised: true,
      },
      {
        // Ordered before orders kept their designs.
        orderId: placed.id,
        position: 3,
        product: "card",
        configuration: { format: "a6" },
        title: "Karte",
        quantity: 10,
        lineTotalMinor: 2000,
        unitPriceMinor: 200,
        vatRateBasisPoints: 1900,
        personalised: true,
      },
      {
        orderId: placed.id,
        position: 2,
        product: "no-longer-sold",
        configuration: {},
        title: "No longer sold",
        quantity: 1,
        lineTotalMinor: 100,
        unitPriceMinor: 100,
        vatRateBasisPoints: 1900,
        personalised: false,
      },
    ]);
    const me = { id: customerId, email: "erika@example.com" };
    const ctx = { channel: "cards" as const, country: "DE" as const, locale: "de-DE" as const };
    expect(await history.orderAgain(me, ctx, "tok-unknown-000000000")).toBeNull();
    added.length = 0;
    expect(await history.orderAgain(me, ctx, placed.token)).toEqual({ added: 2, skipped: 1 });
    expect(forDesign).toEqual([{ product: "card", options: { format: "a6" }, quantity: 10 }]);
    expect(added).toHaveLength(1);
    const copy = added[0]!.options.studioDesign!;
    expect(copy).not.toBe("orig-design-0001");
    expect(added[0]).toMatchObject({ product: "card", quantity: 20, options: { format: "a6" } });
    const [design] = await database.db
      .select()
      .from(studioDesigns)
      .where(eq(studioDesigns.id, copy));
    expect(design?.customerId).toBe(customerId);
    expect(design?.document).toEqual(document);
  });

  it("offers the delivery addresses of the customer's orders to this country as an address book", async () => {
    const history = createOrderHistory({ db: database.db, cart });
    await order({
      number: "C-2026-000020",
      customerId,
      shippingAddress: { ...ADDRESS, street: "Neue Straße 1" },
      // Newer than every other order of this file.
      createdAt: new Date(Date.now() + 60_000),
    });
    await order({
      number: "C-2026-000021",
      customerId,
      country: "AT",
      shippingAddress: { ...ADDRESS, postalCode: "1010", city: "Wien", country: "AT" },
    });
    const book = await history.addresses(
      { id: customerId, email: "erika@example.com" },
      "cards",
      "DE",
    );
    expect(book.map((a) => a.street)).toEqual(["Neue Straße 1", "Hauptstraße 5"]);
  });
});
