/**
 * An order's invoice or credit note as it was issued: the stored PDF, for whoever holds the
 * order's unguessable token (the order page, the account's order detail and the invoice
 * mail link here). Nothing is rendered anew.
 */
import { Hono } from "hono";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { ShopServices } from "../services";
import { problem, problemResponse } from "./problem";

export const INVOICE_PATH = "/web-api/orders/:token/invoices/:number";

const tokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .openapi({ example: "q3V9yKp2c8Lw0ZxN4bTa" });
const numberSchema = z
  .string()
  .regex(/^[A-Z]-(INV|CN)-\d{4}-\d{6}$/)
  .openapi({ example: "C-INV-2026-000001" });

export function invoiceRoutes(services: Pick<ShopServices, "invoices">) {
  const routes = new Hono();
  routes.get(INVOICE_PATH, async (c) => {
    const token = tokenSchema.safeParse(c.req.param("token"));
    const number = numberSchema.safeParse(c.req.param("number"));
    const file =
      token.success && number.success ? await services.invoices.pdf(token.data, number.data) : null;
    if (!file) return problem(c, 404, { code: "not_found", detail: "No such invoice." });
    return c.body(new Uint8Array(file.pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.number}.pdf"`,
      "Content-Length": String(file.pdf.length),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  });
  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

export function registerInvoicePaths(registry: Registry) {
  registry.registerPath({
    method: "get",
    path: "/web-api/orders/{token}/invoices/{number}",
    summary: "An order's invoice or credit note, the PDF exactly as it was issued",
    tags: ["orders"],
    request: { params: z.object({ token: tokenSchema, number: numberSchema }) },
    responses: {
      200: { description: "The PDF", content: { "application/pdf": { schema: z.string() } } },
      404: problemResponse("No such order or no such document of it"),
    },
  });
}
