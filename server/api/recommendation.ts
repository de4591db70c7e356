/**
 * The recommendation form's spam-protection challenge:
 *   GET /web-api/recommendation-challenge?action=recommendation
 * The form itself posts to its page (app/routes/recommendation.tsx), with or without
 * JavaScript; with it, the browser first fetches and solves this challenge.
 */
import { Hono } from "hono";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { RECOMMENDATION_ACTION, RECOMMENDATION_CHALLENGE_PATH } from "../../domain/recommendation";
import { challengeRoute } from "./formSite";
import type { ShopServices } from "../services";
import { challengeSchema } from "./openapiSchemas";
import { problemResponse } from "./problem";

export function recommendationRoutes(services: ShopServices): Hono {
  const routes = new Hono();
  routes.use(RECOMMENDATION_CHALLENGE_PATH, async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    return next();
  });
  challengeRoute(
    routes,
    RECOMMENDATION_CHALLENGE_PATH,
    RECOMMENDATION_ACTION,
    services.customers.spamProtection,
  );
  return routes;
}

/** The recommendation's challenge in the API reference. */
export function registerRecommendationPaths(registry: OpenAPIHono["openAPIRegistry"]) {
  registry.registerPath({
    method: "get",
    path: RECOMMENDATION_CHALLENGE_PATH,
    summary: "A spam-protection challenge for the recommendation form",
    tags: ["customers"],
    request: { query: z.object({ action: z.literal(RECOMMENDATION_ACTION) }) },
    responses: {
      200: {
        description: "An ALTCHA challenge",
        content: { "application/json": { schema: challengeSchema } },
      },
      400: problemResponse("Another action"),
    },
  });
}
