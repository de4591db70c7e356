/**
 * An order for whoever holds its unguessable token (the confirmation page, a guest's status
 * page and the mails link to it): GET /web-api/orders/{token} answers its number, state,
 * lines, totals and VAT per rate. The payment's page link or transfer instructions come with
 * it while it is unpaid. Answers are never kept by shared caches.
 */
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { ORDER_TOKEN_PATTERN } from "../../domain/orderPaths";
import type { Commerce } from "../orders/commerce";
import type { OrderView } from "../orders/service";
import { problem, problemResponse } from "./problem";

export const ORDER_PATH = "/web-api/orders/:token";

const addressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().optional(),
  street: z.string(),
  addressLine2: z.string().optional(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string().optional(),
});

export const orderSchema = z
  .object({
    orderNumber: z.string().openapi({ example: "C-2026-000123" }),
    state: z.enum([
      "placed",
      "paid",
      "in_production",
      "shipped",
      "delivered",
      "cancelled",
      "partly_refunded",
      "refunded",
    ]),
    placedAt: z.string(),
    locale: z.string(),
    country: z.string(),
    email: z.string(),
    shippingAddress: addressSchema,
    billingAddress: addressSchema.nullable(),
    shippingMethod: z.string(),
    paymentMethod: z.string(),
    voucherCode: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    lines: z.array(
      z.object({
        position: z.number().int(),
        product: z.string(),
        title: z.string(),
        configuration: z.record(z.string(), z.string()),
        designId: z.string().nullable(),
        quantity: z.number().int(),
        unitPriceMinor: z.number().int(),
        totalMinor: z.number().int(),
        vatRate: z.number().openapi({ description: "Percent, e.g. 19 or 8.1" }),
        personalised: z.boolean(),
        hasPrintFile: z.boolean(),
      }),
    ),
    totals: z.object({
      currency: z.string(),
      subtotalMinor: z.number().int(),
      discountMinor: z.number().int(),
      shippingMinor: z.number().int(),
      totalMinor: z.number().int(),
      refundedMinor: z.number().int(),
    }),
    taxLines: z.array(
      z.object({
        rate: z.number(),
        grossMinor: z.number().int(),
        netMinor: z.number().int(),
        vatMinor: z.number().int(),
      }),
    ),
    payment: z
      .object({
        provider: z.string(),
        status: z.string(),
        redirectUrl: z.string().nullable(),
        instructions: z.record(z.string(), z.unknown()).nullable(),
        failureReason: z.string().nullable(),
      })
      .nullable(),
  })
  .openapi("Order");

/** The order as the API shows it: no internal ids, no storage paths. */
export function orderOut(view: OrderView) {
  const unpaid = view.state === "placed";
  return {
    orderNumber: view.orderNumber,
    state: view.state,
    placedAt: view.placedAt,
    locale: view.locale,
    country: view.country,
    email: view.email,
    shippingAddress: view.shippingAddress,
    billingAddress: view.billingAddress,
    shippingMethod: view.shippingMethod,
    paymentMethod: view.paymentMethod,
    voucherCode: view.voucherCode,
    trackingUrl: view.trackingUrl,
    lines: view.lines.map((l) => ({
      position: l.position,
      product: l.product,
      title: l.title,
      configuration: l.configuration,
      designId: l.designId,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      totalMinor: l.totalMinor,
      vatRate: l.vatRate,
      personalised: l.personalised,
      hasPrintFile: l.printFile !== null,
    })),
    totals: view.totals,
    taxLines: view.taxLines,
    payment: view.payment
      ? {
          provider: view.payment.provider,
          status: view.payment.status,
          redirectUrl: unpaid ? view.payment.redirectUrl : null,
          instructions: unpaid
            ? (view.payment.instructions as Record<string, unknown> | null)
            : null,
          failureReason: view.payment.failureReason,
        }
      : null,
  };
}

export function orderRoutes(services: { commerce: Commerce }) {
  const routes = new Hono();
  routes.get(ORDER_PATH, async (c) => {
    const token = c.req.param("token");
    const view = ORDER_TOKEN_PATTERN.test(token) ? await services.commerce.orders.get(token) : null;
    c.header("Cache-Control", "private, no-store");
    c.header("X-Robots-Tag", "noindex");
    if (!view) return problem(c, 404, { code: "not_found", detail: "No such order" });
    return c.json(orderOut(view), 200);
  });
  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

export function registerOrderPaths(registry: Registry) {
  registry.registerPath({
    method: "get",
    path: "/web-api/orders/{token}",
    summary: "An order by its unguessable token: number, state, lines, totals and VAT per rate",
    tags: ["orders"],
    request: {
      params: z.object({
        token: z
          .string()
          .regex(ORDER_TOKEN_PATTERN)
          .openapi({ example: "q3V9yKp2c8Lw0ZxN4bTaQ3V9yKp2c8Lw" }),
      }),
    },
    responses: {
      200: { description: "The order", content: { "application/json": { schema: orderSchema } } },
      404: problemResponse("No such order"),
    },
  });
}
