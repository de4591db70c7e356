import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CART_LINES } from "../../domain/cart";
import { customers } from "../../db/schema";
import type { ShopServices } from "../services";
import type { CartOwner } from "./service";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { addDesigned, designedArticle, THEME_CARD } from "../testing/designedLine";
import type { CartArticleInput } from "../../domain/cartInput";

const DE = { channel: "cards", country: "DE", locale: "de-DE" } as const;
const CH = { channel: "cards", country: "CH", locale: "de-CH" } as const;
/**
 * Ten cards of a theme: 10 × 2,06 € at the tier price for ten (added with a design of the
 * owner's, as every printed product goes into the cart).
 */
const TEN_CARDS = {
  product: "card",
  options: THEME_CARD,
  quantity: 10,
} as const;

describe.each(TEST_DATABASES)("the cart on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let visitor = 0;
  /** A new anonymous visitor. */
  const newVisitor = () => ({
    visitorKey: `00000000-0000-4000-8000-${String(++visitor).padStart(12, "0")}`,
  });

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
  }, 120_000);
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });
  /** Puts an article into the owner's cart with a studio design of theirs. */
  const add = (ctx: typeof DE | typeof CH, owner: CartOwner, article: CartArticleInput) =>
    addDesigned(services, ctx, owner, article);

  it("prices its lines from the catalogue and adds the shipping until the free threshold", async () => {
    const owner = newVisitor();
    expect(await add(DE, owner, TEN_CARDS)).toEqual({ ok: true });
    let cart = await services.cart.view(DE, owner);
    expect(cart.articles).toBe(1);
    expect(cart.lines[0]).toMatchObject({ product: "card", quantity: 10 });
    expect(cart.lines[0]!.price?.priceCurrentMinor).toBe(2060);
    expect(cart.shipping.priceCurrentMinor).toBe(495);
    expect(cart.total.priceCurrentMinor).toBe(2555);
    expect(cart.freeShippingFrom?.priceCurrentMinor).toBe(4900);
    // 50 cards: the tier price for fifty, and free shipping.
    await services.cart.setQuantity(DE.channel, owner, cart.lines[0]!.line, 50);
    cart = await services.cart.view(DE, owner);
    expect(cart.lines[0]!.price?.priceCurrentMinor).toBe(50 * 183);
    expect(cart.shipping.priceCurrentMinor).toBe(0);
    expect(cart.total.priceCurrentMinor).toBe(50 * 183);
  });

  it("shows the same cart in the Swiss shop in francs", async () => {
    const owner = newVisitor();
    await add(DE, owner, TEN_CARDS);
    const swiss = await services.cart.view(CH, owner);
    expect(swiss.total.currency).toBe("chf");
  });

  it("takes only what the catalogue sells as chosen", async () => {
    const owner = newVisitor();
    // A calendar whose format is still open has no one price.
    expect(
      await services.cart.add(DE, owner, {
        product: "calendar",
        options: { calendarType: "wandkalender" },
        quantity: 1,
      }),
    ).toEqual({ ok: false, reason: "not-for-sale" });
    expect(
      await services.cart.add(DE, owner, {
        product: "card",
        options: { themeId: "no-such-theme" },
        quantity: 1,
      }),
    ).toEqual({ ok: false, reason: "not-for-sale" });
    expect(await services.cart.articles(DE.channel, owner)).toBe(0);
  });

  it("refuses an unsold option as before, the nearest choice told by its quote alone", async () => {
    const body = {
      kind: "card",
      cardType: "folded-card",
      size: "999x999",
      refinement: "none",
      envelope: "none",
      quantity: 10,
    } as const;
    const refused = await services.cart.addConfiguration(DE, newVisitor(), body);
    expect(Object.keys(refused).sort()).toEqual(["field", "message", "ok", "reason"]);
    expect(await services.cart.quote(DE, body)).toMatchObject({
      ok: false,
      field: "size",
      nearest: { values: { cardType: "folded-card" }, quantity: 10 },
    });
  });

  it("removes lines of its own cart only", async () => {
    const owner = newVisitor();
    const other = newVisitor();
    await add(DE, owner, TEN_CARDS);
    await add(DE, other, TEN_CARDS);
    const [line] = (await services.cart.view(DE, owner)).lines;
    expect(await services.cart.remove(DE.channel, other, line!.line)).toEqual({
      ok: false,
      reason: "unknown-line",
    });
    expect(await services.cart.setQuantity(DE.channel, other, line!.line, 3)).toEqual({
      ok: false,
      reason: "unknown-line",
    });
    expect(await services.cart.remove(DE.channel, owner, line!.line)).toEqual({ ok: true });
    expect(await services.cart.articles(DE.channel, owner)).toBe(0);
    expect(await services.cart.articles(DE.channel, other)).toBe(1);
  });

  it("notes a voucher with a minimum on an empty cart and judges it once articles come", async () => {
    const owner = newVisitor();
    expect(await services.cart.setVoucher(DE, owner, "c-welcome10")).toEqual({
      ok: true,
      discountMinor: 0,
    });
    expect((await services.cart.view(DE, owner)).voucher).toMatchObject({
      code: "C-WELCOME10",
      valid: false,
      reason: "minimum-order-value",
    });
    // Only the minimum waits for articles: an expired code is refused on an empty cart too.
    expect(await services.cart.setVoucher(DE, owner, "C-EXPIRED")).toMatchObject({
      ok: false,
      refusal: { reason: "expired" },
    });
  });

  it("keeps a voucher only once the order reaches its minimum, and rechecks it on every view", async () => {
    const owner = newVisitor();
    expect(await services.cart.setVoucher(DE, owner, "NOPE-123")).toMatchObject({
      ok: false,
      refusal: { reason: "unknown" },
    });
    await add(DE, owner, { ...TEN_CARDS, quantity: 1 });
    // 2,29 € is below the voucher's minimum order value of 15 €.
    expect(await services.cart.setVoucher(DE, owner, "c-welcome10")).toMatchObject({
      ok: false,
      refusal: { reason: "minimum-order-value", minimumMinor: 1500, currency: "eur" },
    });
    let cart = await services.cart.view(DE, owner);
    await services.cart.setQuantity(DE.channel, owner, cart.lines[0]!.line, 10);
    expect(await services.cart.setVoucher(DE, owner, "c-welcome10")).toEqual({
      ok: true,
      discountMinor: 206,
    });
    cart = await services.cart.view(DE, owner);
    expect(cart.voucher).toEqual({ code: "C-WELCOME10", valid: true, reason: null });
    expect(cart.discount?.priceCurrentMinor).toBe(206);
    // Back below the minimum: kept, but not valid and no discount.
    await services.cart.setQuantity(DE.channel, owner, cart.lines[0]!.line, 1);
    cart = await services.cart.view(DE, owner);
    expect(cart.voucher).toEqual({
      code: "C-WELCOME10",
      valid: false,
      reason: "minimum-order-value",
    });
    expect(cart.discount).toBeNull();
    await services.cart.setVoucher(DE, owner, null);
    expect((await services.cart.view(DE, owner)).voucher).toBeNull();
  });

  it("counts a voucher's minimum in the cart's currency: 20 CHF in the Swiss shop", async () => {
    const owner = newVisitor();
    await add(CH, owner, { ...TEN_CARDS, quantity: 1 });
    expect(await services.cart.setVoucher(CH, owner, "C-WELCOME10")).toMatchObject({
      ok: false,
      refusal: { reason: "minimum-order-value", minimumMinor: 2000, currency: "chf" },
    });
  });

  it("waives the shipping with a free-shipping code of the campaign", async () => {
    const owner = newVisitor();
    await add(DE, owner, TEN_CARDS);
    const during = new Date("2026-12-01T00:00:00Z");
    expect(await services.cart.setVoucher(DE, owner, "schneeflocke", during)).toEqual({
      ok: true,
      discountMinor: 495,
    });
    const cart = await services.cart.view(DE, owner, during);
    expect(cart.shipping.priceCurrentMinor).toBe(0);
    expect(cart.total.priceCurrentMinor).toBe(2060);
    const after = await services.cart.view(DE, owner, new Date("2027-02-01T00:00:00Z"));
    expect(after.voucher?.reason).toBe("expired");
    expect(after.shipping.priceCurrentMinor).toBe(495);
  });

  it(`holds at most ${MAX_CART_LINES} lines`, async () => {
    const owner = newVisitor();
    // One design printed on every line: the cart counts lines, not designs.
    const designed = await designedArticle(services, DE, owner, TEN_CARDS);
    for (let i = 0; i < MAX_CART_LINES; i++) await services.cart.add(DE, owner, designed);
    expect(await services.cart.add(DE, owner, designed)).toEqual({ ok: false, reason: "full" });
  });

  it("moves a visitor's cart into the customer's on log-in", async () => {
    const [customer] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: `C-${kind}-cart`,
        email: `cart-${kind}@example.com`,
        firstName: "Kim",
        lastName: "Kunde",
        locale: "de-DE",
      })
      .returning();
    const owner = { customerId: customer!.id };
    await add(DE, owner, TEN_CARDS);
    const before = newVisitor();
    await add(DE, before, { ...TEN_CARDS, quantity: 20 });
    await services.cart.setVoucher(DE, before, "C-WELCOME10");
    await services.cart.adopt(DE.channel, before.visitorKey, customer!.id);
    const cart = await services.cart.view(DE, owner);
    expect(cart.lines.map((l) => l.quantity)).toEqual([10, 20]);
    expect(cart.voucher?.code).toBe("C-WELCOME10");
    expect(await services.cart.articles(DE.channel, before)).toBe(0);
    // The other brand's cart of the same customer is another cart.
    expect(await services.cart.articles("wallart", owner)).toBe(0);
  });
});
