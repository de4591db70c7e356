/**
 * The wishlist API, for the hearts on theme cards and theme pages:
 *   GET    /web-api/wishlist                  the saved themes, newest first, priced now
 *   PUT    /web-api/wishlist/items/{themeId}  saves a published theme (again: no change)
 *   DELETE /web-api/wishlist/items/{themeId}  takes it off the list
 * The list is the signed-in customer's, else the visitor's (their visitor key; a first
 * save gives one, as the cart's first write does). Only a brand with the wishlist feature
 * answers; elsewhere the paths are 404. Writes come from the shop's own pages only (the
 * same-origin rule in front of every write). Answers are personal: never stored by a cache.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { PROBLEM_CONTENT_TYPE, problemDocument, type ProblemInit } from "../../domain/problem";
import { MAX_WISHLIST_THEMES, THEME_ID_PATTERN } from "../../domain/wishlist";
import { themeSchema } from "../catalogue/schemas";
import type { CatalogueContext } from "../catalogue/service";
import type { ShopServices } from "../services";
import { hasWishlist, type WishlistChange } from "../wishlist/service";
import { problemResponse, validationHook } from "./problem";
import { personal, shopOf, shopperOf, writingShopperOf } from "./shopper";

const wishlistSchema = z
  .object({
    count: z.number().int().openapi({ description: "Saved themes the shop still sells" }),
    themes: z.array(themeSchema),
  })
  .openapi("Wishlist");

const changeSchema = z
  .object({
    themeId: z.string(),
    saved: z.boolean().openapi({ description: "Whether the theme is on the list now" }),
    count: z.number().int().openapi({ description: "Saved themes now, for the header's count" }),
  })
  .openapi("WishlistChange");

const themeParams = z.object({
  // The zod of the API reference (a domain schema has no .openapi in the built server).
  themeId: z
    .string()
    .regex(THEME_ID_PATTERN)
    .openapi({
      param: { name: "themeId", in: "path" },
      example: "einschulung-001",
    }),
});
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const invalid = problemResponse("Invalid theme id");
const noWishlist = problemResponse("This shop keeps no wishlist, or no such published theme");
const TAGS = ["wishlist"];

const routes = {
  view: createRoute({
    method: "get",
    path: "/web-api/wishlist",
    summary: "The visitor's or customer's saved themes, newest first, each with its from-price",
    tags: TAGS,
    responses: { 200: json(wishlistSchema, "The wishlist"), 404: noWishlist },
  }),
  add: createRoute({
    method: "put",
    path: "/web-api/wishlist/items/{themeId}",
    summary: "Saves a published theme on the wishlist (saving it again changes nothing)",
    tags: TAGS,
    request: { params: themeParams },
    responses: {
      200: json(changeSchema, "The theme is saved"),
      400: invalid,
      404: noWishlist,
      409: problemResponse(`The wishlist holds ${MAX_WISHLIST_THEMES} themes already`),
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/web-api/wishlist/items/{themeId}",
    summary: "Takes a theme off the wishlist (one not on it is no error)",
    tags: TAGS,
    request: { params: themeParams },
    responses: { 200: json(changeSchema, "The theme is not saved"), 400: invalid, 404: noWishlist },
  }),
};

export function wishlistRoutes(services: ShopServices): OpenAPIHono {
  const { wishlist, customers } = services;
  const app = new OpenAPIHono({ defaultHook: validationHook });
  // Every answer is this visitor's alone.
  app.use("/web-api/wishlist", personal);
  app.use("/web-api/wishlist/*", personal);

  const ownerOf = (c: Context, ctx: CatalogueContext) => shopperOf(customers, c, ctx.channel);

  const noSuchList = (c: Context) =>
    problem(c, 404, { code: "not_found", detail: "This shop keeps no wishlist" });

  function added(c: Context, themeId: string, change: WishlistChange) {
    if (change.ok) return c.json({ themeId, saved: true, count: change.count }, 200);
    switch (change.reason) {
      case "full":
        return problem(c, 409, {
          code: "conflict",
          detail: `The wishlist holds ${MAX_WISHLIST_THEMES} themes already`,
        });
      case "unknown-theme":
        return problem(c, 404, { code: "not_found", detail: `No published theme ${themeId}` });
      case "no-wishlist":
        return noSuchList(c);
    }
  }

  app.openapi(routes.view, async (c) => {
    const ctx = shopOf(c);
    if (!hasWishlist(ctx.channel)) return noSuchList(c);
    const themes = await wishlist.themes(ctx, await ownerOf(c, ctx));
    return c.json({ count: themes.length, themes }, 200);
  });

  app.openapi(routes.add, async (c) => {
    const ctx = shopOf(c);
    if (!hasWishlist(ctx.channel)) return noSuchList(c);
    const { themeId } = c.req.valid("param");
    // A visitor's first save gives them their visitor key, as a first cart line does.
    const owner = await writingShopperOf(customers, c, ctx.channel);
    return added(c, themeId, await wishlist.add(ctx, owner, themeId));
  });

  app.openapi(routes.remove, async (c) => {
    const ctx = shopOf(c);
    if (!hasWishlist(ctx.channel)) return noSuchList(c);
    const { themeId } = c.req.valid("param");
    const owner = await ownerOf(c, ctx);
    const change = owner ? await wishlist.remove(ctx, owner, themeId) : { ok: true, count: 0 };
    if (!change.ok) return noSuchList(c);
    return c.json({ themeId, saved: false, count: change.count }, 200);
  });

  return app;
}

/** A problem document as a typed JSON answer of the route (its schema is the problem's). */
function problem<S extends 404 | 409>(c: Context, status: S, init: ProblemInit) {
  return c.json(problemDocument(status, init), status, { "Content-Type": PROBLEM_CONTENT_TYPE });
}
