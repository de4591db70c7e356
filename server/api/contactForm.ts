/**
 * The contact form endpoints:
 *   GET  /web-api/contact-form-challenge?action=contactForm  a spam-protection challenge
 *   POST /web-api/contact-form   JSON { name, email, topic, orderNumber?, message, token }
 * The message goes to the customer service of the host's brand and country, a short receipt
 * without it to the shopper (server/customers/contactForm.ts). Wrong fields answer 400 with `errors` naming
 * each field's problem (required, invalid, tooShort, tooLong), which the form shows in the
 * shopper's language; a missing or used spam-protection solution 403, too many messages 429.
 */
import { Hono, type Context } from "hono";
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

/** Largest body a message takes: the longest message in any script, with room for the rest. */
const MAX_BODY_BYTES = 32 * 1024;

export function contactFormRoutes(services: ShopServices): Hono {
  const { customers, hosts } = services;
  const routes = new Hono();

  const siteOf = (c: Context) => requestSite(hosts, c);

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
      return c.json(
        { error: "forbidden", message: "Messages come as JSON from this shop's own pages." },
        403,
      );
    }
    return next();
  });
  routes.use(
    CONTACT_FORM_PATH,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: "too_large", message: "The message is too large." }, 413),
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
      site: siteOf(c),
      form,
      token: typeof token === "string" ? token : "",
      ip: clientAddress(c),
    });
    if (result.ok) return c.json({ sent: true });
    switch (result.problem) {
      case "invalid":
        return c.json(
          {
            error: "invalid",
            message: "Some fields are missing or wrong.",
            errors: result.errors,
          },
          400,
        );
      case "spam-protection":
        return c.json(
          {
            error: "spam_protection",
            message: "The spam-protection solution is missing, invalid or was already used.",
          },
          403,
        );
      case "throttled":
        return c.json(
          { error: "throttled", message: "Too many messages; please try again in an hour." },
          429,
        );
    }
  });

  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

/** The contact form's paths in the API reference. */
export function registerContactFormPaths(registry: Registry) {
  const answer = (description: string) => ({
    description,
    content: { "application/json": { schema: z.looseObject({}) } },
  });
  registry.registerPath({
    method: "get",
    path: CONTACT_FORM_CHALLENGE_PATH,
    summary: "A spam-protection challenge for the contact form",
    tags: ["customers"],
    request: { query: z.object({ action: z.literal(CONTACT_FORM_ACTION) }) },
    responses: { 200: answer("An ALTCHA challenge"), 400: answer("Another action") },
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
      200: answer("{ sent: true }"),
      400: answer(
        "{ error: 'invalid', message, errors: { [field]: required | invalid | tooShort | tooLong } }",
      ),
      403: answer("Not JSON from this shop's pages, or no valid unused spam-protection solution"),
      413: answer("The message is too large"),
      429: answer("Too many messages from this address or sender in an hour"),
    },
  });
}
