/**
 * The contact form endpoints:
 *   GET  /web-api/contact-form-challenge?action=contactForm  a spam-protection challenge
 *   POST /web-api/contact-form   JSON { name, email, topic, orderNumber?, message, token }
 * The message goes to the customer service of the host's brand and country, a short receipt
 * without it to the shopper (server/customers/contactForm.ts). Wrong fields answer 400 with `errors` naming
 * each field's problem (required, invalid, tooShort, tooLong), which the form shows in the
 * shopper's language; a missing or used spam-protection solution 403, too many messages 429.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  CONTACT_FORM_ACTION,
  CONTACT_FORM_CHALLENGE_PATH,
  CONTACT_FORM_LIMITS,
  CONTACT_FORM_PATH,
} from "../../domain/contactForm";
import { clientAddress } from "../middleware/clientAddress";
import { challengeRoute, requestSite } from "./formSite";
import type { ShopServices } from "../services";
import { challengeSchema } from "./openapiSchemas";
import { problem, problemResponse } from "./problem";

/** Largest body a message takes: the longest message in any script, with room for the rest. */
const MAX_BODY_BYTES = 32 * 1024;

export function contactFormRoutes(services: ShopServices): Hono {
  const { customers } = services;
  const routes = new Hono();

  // Messages come from this shop's own pages, as JSON (a cross-site form cannot send it
  // without the browser asking first) and, when the browser names its origin, this host.
  routes.use(`${CONTACT_FORM_PATH}*`, async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    if (c.req.method !== "POST") return next();
    const origin = c.req.header("origin");
    const sameHost =
      !origin || (URL.canParse(origin) && new URL(origin).host === c.req.header("host"));
    const json = (c.req.header("content-type") ?? "").split(";")[0]?.trim() === "application/json";
    if (!sameHost || !json) {
      return problem(c, 403, {
        code: "forbidden",
        detail: "Messages come as JSON from this shop's own pages.",
      });
    }
    return next();
  });
  routes.use(
    CONTACT_FORM_PATH,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, { code: "too_large", detail: "The message is too large." }),
    }),
  );

  challengeRoute(
    routes,
    CONTACT_FORM_CHALLENGE_PATH,
    CONTACT_FORM_ACTION,
    customers.spamProtection,
  );

  routes.post(CONTACT_FORM_PATH, async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const { token, ...form } = (typeof body === "object" && body !== null ? body : {}) as {
      token?: unknown;
    };
    const result = await customers.contactForm.send({
      site: requestSite(c),
      form,
      token: typeof token === "string" ? token : "",
      ip: clientAddress(c),
    });
    if (result.ok) return c.json({ sent: true });
    switch (result.problem) {
      case "invalid":
        return problem(c, 400, {
          code: "invalid",
          detail: "Some fields are missing or wrong.",
          errors: result.errors,
        });
      case "spam-protection":
        return problem(c, 403, {
          code: "spam_protection",
          detail: "The spam-protection solution is missing, invalid or was already used.",
        });
      case "throttled":
        return problem(c, 429, {
          code: "throttled",
          detail: "Too many messages; please try again in an hour.",
        });
    }
  });

  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

/** The contact form's paths in the API reference. */
export function registerContactFormPaths(registry: Registry) {
  const answer = problemResponse;
  const json = (description: string, schema: z.ZodType) => ({
    description,
    content: { "application/json": { schema } },
  });
  registry.registerPath({
    method: "get",
    path: CONTACT_FORM_CHALLENGE_PATH,
    summary: "A spam-protection challenge for the contact form",
    tags: ["customers"],
    request: { query: z.object({ action: z.literal(CONTACT_FORM_ACTION) }) },
    responses: { 200: json("An ALTCHA challenge", challengeSchema), 400: answer("Another action") },
  });
  const limits = CONTACT_FORM_LIMITS;
  registry.registerPath({
    method: "post",
    path: CONTACT_FORM_PATH,
    summary:
      "Sends a message to the brand's customer service (answers go to the sender) and a receipt without it to the sender",
    tags: ["customers"],
    request: {
      body: {
        content: {
          "application/json": {
            schema: z.object({
              name: z.string().max(limits.name),
              email: z.string().max(limits.email),
              topic: z.string().max(limits.topic),
              orderNumber: z.string().max(limits.orderNumber).optional(),
              message: z.string().min(limits.messageMin).max(limits.message),
              token: z.string().openapi({ description: "The solved challenge (base64url JSON)" }),
            }),
          },
        },
      },
    },
    responses: {
      200: json("Sent", z.object({ sent: z.literal(true) })),
      400: answer("Wrong fields: `errors` { [field]: required | invalid | tooShort | tooLong }"),
      403: answer("Not JSON from this shop's pages, or no valid unused spam-protection solution"),
      413: answer("The message is too large"),
      429: answer("Too many messages from this address or sender in an hour"),
    },
  });
}
