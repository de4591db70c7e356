/**
 * The cart API, for the designer and the cart page's scripts:
 *   GET    /web-api/cart                 the cart of the visitor or customer, priced now
 *   POST   /web-api/cart/items           a product configuration (product-details' fields): 201
 *   PATCH  /web-api/cart/items/{id}      { quantity }
 *   DELETE /web-api/cart/items/{id}
 *   POST   /web-api/cart/voucher         { code }
 *   DELETE /web-api/cart/voucher
 * The cart is the signed-in customer's, else the visitor's (their visitor key; a first
 * write gives one). Writes come from the shop's own pages only (the same-origin rule in
 * front of every write). Answers are personal: never stored by a shared cache.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { priceSchema } from "../catalogue/schemas";
import type { CatalogueContext } from "../catalogue/service";
import { cartAddBody } from "../cart/configuration";
import { cartLineId, cartQuantityChange, voucherInput } from "../../domain/cartInput";
import type { CartFailure } from "../cart/handlers";
import type { CartLineView, CartView } from "../cart/service";
import type { ShopServices } from "../services";
import { PROBLEM_CONTENT_TYPE, problemDocument, type ProblemInit } from "../../domain/problem";
import { problemResponse, validationHook } from "./problem";
import { personal, shopOf, shopperOf, writingShopperOf } from "./shopper";

const lineSchema = z
  .object({
    id: z.number().int().openapi({ description: "The line's id, for PATCH and DELETE" }),
    product: z.string().openapi({ example: "card" }),
    options: z.record(z.string(), z.string()),
    quantity: z.number().int(),
    price: priceSchema
      .nullable()
      .openapi({ description: "The line's price; null when the shop no longer sells it" }),
  })
  .openapi("CartLine");

const cartSchema = z
  .object({
    lines: z.array(lineSchema),
    articles: z.number().int(),
    voucher: z
      .object({ code: z.string(), valid: z.boolean(), reason: z.string().nullable() })
      .nullable(),
    subtotal: priceSchema,
    discount: priceSchema.nullable(),
    shipping: priceSchema,
    freeShippingFrom: priceSchema.nullable(),
    total: priceSchema,
  })
  .openapi("Cart");

const lineParams = z.object({
  id: cartLineId.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const invalid = problemResponse("Invalid input; `errors` names each wrong field");
const unknownLine = problemResponse("No such line in this cart");
const notForSale = problemResponse(
  "The shop does not sell this configuration; `errors` names the option",
);
const TAGS = ["cart"];

const routes = {
  view: createRoute({
    method: "get",
    path: "/web-api/cart",
    summary: "The cart of the visitor or customer, every line priced now",
    tags: TAGS,
    responses: { 200: json(cartSchema, "The cart") },
  }),
  add: createRoute({
    method: "post",
    path: "/web-api/cart/items",
    summary:
      "Puts a product configuration (priced as product-details prices it) or an article into the cart",
    description:
      "A configuration has the fields of product-details; an article (`kind: article`) the product and the options its designer link carries (wall art, prints, the photo box, gift vouchers, express productions), priced by the catalogue's offer for exactly those options. Amounts are kept on their grid as product-details keeps them (the line names the quantity it was priced for); an option the shop does not sell with the options before it is 422 naming it. Every printed product (a card, calendar, photo book, collage, wall art, prints, the photo box) goes in only with its studio design: without `studioDesign` it is 422 naming `studioDesign`; an accessory, a gift voucher or an express production goes in as it is. A studio design that is not the shopper's is 422 naming `studioDesign`; one with an empty photo frame is 422 naming each such frame's path (`studioDesign.surfaces.0.elements.1`).",
    tags: TAGS,
    request: jsonBody(cartAddBody),
    responses: {
      201: json(lineSchema, "The new line and its price"),
      400: invalid,
      409: problemResponse("The cart is full"),
      422: notForSale,
    },
  }),
  quantity: createRoute({
    method: "patch",
    path: "/web-api/cart/items/{id}",
    summary: "A line's new quantity (kept on the product's grid)",
    tags: TAGS,
    request: { params: lineParams, ...jsonBody(cartQuantityChange) },
    responses: {
      200: json(lineSchema, "The line as it is now"),
      400: invalid,
      404: unknownLine,
      422: notForSale,
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/web-api/cart/items/{id}",
    summary: "Takes a line out of the cart",
    tags: TAGS,
    request: { params: lineParams },
    responses: { 204: { description: "Removed" }, 400: invalid, 404: unknownLine },
  }),
  voucher: createRoute({
    method: "post",
    path: "/web-api/cart/voucher",
    summary: "Keeps a voucher code with the cart (the cart's totals apply it)",
    tags: TAGS,
    request: jsonBody(voucherInput),
    responses: {
      200: json(cartSchema, "The cart with the voucher"),
      400: invalid,
      422: problemResponse(
        "The code does not apply to this cart: unknown_voucher, voucher_expired, voucher_not_yet_valid, voucher_not_for_country, voucher_minimum_order (the minimum in the cart's currency), voucher_used_up or voucher_not_for_products (a voucher for other products)",
      ),
    },
  }),
  voucherRemove: createRoute({
    method: "delete",
    path: "/web-api/cart/voucher",
    summary: "Takes the voucher off the cart",
    tags: TAGS,
    responses: { 200: json(cartSchema, "The cart without a voucher") },
  }),
};

const lineOut = (line: CartLineView) => ({
  id: line.line,
  product: line.product,
  options: line.options,
  quantity: line.quantity,
  price: line.price,
});
const cartOut = (cart: CartView) => ({ ...cart, lines: cart.lines.map(lineOut) });

export function cartRoutes(services: ShopServices): OpenAPIHono {
  const { cart, customers } = services;
  const { handlers } = cart;
  const app = new OpenAPIHono({ defaultHook: validationHook });
  // Every answer is this visitor's alone.
  app.use("/web-api/cart", personal);
  app.use("/web-api/cart/*", personal);

  const ownerOf = (c: Context, ctx: CatalogueContext) => shopperOf(customers, c, ctx.channel);
  const writerOf = (c: Context, ctx: CatalogueContext) =>
    writingShopperOf(customers, c, ctx.channel);
  /** A refused change as its problem document. */
  const refused = <S extends 404 | 409 | 422>(c: Context, failure: CartFailure<S>) =>
    problem(c, failure.status, failure.problem);

  app.openapi(routes.view, async (c) => {
    const ctx = shopOf(c);
    return c.json(cartOut(await cart.view(ctx, await ownerOf(c, ctx))), 200);
  });

  app.openapi(routes.add, async (c) => {
    const ctx = shopOf(c);
    const added = await handlers.add(ctx, await writerOf(c, ctx), c.req.valid("json"));
    if (!added.ok) return refused(c, added);
    return c.json(lineOut(added.value), 201);
  });

  app.openapi(routes.quantity, async (c) => {
    const ctx = shopOf(c);
    const changed = await handlers.changeQuantity(
      ctx,
      await ownerOf(c, ctx),
      c.req.valid("param").id,
      c.req.valid("json").quantity,
    );
    if (!changed.ok) return refused(c, changed);
    return c.json(lineOut(changed.value), 200);
  });

  app.openapi(routes.remove, async (c) => {
    const ctx = shopOf(c);
    const removed = await handlers.remove(ctx, await ownerOf(c, ctx), c.req.valid("param").id);
    if (!removed.ok) return refused(c, removed);
    return c.body(null, 204);
  });

  app.openapi(routes.voucher, async (c) => {
    const ctx = shopOf(c);
    const owner = await writerOf(c, ctx);
    const set = await handlers.applyVoucher(ctx, owner, c.req.valid("json").code);
    if (!set.ok) return refused(c, set);
    return c.json(cartOut(await cart.view(ctx, owner)), 200);
  });

  app.openapi(routes.voucherRemove, async (c) => {
    const ctx = shopOf(c);
    const owner = await ownerOf(c, ctx);
    await handlers.removeVoucher(ctx, owner);
    return c.json(cartOut(await cart.view(ctx, owner)), 200);
  });

  return app;
}

/** A problem document as a typed JSON answer of the route (its schema is the problem's). */
function problem<S extends 404 | 409 | 422>(c: Context, status: S, init: ProblemInit) {
  return c.json(problemDocument(status, init), status, { "Content-Type": PROBLEM_CONTENT_TYPE });
}
