/**
 * The checkout: POST /web-api/checkout turns the visitor's (or customer's) cart into an order
 * and starts its payment. An `Idempotency-Key` header is required: the same key answers the
 * same order again, however often it is sent and however many posts arrive at once.
 *
 * Answers: 201 with the order's token, number, state, total and either the provider's page to
 * send the shopper to or the bank-transfer instructions; 409 when the total changed since the
 * shopper saw it (`total` is the new one) or another checkout of the cart is under way; 422
 * for a cart that cannot be ordered as it is; 503 when the payment provider does not answer
 * (nothing was charged, the cart is kept).
 */
import { createHash } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { Hono, type Context } from "hono";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { addressSchema } from "../../domain/checkout/addresses";
import type { CartOwner } from "../cart/service";
import type { CatalogueContext } from "../catalogue/service";
import type { Commerce } from "../orders/commerce";
import type { PlaceResult } from "../orders/service";
import type { ShopServices } from "../services";
import { invalidInput, problem, problemResponse, problemSchema } from "./problem";
import { shopOf, shopperOf } from "./shopper";

export const CHECKOUT_PATH = "/web-api/checkout";

/** What a checkout post carries. */
export const checkoutInput = z
  .object({
    email: z.email().max(254),
    shippingAddress: addressSchema,
    billingAddress: addressSchema.optional().nullable(),
    shippingMethod: z.string().min(1).max(40).openapi({ example: "standard" }),
    paymentMethod: z.string().min(1).max(40).openapi({ example: "test" }),
    acceptTerms: z.literal(true, { error: "terms_not_accepted" }),
    /** The total the shopper was shown; a different total now is 409 with the new one. */
    expectedTotal: z
      .object({ currency: z.string().length(3), amountMinor: z.number().int().min(0) })
      .optional(),
  })
  .openapi("CheckoutInput");

export const IDEMPOTENCY_KEY = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, "8 to 100 letters, digits, _ . : or -");

const instructionsSchema = z
  .object({
    kind: z.literal("bank_transfer"),
    beneficiary: z.string(),
    iban: z.string(),
    bic: z.string().nullable(),
    reference: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    qrKind: z.enum(["epc", "swiss_qr_bill"]),
    qrSvg: z.string(),
  })
  .openapi("PaymentInstructions");

export const placedSchema = z
  .object({
    orderToken: z.string(),
    orderNumber: z.string().openapi({ example: "C-2026-000123" }),
    state: z.string().openapi({ example: "placed" }),
    total: z.object({ currency: z.string(), amountMinor: z.number().int() }),
    payment: z
      .union([
        z.object({ redirectUrl: z.string() }),
        z.object({ instructions: instructionsSchema }),
      ])
      .nullable(),
  })
  .openapi("PlacedOrder");

type Services = Pick<ShopServices, "customers"> & { commerce: Commerce };

/** The failure of a checkout as its problem document. */
function refusal(c: Context, result: Exclude<PlaceResult, { ok: true }>) {
  switch (result.reason) {
    case "empty_cart":
      return problem(c, 422, { code: "empty_cart", detail: "The cart is empty" });
    case "not_for_sale":
      return problem(c, 422, {
        code: "not_for_sale",
        detail: "Some lines are no longer sold as they are; the cart shows which",
        extensions: { lines: result.lines },
      });
    case "country_mismatch":
      return problem(c, 422, {
        code: "country_mismatch",
        detail: `This shop delivers to ${result.country}; the shop of the other country takes that order`,
        errors: { "shippingAddress.country": `must be ${result.country}` },
      });
    case "unknown_shipping_method":
      return problem(c, 422, {
        code: "unknown_shipping_method",
        detail: `Shipping methods here: ${result.offered.join(", ")}`,
        errors: { shippingMethod: `one of ${result.offered.join(", ")}` },
      });
    case "unknown_payment_method":
      return problem(c, 422, {
        code: "unknown_payment_method",
        detail: `Payment methods here: ${result.offered.join(", ")}`,
        errors: { paymentMethod: `one of ${result.offered.join(", ")}` },
      });
    case "voucher_refused":
      return problem(c, 422, {
        code: "voucher_refused",
        detail: `Voucher ${result.code} no longer applies (${result.why}); take it off or change the cart`,
        extensions: { reason: result.why },
      });
    case "price_changed":
      return problem(c, 409, {
        code: "price_changed",
        detail: "The total changed since it was shown; confirm the new total to order",
        extensions: { total: result.total },
      });
    case "in_progress":
      return problem(c, 409, {
        code: "checkout_in_progress",
        detail: "An order of this cart is already placed",
        extensions: { orderToken: result.orderToken },
      });
    case "provider_unavailable":
      return problem(c, 503, {
        code: "provider_unavailable",
        detail:
          "The payment service does not answer just now. Nothing was charged and the cart is kept; try again in a moment or choose another payment method",
        extensions: { provider: result.provider },
      });
  }
}

export function checkoutRoutes(services: Services) {
  const routes = new Hono();
  routes.use(CHECKOUT_PATH, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  /** The customer's cart when signed in, else the visitor's; null without either. */
  async function ownerOf(c: Context, ctx: CatalogueContext) {
    const owner: CartOwner | null = await shopperOf(services.customers, c, ctx.channel);
    if (!owner) return null;
    return { owner, customerId: "customerId" in owner ? owner.customerId : null };
  }

  routes.post(CHECKOUT_PATH, async (c) => {
    const key = IDEMPOTENCY_KEY.safeParse(c.req.header("idempotency-key"));
    if (!key.success)
      return problem(c, 400, {
        code: "invalid_request",
        detail: "An Idempotency-Key header is required (one per checkout attempt)",
        errors: { "Idempotency-Key": key.error.issues[0]?.message ?? "required" },
      });
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return problem(c, 400, { code: "malformed_body", detail: "The body is not JSON" });
    }
    const input = checkoutInput.safeParse(body);
    if (!input.success) return invalidInput(c, input.error);
    const ctx = shopOf(c);
    const who = await ownerOf(c, ctx);
    if (!who) return problem(c, 422, { code: "empty_cart", detail: "The cart is empty" });
    const result = await services.commerce.orders.place({
      ctx,
      owner: who.owner,
      customerId: who.customerId,
      email: input.data.email,
      shippingAddress: input.data.shippingAddress,
      billingAddress: input.data.billingAddress ?? null,
      shippingMethod: input.data.shippingMethod,
      paymentMethod: input.data.paymentMethod,
      // A key counts within its shop and cart owner: another visitor's key finds nothing.
      idempotencyKey: createHash("sha256")
        .update(`${ctx.channel}\n${JSON.stringify(who.owner)}\n${key.data}`)
        .digest("base64url"),
      expectedTotalMinor: input.data.expectedTotal?.amountMinor,
      origin: new URL(c.req.url).origin,
    });
    if (!result.ok) return refusal(c, result);
    if (!result.created) c.header("Idempotent-Replayed", "true");
    return c.json(result.order, 201);
  });
  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

export function registerCheckoutPaths(registry: Registry) {
  registry.registerPath({
    method: "post",
    path: CHECKOUT_PATH,
    summary: "Places the cart as an order and starts its payment (one order per Idempotency-Key)",
    description:
      "The cart is priced afresh; the same Idempotency-Key answers the same order (header `Idempotent-Replayed: true`). Lines, VAT and totals are the server's, never the caller's.",
    tags: ["checkout"],
    request: {
      headers: z.object({
        "idempotency-key": IDEMPOTENCY_KEY.openapi({ example: "chk-5f2b9c1e" }),
      }),
      body: { content: { "application/json": { schema: checkoutInput } }, required: true },
    },
    responses: {
      201: {
        description: "The order, with the provider's page or the transfer instructions",
        content: { "application/json": { schema: placedSchema } },
      },
      400: problemResponse("Invalid input or no Idempotency-Key; `errors` names each wrong field"),
      409: {
        description:
          "price_changed (`total` is the new total) or checkout_in_progress (`orderToken`)",
        content: { "application/problem+json": { schema: problemSchema } },
      },
      422: problemResponse(
        "empty_cart, not_for_sale, country_mismatch, unknown_shipping_method, unknown_payment_method or voucher_refused",
      ),
      503: problemResponse("provider_unavailable: nothing was charged, the cart is kept"),
    },
  });
}
