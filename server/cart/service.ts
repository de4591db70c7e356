/**
 * The cart: one per brand and owner (an anonymous visitor's key or a customer), lines of
 * designed articles with their quantity, and a voucher. Prices are never stored: every
 * view prices the lines afresh from the catalogue, so a price change reaches every cart.
 */
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { ChannelId } from "../../config/channels";
import { cartTotals, MAX_CART_LINES, type ShippingMethod } from "../../domain/cart";
import type { VoucherCart } from "../../domain/vouchers";
import { createVoucherLedger } from "./vouchers";
import { cartHandlers } from "./handlers";
import type { CartArticleInput } from "../../domain/cartInput";
import { priceView, currencyOfCountry, type PriceView } from "../../domain/cataloguePrices";
import { deleteInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { cartLines, carts, studioDesigns } from "../../db/schema";
import { emptyFramePaths, type DesignDocument } from "../../domain/studio/document";
import { needsDesign } from "../../domain/studio/studioLinks";
import {
  articleStudioConfiguration,
  designDifferences,
  lineStudioConfiguration,
  type DesignDifference,
} from "../../domain/studio/configuration";
import { MS_PER_DAY } from "../../domain/constants";
import { DETAIL_OPTIONS, type DetailKind } from "../../domain/productDetails";
import {
  createProductDetails,
  type Configured,
  type ProductDetailsService,
} from "../catalogue/details";
import { CatalogueError, type CatalogueContext, type CatalogueService } from "../catalogue/service";
import {
  askedOf,
  askedOfLine,
  isConfigurationLine,
  presetOf,
  storedOptions,
  type CartItemBody,
} from "./configuration";

/**
 * A visitor's cart nobody touched for 90 days is deleted; a customer's stays with the
 * account (and goes when the account does).
 */
export const VISITOR_CART_KEPT_MS = 90 * MS_PER_DAY;

export type {
  CartChange,
  CartLineView,
  CartOwner,
  CartView,
  LineAdded,
  LineChanged,
  LineChoice,
  NotForSale,
  Quote,
  SettledChoice,
  VoucherSet,
} from "./types";
import type {
  CartChange,
  CartLineView,
  CartOwner,
  CartView,
  LineAdded,
  LineChanged,
  NotForSale,
  Quote,
  SettledChoice,
  VoucherSet,
} from "./types";

/**
 * The cart's refusal of a configuration, with the nearest choice the shop sells (null
 * but for an option's value it does not sell): the designer's quote reads `nearest`; the
 * cart answers without it (see `withoutNearest`).
 */
type RefusedConfiguration = NotForSale & { nearest: SettledChoice | null };

/** A refusal as the cart answers it: the nearest choice is the quote's alone. */
function withoutNearest({ nearest: _nearest, ...refusal }: RefusedConfiguration): NotForSale {
  return refusal;
}

/** A configuration's values and amounts as the cart would keep them. */
function settledChoice(configured: Configured): SettledChoice {
  return {
    values: Object.fromEntries(configured.details.options.map((o) => [o.name, o.value])),
    quantity: configured.quantity,
    pages: configured.pages,
    sample: configured.sample,
  };
}

export function createCartService({
  db,
  catalogue,
  productDetails = createProductDetails(catalogue),
}: {
  db: Db;
  catalogue: CatalogueService;
  productDetails?: ProductDetailsService;
}) {
  const vouchers = createVoucherLedger(db);

  /** The shop's shipping methods in minor units (none when the catalogue cannot say). */
  async function shippingOf(ctx: CatalogueContext): Promise<ShippingMethod[]> {
    const info = await catalogue.shipping(ctx).catch(() => null);
    return (info?.methods ?? []).map((m) => ({
      priceMinor: m.price?.priceCurrentMinor ?? 0,
      freeFromMinor: m.freeFrom?.priceCurrentMinor ?? null,
    }));
  }

  /** The cart as the voucher rules see it: its shop, country, currency, lines and shipping. */
  function voucherCart(
    ctx: CatalogueContext,
    lines: readonly CartLineView[],
    methods: readonly ShippingMethod[],
    now: Date,
  ): VoucherCart {
    const priced = lines.map((l) => ({
      product: l.product,
      totalMinor: l.price?.priceCurrentMinor ?? 0,
    }));
    const totals = cartTotals(
      priced.map((l) => l.totalMinor),
      0,
      methods,
    );
    return {
      channel: ctx.channel,
      country: ctx.country,
      currency: currencyOfCountry(ctx.country),
      subtotalMinor: totals.subtotalMinor,
      shippingMinor: totals.shippingMinor,
      now,
      // A voucher for some products discounts only their lines.
      lines: priced,
    };
  }

  const ownedBy = (channel: ChannelId, owner: CartOwner) =>
    and(
      eq(carts.channel, channel),
      "customerId" in owner
        ? eq(carts.customerId, owner.customerId)
        : eq(carts.visitorKey, owner.visitorKey),
    );

  async function find(channel: ChannelId, owner: CartOwner) {
    const [cart] = await db.select().from(carts).where(ownedBy(channel, owner)).limit(1);
    return cart ?? null;
  }

  /** The owner's cart, created on first use (two requests at once still make one). */
  async function open(channel: ChannelId, owner: CartOwner) {
    const found = await find(channel, owner);
    if (found) return found;
    await db
      .insert(carts)
      .values({ channel, ...owner })
      .onConflictDoNothing();
    return (await find(channel, owner))!;
  }

  async function linesOf(cartId: number) {
    return db
      .select()
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId))
      .orderBy(asc(cartLines.id));
  }

  async function touch(cartId: number) {
    await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  }

  /**
   * A configuration priced as product-details prices it. Product-details falls back to a
   * default for a value it does not offer; the cart refuses that, naming the option, so a
   * line is never priced as something the shopper did not choose. Amounts are snapped to
   * their grid as product-details snaps them.
   */
  async function configure(
    ctx: CatalogueContext,
    kind: DetailKind,
    asked: Readonly<Record<string, string | undefined>>,
    today = new Date(),
  ) {
    const notForSale = (
      field: string,
      message: string,
      nearest: SettledChoice | null = null,
    ): RefusedConfiguration => ({ ok: false, reason: "not-for-sale", field, message, nearest });
    let configured;
    try {
      configured = await productDetails.configure(ctx, kind, asked, presetOf(asked), today);
    } catch (error) {
      if (!(error instanceof CatalogueError)) throw error;
      // An unknown preset (a theme, a design) is what the catalogue could not find.
      const preset = ["themeId", "designs", "designGroupId", "accessoryTypes"].find(
        (key) => asked[key] !== undefined,
      );
      return notForSale(error.field ?? preset ?? "kind", error.message);
    }
    if (!configured) return notForSale("kind", `This shop sells no ${kind}`);
    for (const name of DETAIL_OPTIONS[kind]) {
      const option = configured.details.options.find((o) => o.name === name)!;
      if (option.value !== asked[name])
        return notForSale(
          name,
          `${name} ${asked[name]} is not sold with the options before it (offered: ${option.choices
            .map((c) => c.value)
            .join(", ")})`,
          // What the product page shows for the same question: the asked values where the
          // shop sells them, its defaults in place of the others, the amounts on their grid.
          configured.price ? settledChoice(configured) : null,
        );
    }
    if (!configured.price) return notForSale("kind", "This choice has no price in this shop");
    return { ok: true as const, ...configured, price: configured.price };
  }

  /**
   * A stored line priced now: null when the catalogue no longer sells it as kept, and null
   * with `needsDesign` for a printed product the catalogue sells but the line holds no
   * studio design of (a cart kept from before the cart asked for one): nothing can be
   * printed from it, so it costs nothing in the totals until it is designed in the studio.
   */
  async function lineView(
    ctx: CatalogueContext,
    row: { id: number; product: string; options: Record<string, string>; quantity: number },
  ): Promise<CartLineView> {
    const view = await pricedLine(ctx, row);
    if (view.price && needsDesign(row.product) && !row.options.studioDesign)
      return { ...view, price: null, needsDesign: true };
    return view;
  }

  async function pricedLine(
    ctx: CatalogueContext,
    row: { id: number; product: string; options: Record<string, string>; quantity: number },
  ): Promise<CartLineView> {
    const line = {
      line: row.id,
      product: row.product,
      options: row.options,
      quantity: row.quantity,
    };
    if (isConfigurationLine(row.product, row.options)) {
      const priced = await configure(ctx, row.product, askedOfLine(row.options, row.quantity));
      if (!priced.ok || priced.quantity !== row.quantity) return { ...line, price: null };
      const choices = priced.details.options.map((option) => {
        const choice = option.choices.find((c) => c.value === option.value)!;
        return { name: option.name, label: choice.label, labelKey: choice.labelKey };
      });
      return { ...line, price: priced.price, choices };
    }
    const offer = await catalogue.designerOffer(ctx, row.product, {
      ...row.options,
      quantity: String(row.quantity),
    });
    // A line whose options leave a choice open has no one price: it is not for sale.
    return { ...line, price: offer && offer.article ? offer.price : null };
  }

  /** A priced line into the owner's cart (opened if need be), unless the cart is full. */
  /**
   * An article's price as the cart charges it: the catalogue's offer for exactly its options
   * and quantity; refused when the shop does not sell it so.
   */
  async function articlePrice(
    ctx: CatalogueContext,
    input: CartArticleInput,
  ): Promise<PriceView | NotForSale> {
    const offer = await catalogue.designerOffer(ctx, input.product, {
      ...input.options,
      quantity: String(input.quantity),
    });
    if (offer?.article && offer.price) return offer.price;
    return {
      ok: false,
      reason: "not-for-sale",
      field: "options",
      message: `The shop does not sell this ${input.product} with these options`,
    };
  }

  async function putLine(
    ctx: CatalogueContext,
    owner: CartOwner,
    line: { product: string; options: Record<string, string>; quantity: number },
    price: PriceView,
  ): Promise<LineAdded> {
    const cart = await open(ctx.channel, owner);
    if ((await linesOf(cart.id)).length >= MAX_CART_LINES) return { ok: false, reason: "full" };
    const [row] = await db
      .insert(cartLines)
      .values({ cartId: cart.id, ...line })
      .returning();
    await touch(cart.id);
    const { id, product, options, quantity } = row!;
    return { ok: true, line: { line: id, product, options, quantity, price } };
  }

  /** What else moves from a visitor to the customer at log-in (the studio's photos and designs). */
  const adoptListeners: ((visitorKey: string, customerId: number) => Promise<unknown>)[] = [];

  const service = {
    /** The number of articles in the owner's cart (0 without one). */
    async articles(channel: ChannelId, owner: CartOwner): Promise<number> {
      const cart = await find(channel, owner);
      if (!cart) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(cartLines)
        .where(eq(cartLines.cartId, cart.id));
      return row?.n ?? 0;
    },

    /** The cart priced for the visitor's shop, its voucher checked at `now`. */
    async view(
      ctx: CatalogueContext,
      owner: CartOwner | null,
      now = new Date(),
    ): Promise<CartView> {
      const cart = owner ? await find(ctx.channel, owner) : null;
      const rows = cart ? await linesOf(cart.id) : [];
      const lines = await Promise.all(rows.map((row) => lineView(ctx, row)));
      const lineTotals = lines.map((l) => l.price?.priceCurrentMinor ?? 0);
      let methods = await shippingOf(ctx);
      let voucher: CartView["voucher"] = null;
      let discountMinor = 0;
      if (cart?.voucherCode) {
        const verdict = await vouchers.check(
          cart.voucherCode,
          voucherCart(ctx, lines, methods, now),
          { cartId: cart.id, customerId: cart.customerId },
        );
        voucher = {
          code: cart.voucherCode,
          valid: verdict.ok,
          reason: verdict.ok ? null : verdict.reason,
        };
        // A shipping voucher makes the shipping free; any other takes off the lines.
        if (verdict.ok && verdict.kind === "shipping")
          methods = methods.map((m) => ({ ...m, priceMinor: 0 }));
        else if (verdict.ok) discountMinor = verdict.discountMinor;
      }
      const totals = cartTotals(lineTotals, discountMinor, methods);
      const currency = currencyOfCountry(ctx.country);
      const money = (minor: number) =>
        priceView({ current: minor, original: null }, currency, ctx.locale);
      const freeFrom = methods
        .map((m) => m.freeFromMinor)
        .filter((n): n is number => n !== null)
        .sort((a, b) => a - b)[0];
      return {
        lines,
        articles: lines.length,
        voucher,
        subtotal: money(totals.subtotalMinor),
        discount: totals.discountMinor > 0 ? money(totals.discountMinor) : null,
        shipping: money(totals.shippingMinor),
        freeShippingFrom: freeFrom === undefined ? null : money(freeFrom),
        total: money(totals.totalMinor),
      };
    },

    /** Puts a designed article into the cart, if the catalogue sells it as chosen. */
    async add(
      ctx: CatalogueContext,
      owner: CartOwner,
      input: CartArticleInput,
    ): Promise<CartChange> {
      const added = await service.addArticle(ctx, owner, input);
      return added.ok ? { ok: true } : { ok: false, reason: added.reason };
    },

    /**
     * The same, answering the new line with its price: the catalogue's offer for exactly
     * the article's options, as the line is priced in the cart.
     */
    async addArticle(
      ctx: CatalogueContext,
      owner: CartOwner,
      input: CartArticleInput,
    ): Promise<LineAdded> {
      const price = await articlePrice(ctx, input);
      if ("ok" in price) return price;
      const design = input.options.studioDesign;
      // An article with a design is priced by its options: it must be the design it prints.
      const refusal =
        design === undefined
          ? designMissing(input.product)
          : await designRefusal(db, owner, design, input);
      if (refusal) return refusal;
      return putLine(ctx, owner, input, price);
    },

    /**
     * A printed product ordered before the cart asked for its design ("order again" of such
     * an order): it goes in as a line that needs its design, shown unpriced with the way into
     * the studio and never ordered as it is, so the shopper sees it instead of losing it.
     * Only what the catalogue still sells as it was chosen; anything else, or an article with
     * a design, is refused as `add` would refuse it.
     */
    async addForDesign(
      ctx: CatalogueContext,
      owner: CartOwner,
      input: CartArticleInput,
    ): Promise<LineAdded> {
      if (!needsDesign(input.product) || input.options.studioDesign !== undefined)
        return service.addArticle(ctx, owner, input);
      const price = await articlePrice(ctx, input);
      if ("ok" in price) return price;
      const added = await putLine(ctx, owner, input, price);
      return added.ok
        ? { ok: true, line: { ...added.line, price: null, needsDesign: true } }
        : added;
    },

    /**
     * What a configuration costs as the cart would price its line (the designer asks before
     * the studio opens), with the amounts the line would keep; else why the cart would
     * refuse it, and the nearest choice the shop sells when it sells the product at all.
     */
    async quote(ctx: CatalogueContext, body: CartItemBody, today = new Date()): Promise<Quote> {
      const priced = await configure(ctx, body.kind, askedOf(body), today);
      if (!priced.ok) {
        const { field, message } = priced;
        return { ok: false, field, message, nearest: priced.nearest };
      }
      return { ok: true, price: priced.price, ...settledChoice(priced) };
    },

    /**
     * Puts a product configuration into the cart (the fields of product-details), priced
     * exactly as product-details prices it; a configuration the shop does not sell is refused.
     */
    async addConfiguration(
      ctx: CatalogueContext,
      owner: CartOwner,
      body: CartItemBody,
      today = new Date(),
    ): Promise<LineAdded> {
      const asked = askedOf(body);
      const priced = await configure(ctx, body.kind, asked, today);
      if (!priced.ok) return withoutNearest(priced);
      const line = {
        product: body.kind,
        options: storedOptions(body.kind, asked, priced),
        quantity: priced.quantity,
      };
      const refusal =
        body.studioDesign === undefined
          ? designMissing(body.kind)
          : await designRefusal(db, owner, body.studioDesign, line);
      if (refusal) return refusal;
      return putLine(ctx, owner, line, priced.price);
    },

    /**
     * A line's new quantity: a configuration's is kept on its product's grid (snapped as
     * product-details snaps it), a designer's as the cart form checks it.
     */
    async changeQuantity(
      ctx: CatalogueContext,
      owner: CartOwner,
      line: number,
      quantity: number,
    ): Promise<LineChanged> {
      const cart = await find(ctx.channel, owner);
      const [row] = cart
        ? await db
            .select()
            .from(cartLines)
            .where(and(eq(cartLines.id, line), eq(cartLines.cartId, cart.id)))
        : [];
      if (!cart || !row) return { ok: false, reason: "unknown-line" };
      let kept = quantity;
      if (isConfigurationLine(row.product, row.options)) {
        const priced = await configure(ctx, row.product, askedOfLine(row.options, quantity));
        if (!priced.ok) return withoutNearest(priced);
        kept = priced.quantity;
      }
      // For prints the quantity is how many prints: a line may not come to disagree with
      // its design's copies by a new quantity (ten designed prints sold as one).
      const designId = row.options.studioDesign;
      const document = designId === undefined ? null : await designOf(db, owner, designId);
      if (document) {
        const before = lineDesignDifferences(row, document);
        const refusal = differencesRefusal(
          lineDesignDifferences({ ...row, quantity: kept }, document).filter(
            (d) => !before.some((b) => b.field === d.field),
          ),
        );
        if (refusal) return refusal;
      }
      await db.update(cartLines).set({ quantity: kept }).where(eq(cartLines.id, row.id));
      await touch(cart.id);
      return { ok: true, line: await lineView(ctx, { ...row, quantity: kept }) };
    },

    async setQuantity(
      channel: ChannelId,
      owner: CartOwner,
      line: number,
      quantity: number,
    ): Promise<CartChange> {
      const cart = await find(channel, owner);
      if (!cart) return { ok: false, reason: "unknown-line" };
      const updated = await db
        .update(cartLines)
        .set({ quantity })
        .where(and(eq(cartLines.id, line), eq(cartLines.cartId, cart.id)))
        .returning({ id: cartLines.id });
      if (updated.length === 0) return { ok: false, reason: "unknown-line" };
      await touch(cart.id);
      return { ok: true };
    },

    async remove(channel: ChannelId, owner: CartOwner, line: number): Promise<CartChange> {
      const cart = await find(channel, owner);
      if (!cart) return { ok: false, reason: "unknown-line" };
      const removed = await db
        .delete(cartLines)
        .where(and(eq(cartLines.id, line), eq(cartLines.cartId, cart.id)))
        .returning({ id: cartLines.id });
      if (removed.length === 0) return { ok: false, reason: "unknown-line" };
      await touch(cart.id);
      return { ok: true };
    },

    /**
     * Keeps a voucher that applies to the cart now (null takes it off); a code that does
     * not is refused with the rule it fails.
     */
    async setVoucher(
      ctx: CatalogueContext,
      owner: CartOwner,
      code: string | null,
      now = new Date(),
    ): Promise<VoucherSet> {
      const cart = await open(ctx.channel, owner);
      let discountMinor = 0;
      if (code !== null) {
        const rows = await linesOf(cart.id);
        const lines = await Promise.all(rows.map((row) => lineView(ctx, row)));
        const verdict = await vouchers.check(
          code,
          voucherCart(ctx, lines, await shippingOf(ctx), now),
          { cartId: cart.id, customerId: cart.customerId },
        );
        // An empty cart cannot reach a minimum yet: the code is noted for the first article
        // and judged again on every view, as for a cart that drops below it later.
        const noted = rows.length === 0 && !verdict.ok && verdict.reason === "minimum-order-value";
        if (!verdict.ok && !noted)
          return { ok: false, reason: "unknown-voucher", refusal: verdict };
        discountMinor = verdict.ok ? verdict.discountMinor : 0;
        code = code.toUpperCase();
      }
      await db
        .update(carts)
        .set({ voucherCode: code, updatedAt: new Date() })
        .where(eq(carts.id, cart.id));
      return { ok: true, discountMinor };
    },

    /**
     * Runs `listener` at every log-in that adopts a visitor's cart (both log-in paths, the
     * shop API's and the account pages', go through `adopt`), before the cart moves.
     */
    onAdopt(listener: (visitorKey: string, customerId: number) => Promise<unknown>): void {
      adoptListeners.push(listener);
    },

    /**
     * On log-in the visitor's cart joins the customer's: its lines move over (up to the
     * cart's limit), its voucher too when the customer's cart has none; the visitor's goes.
     */
    async adopt(channel: ChannelId, visitorKey: string, customerId: number): Promise<void> {
      for (const listener of adoptListeners) await listener(visitorKey, customerId);
      const visitor = await find(channel, { visitorKey });
      if (!visitor) return;
      const customer = await open(channel, { customerId });
      const room = MAX_CART_LINES - (await linesOf(customer.id)).length;
      const moving = (await linesOf(visitor.id)).slice(0, Math.max(0, room));
      await db.transaction(async (tx) => {
        for (const line of moving)
          await tx.update(cartLines).set({ cartId: customer.id }).where(eq(cartLines.id, line.id));
        if (!customer.voucherCode && visitor.voucherCode)
          await tx
            .update(carts)
            .set({ voucherCode: visitor.voucherCode })
            .where(eq(carts.id, customer.id));
        await tx.delete(carts).where(eq(carts.id, visitor.id));
      });
    },

    /**
     * Deletes visitors' carts untouched for VISITOR_CART_KEPT_MS, their lines with them, and
     * releases voucher reservations of checkouts left unfinished.
     */
    async prune(now = new Date()): Promise<{ visitorCarts: number; voucherReservations: number }> {
      const before = new Date(now.getTime() - VISITOR_CART_KEPT_MS);
      const where = and(isNull(carts.customerId), lt(carts.updatedAt, before))!;
      return {
        visitorCarts: await deleteInBatches(db, carts, where),
        voucherReservations: await vouchers.releaseAbandoned(now),
      };
    },
  };
  // Every way into the cart (its API, the cart page's forms) changes it through these.
  return Object.assign(service, { handlers: cartHandlers(service) });
}

export type CartService = ReturnType<typeof createCartService>;

/**
 * Why a studio design cannot go into the cart, or null when it can: it must be the shopper's
 * own, none of its photo frames may be empty (the studio stops such an order before it
 * asks; a request made past the studio is stopped here by the same rule), and the line
 * must be priced as the product the design prints: the same product, format, options,
 * pages, prints and first month (a 100-page book is not sold as 24 pages, a framed
 * 30 x 40 picture not as an unframed 20 x 30).
 */
export async function designRefusal(
  db: Db,
  owner: CartOwner,
  designId: string,
  line?: CartLineOf,
): Promise<NotForSale | null> {
  const document = await designOf(db, owner, designId);
  if (!document)
    return {
      ok: false,
      reason: "not-for-sale",
      field: "studioDesign",
      message: "is not a design of yours",
    };
  const refusal = differencesRefusal(line ? lineDesignDifferences(line, document) : []);
  if (refusal) return refusal;
  const empty = emptyFramePaths(document);
  if (empty.length === 0) return null;
  const message = "is an empty photo frame";
  return {
    ok: false,
    reason: "not-for-sale",
    field: `studioDesign.${empty[0]}`,
    message: `The design has ${empty.length} empty photo frame(s); each needs a photo`,
    errors: Object.fromEntries(empty.map((path) => [`studioDesign.${path}`, message])),
  };
}

/**
 * A line without a design of a product the shop prints (every family the studio designs:
 * domain/studio/studioLinks.ts), refused naming `studioDesign`; null for what is sold as it
 * is (an accessory, a gift voucher, an express production).
 */
function designMissing(product: string): NotForSale | null {
  if (!needsDesign(product)) return null;
  const message = `is required: a ${product} goes into the cart only as the studio design it prints`;
  return {
    ok: false,
    reason: "not-for-sale",
    field: "studioDesign",
    message: `A ${product} goes into the cart only with its studio design`,
    errors: { studioDesign: message },
  };
}

/** The document of a design of the owner's, or null when they have none of that id. */
async function designOf(
  db: Db,
  owner: CartOwner,
  designId: string,
): Promise<DesignDocument | null> {
  const [row] = await db
    .select({ document: studioDesigns.document })
    .from(studioDesigns)
    .where(and(eq(studioDesigns.id, designId), designOwnerWhere(owner)));
  return row ? (row.document as unknown as DesignDocument) : null;
}

/** A line that is not the design it prints, refused naming each field; null when it is. */
function differencesRefusal(differences: readonly DesignDifference[]): NotForSale | null {
  if (differences.length === 0) return null;
  return {
    ok: false,
    reason: "not-for-sale",
    field: differences[0]!.field,
    message: `The line is not the design it prints: ${differences
      .map((d) => `${d.field} ${d.line} (the design has ${d.design})`)
      .join(", ")}`,
    errors: Object.fromEntries(
      differences.map((d) => [d.field, `is ${d.line}; the design has ${d.design}`]),
    ),
  };
}

function designOwnerWhere(owner: CartOwner) {
  return "customerId" in owner
    ? eq(studioDesigns.customerId, owner.customerId)
    : eq(studioDesigns.visitorKey, owner.visitorKey);
}

/**
 * Whether a studio design belongs to the cart's owner: a line may only print a design its
 * owner made, so nobody orders (and so reads in print) another shopper's photos.
 */
export async function ownsDesign(db: Db, owner: CartOwner, designId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: studioDesigns.id })
    .from(studioDesigns)
    .where(and(eq(studioDesigns.id, designId), designOwnerWhere(owner)));
  return row !== undefined;
}

/** What of a cart line says which product it is: its product, options and quantity. */
interface CartLineOf {
  product: string;
  options: Readonly<Record<string, string>>;
  quantity: number;
}

/**
 * Where a cart line and the design it prints disagree (empty when they agree). A
 * configuration line is read as its product page's configuration; an article (wall art,
 * prints, the photo box) as the designer link that starts its design, its quantity the
 * prints; a line the studio reads as no product of its own is another product than any
 * design.
 */
export function lineDesignDifferences(
  line: CartLineOf,
  document: Pick<DesignDocument, "product"> &
    Partial<Pick<DesignDocument, "calendar" | "surfaces">>,
): DesignDifference[] {
  const configuration = isConfigurationLine(line.product, line.options)
    ? lineStudioConfiguration(line.product, line.options)
    : articleStudioConfiguration(line.product, line.options, line.quantity);
  if (!configuration)
    return [{ field: "kind", line: line.product, design: document.product.family }];
  return designDifferences(configuration, document);
}
