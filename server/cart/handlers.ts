/**
 * What each change of a cart does and how it fails, once for every way in: the cart API
 * (`/web-api/cart/...`) answers a failure as a problem document, the cart page's forms
 * (which work without JavaScript) as a message on the page. Both check their input with the
 * schemas below, call these handlers and map the one outcome, so a form post and an API
 * call of the same change take the same path, are refused for the same reasons and with
 * the same status. The input schemas both use are domain/cartInput's.
 */
import { currencyOfCountry, priceView } from "../../domain/cataloguePrices";
import type { ProblemInit } from "../../domain/problem";
import type { VoucherRefusal } from "../../domain/vouchers";
import type { CatalogueContext } from "../catalogue/service";
import type { CartArticleInput } from "../../domain/cartInput";
import type { CartAddBody, CartItemBody } from "./configuration";
import type {
  CartChange,
  CartLineView,
  CartOwner,
  LineAdded,
  LineChanged,
  NotForSale,
  VoucherSet,
} from "./types";

/** The cart service's writes the handlers stand on. */
export interface CartWrites {
  addConfiguration(ctx: CatalogueContext, owner: CartOwner, body: CartItemBody): Promise<LineAdded>;
  addArticle(ctx: CatalogueContext, owner: CartOwner, input: CartArticleInput): Promise<LineAdded>;
  changeQuantity(
    ctx: CatalogueContext,
    owner: CartOwner,
    line: number,
    quantity: number,
  ): Promise<LineChanged>;
  remove(channel: CatalogueContext["channel"], owner: CartOwner, line: number): Promise<CartChange>;
  setVoucher(ctx: CatalogueContext, owner: CartOwner, code: string | null): Promise<VoucherSet>;
}

/** Why a change was refused, as the page names it (its `cart.problems` text). */
export type CartRefusal = "full" | "unknown-line" | "unknown-voucher" | "not-for-sale";

/** A refused change: its HTTP status, the problem document's fields and the page's reason. */
export interface CartFailure<S extends 404 | 409 | 422 = 404 | 409 | 422> {
  ok: false;
  status: S;
  reason: CartRefusal;
  problem: ProblemInit;
  /** The voucher rule a refused code fails (the page names it). */
  voucher?: VoucherRefusal["reason"];
}
export type CartOutcome<T, S extends 404 | 409 | 422 = 404 | 409 | 422> =
  { ok: true; value: T } | CartFailure<S>;

const unknownLine: CartFailure<404> = {
  ok: false,
  status: 404,
  reason: "unknown-line",
  problem: { code: "not_found", detail: "No such line in this cart" },
};

/** 422 naming the option the shop does not sell as asked. */
function notForSale(change: NotForSale): CartFailure<422> {
  return {
    ok: false,
    status: 422,
    reason: "not-for-sale",
    problem: {
      code: "not_for_sale",
      detail: change.message,
      errors: change.errors ?? { [change.field]: change.message },
    },
  };
}

/** Why a code does not apply, as a problem naming the rule (and the minimum in the cart's money). */
export function voucherProblem(
  code: string,
  refusal: VoucherRefusal,
  ctx: CatalogueContext,
): ProblemInit {
  switch (refusal.reason) {
    case "unknown":
      return {
        code: "unknown_voucher",
        detail: `No voucher ${code} in this shop`,
        errors: { code: "unknown voucher" },
      };
    case "expired":
      return {
        code: "voucher_expired",
        detail: `Voucher ${code} expired on ${refusal.validUntil.toISOString()}`,
        errors: { code: "expired" },
      };
    case "not-yet-valid":
      return {
        code: "voucher_not_yet_valid",
        detail: `Voucher ${code} is valid from ${refusal.validFrom.toISOString()}`,
        errors: { code: "not yet valid" },
      };
    case "not-valid-in-country":
      return {
        code: "voucher_not_for_country",
        detail: `Voucher ${code} is not valid in ${ctx.country}`,
        errors: { code: "not for this country" },
      };
    case "used-up":
      return {
        code: "voucher_used_up",
        detail: `Voucher ${code} is used up`,
        errors: { code: "used up" },
      };
    case "not-for-products":
      return {
        code: "voucher_not_for_products",
        detail: `Voucher ${code} is for other products than the cart holds`,
        errors: { code: "not for these products" },
      };
    case "first-order-only":
      return {
        code: "voucher_first_order_only",
        detail: `Voucher ${code} is for a first order only, and this shopper has ordered before`,
        errors: { code: "first order only" },
      };
    case "minimum-order-value": {
      const minimum = priceView(
        { current: refusal.minimumMinor, original: null },
        currencyOfCountry(ctx.country),
        ctx.locale,
      );
      return {
        code: "voucher_minimum_order",
        detail: `Voucher ${code} needs an order of at least ${minimum.formatted.current}`,
        errors: { code: `minimum order ${minimum.formatted.current}` },
      };
    }
  }
}

/** The changes of a cart, each with its one outcome. */
export function cartHandlers(cart: CartWrites) {
  return {
    /**
     * A product configuration into the cart, priced as product-details prices it, or an
     * article with its designer link's options, priced by the catalogue's offer for them.
     */
    async add(
      ctx: CatalogueContext,
      owner: CartOwner,
      body: CartAddBody,
    ): Promise<CartOutcome<CartLineView, 409 | 422>> {
      const change =
        body.kind === "article"
          ? await cart.addArticle(ctx, owner, body)
          : await cart.addConfiguration(ctx, owner, body);
      if (change.ok) return { ok: true, value: change.line };
      if (change.reason === "full")
        return {
          ok: false,
          status: 409,
          reason: "full",
          problem: { code: "conflict", detail: "The cart holds no more lines" },
        };
      return notForSale(change);
    },

    /** A line's new quantity, kept on its product's grid. */
    async changeQuantity(
      ctx: CatalogueContext,
      owner: CartOwner | null,
      line: number,
      quantity: number,
    ): Promise<CartOutcome<CartLineView, 404 | 422>> {
      if (!owner) return unknownLine;
      const change = await cart.changeQuantity(ctx, owner, line, quantity);
      if (change.ok) return { ok: true, value: change.line };
      return change.reason === "unknown-line" ? unknownLine : notForSale(change);
    },

    /** Takes a line out of the cart. */
    async remove(
      ctx: CatalogueContext,
      owner: CartOwner | null,
      line: number,
    ): Promise<CartOutcome<null, 404>> {
      if (!owner) return unknownLine;
      const removed = await cart.remove(ctx.channel, owner, line);
      return removed.ok ? { ok: true, value: null } : unknownLine;
    },

    /** Keeps a code that applies to the cart now; refused naming the rule it fails. */
    async applyVoucher(
      ctx: CatalogueContext,
      owner: CartOwner,
      code: string,
    ): Promise<CartOutcome<null, 422>> {
      const set = await cart.setVoucher(ctx, owner, code);
      if (set.ok) return { ok: true, value: null };
      return {
        ok: false,
        status: 422,
        reason: "unknown-voucher",
        problem: voucherProblem(code, set.refusal, ctx),
        voucher: set.refusal.reason,
      };
    },

    /** Takes the voucher off the cart (nothing to do for a visitor without a cart). */
    async removeVoucher(
      ctx: CatalogueContext,
      owner: CartOwner | null,
    ): Promise<CartOutcome<null>> {
      if (owner) await cart.setVoucher(ctx, owner, null);
      return { ok: true, value: null };
    },
  };
}
export type CartHandlers = ReturnType<typeof cartHandlers>;
