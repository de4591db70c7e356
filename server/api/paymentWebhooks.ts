/**
 * What payment providers send to the shop, and the test provider's hosted page:
 *   POST /web-api/payments/webhooks/{provider}  a provider's event (signed; applied once)
 *   GET  /web-api/payments/{ref}/return         the shopper back from the provider's page
 *   GET  /_test-payment/{id}, POST              the test provider's page (not the shop's)
 * The return reads the payment from the provider and sends the shopper on: to the order's
 * confirmation page when it is paid or still pending, back to the checkout with the reason
 * when it failed (the cart is still there). Everything it needs is in the database, so a
 * restart between leaving and coming back changes nothing.
 */
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { CHECKOUT_PATHS } from "../../domain/cart";
import { localeSettings, parseLocale } from "../../domain/locales";
import { formatPrice } from "../../domain/money";
import { confirmationPath } from "../../domain/orderPaths";
import { languagePrefix } from "../../domain/paths";
import type { Commerce } from "../orders/commerce";
import { WebhookRejected } from "../payments/provider";
import { TEST_OUTCOMES, type TestOutcome } from "../payments/testProvider";
import { problem, problemResponse } from "./problem";

export const WEBHOOK_PATH = "/web-api/payments/webhooks/:provider";
export const RETURN_PATH = "/web-api/payments/:ref/return";
export const TEST_PAGE_PATH = "/_test-payment/:id";

const REF = /^[A-Za-z0-9_-]{16,64}$/;
/** Provider bodies are small; anything larger is no provider's. */
const MAX_WEBHOOK_BYTES = 64 * 1024;

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The test provider's page: the amount and four buttons, one per outcome. */
function testPage(
  id: string,
  payment: { amountMinor: number; currency: string; description: string; status: string },
) {
  const locale =
    payment.currency === "chf"
      ? "de-CH"
      : payment.currency === "gbp"
        ? "en-GB"
        : payment.currency === "usd"
          ? "en-US"
          : "de-DE";
  const amount = formatPrice(payment.amountMinor / 100, locale);
  const labels: Record<TestOutcome, string> = {
    approve: "Approve payment",
    decline: "Decline payment",
    error: "Fail with a provider error",
    pending: "Leave pending (settles later)",
  };
  const open = payment.status === "pending";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Test payment provider</title></head>
<body>
<main>
<h1>Test payment provider</h1>
<p>This page stands in for a payment provider's hosted page. No money moves.</p>
<dl><dt>Order</dt><dd>${escape(payment.description)}</dd><dt>Amount</dt><dd>${escape(amount)}</dd><dt>Status</dt><dd>${escape(payment.status)}</dd></dl>
${
  open
    ? `<form method="post" action="/_test-payment/${escape(id)}">
<fieldset><legend>Outcome of this payment</legend>
${TEST_OUTCOMES.map((o) => `<p><button type="submit" name="outcome" value="${o}">${labels[o]}</button></p>`).join("\n")}
</fieldset></form>`
    : `<p>This payment is settled.</p>`
}
</main>
</body>
</html>`;
}

export function paymentRoutes(services: { commerce: Commerce }) {
  const { commerce } = services;
  const routes = new Hono();

  routes.post(WEBHOOK_PATH, async (c) => {
    const providerId = c.req.param("provider");
    if (!commerce.providers[providerId])
      return problem(c, 404, { code: "not_found", detail: `No payment provider ${providerId}` });
    const rawBody = await c.req.text();
    if (rawBody.length > MAX_WEBHOOK_BYTES)
      return problem(c, 413, { code: "too_large", detail: "The event is too large" });
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      headers[name] = value;
    });
    try {
      const applied = await commerce.payments.webhook(providerId, { headers, rawBody });
      return c.json({ received: true, applied: applied.applied }, 200);
    } catch (error) {
      if (error instanceof WebhookRejected)
        return problem(c, 400, { code: "invalid_request", detail: error.message });
      throw error;
    }
  });

  routes.get(RETURN_PATH, async (c) => {
    const ref = c.req.param("ref");
    const back = REF.test(ref) ? await commerce.payments.returned(ref) : null;
    c.header("Cache-Control", "private, no-store");
    if (!back) return problem(c, 404, { code: "not_found", detail: "No such payment" });
    const locale = parseLocale(back.locale) ?? "de-DE";
    const { country, language } = localeSettings(locale);
    const prefix = languagePrefix(country, language);
    const failed = back.orderState === "cancelled";
    const target = failed
      ? `${prefix}${CHECKOUT_PATHS[language]}?payment=${encodeURIComponent(back.failureReason ?? "declined")}&order=${encodeURIComponent(back.orderToken)}`
      : `${prefix}${confirmationPath(language, back.orderToken)}`;
    return c.redirect(target, 303);
  });

  routes.get(TEST_PAGE_PATH, async (c) => {
    const provider = commerce.testProvider;
    const payment = provider ? await provider.find(c.req.param("id")) : null;
    c.header("Cache-Control", "no-store");
    if (!payment)
      return c.html(
        '<!doctype html><html lang="en"><head><title>Unknown test payment</title></head><body><main><h1>Unknown test payment</h1></main></body></html>',
        404,
      );
    return c.html(testPage(c.req.param("id"), payment));
  });

  routes.post(TEST_PAGE_PATH, async (c) => {
    const provider = commerce.testProvider;
    const form = await c.req.parseBody();
    const outcome = z.enum(TEST_OUTCOMES).safeParse(form.outcome);
    if (!provider || !outcome.success)
      return problem(c, 400, {
        code: "invalid_request",
        detail: "outcome: approve, decline, error or pending",
      });
    const returnUrl = await provider.settle(c.req.param("id"), outcome.data);
    if (!returnUrl) return problem(c, 404, { code: "not_found", detail: "No such test payment" });
    return c.redirect(returnUrl, 303);
  });

  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

export function registerPaymentPaths(registry: Registry) {
  registry.registerPath({
    method: "post",
    path: "/web-api/payments/webhooks/{provider}",
    summary: "A payment provider's event: checked (signature), stored once per event id, applied",
    description:
      "A repeated or out-of-order event changes nothing. Stripe signs its events; Mollie's name a payment the shop then fetches; the test provider signs with HMAC-SHA256.",
    tags: ["payments"],
    request: {
      params: z.object({
        provider: z.string().openapi({ example: "test" }),
      }),
      body: {
        content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
        required: true,
      },
    },
    responses: {
      200: {
        description: "Received (applied false: a repeat or a step back)",
        content: {
          "application/json": {
            schema: z.object({ received: z.boolean(), applied: z.boolean() }),
          },
        },
      },
      400: problemResponse("The signature or the body is wrong"),
      404: problemResponse("No such provider"),
      413: problemResponse("The event is too large"),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/web-api/payments/{ref}/return",
    summary:
      "The shopper back from the provider's page: sent on to the confirmation or the checkout",
    tags: ["payments"],
    request: {
      params: z.object({
        ref: z.string().regex(REF).openapi({ example: "Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4" }),
      }),
    },
    responses: {
      303: {
        description: "To the order's confirmation page, or back to the checkout with the reason",
      },
      404: problemResponse("No such payment"),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/_test-payment/{id}",
    summary: "The test provider's hosted page (development and tests only)",
    tags: ["payments"],
    request: {
      params: z.object({ id: z.string().openapi({ example: "tp_unknown" }) }),
    },
    responses: {
      200: { description: "The page", content: { "text/html": { schema: z.string() } } },
      404: {
        description: "No such test payment",
        content: { "text/html": { schema: z.string() } },
      },
    },
  });
  registry.registerPath({
    method: "post",
    path: "/_test-payment/{id}",
    summary: "Settles a test payment: outcome approve, decline, error or pending",
    tags: ["payments"],
    request: {
      params: z.object({ id: z.string().openapi({ example: "tp_unknown" }) }),
      body: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: z.object({ outcome: z.enum(TEST_OUTCOMES) }),
          },
        },
        required: true,
      },
    },
    responses: {
      303: { description: "Back to the shop's return link" },
      400: problemResponse("No outcome, or the test provider is not offered"),
      404: problemResponse("No such test payment"),
    },
  });
}
