/**
 * The invoice download on PGlite and PostgreSQL: the stored PDF for the order's token and
 * the document's number, byte for byte; another order's token or an unknown number is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createInvoiceService } from "../orders/invoices";
import { germanOrder } from "../orders/testOrders";
import { invoiceRoutes } from "./invoices";

describe.each(TEST_DATABASES)("GET /web-api/orders/{token}/invoices/{number} on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("answers the issued PDF to the order's token and nothing to another token", async () => {
    const invoices = createInvoiceService({ db: database.db });
    const order = germanOrder({ token: "tok-download-000001" });
    const issued = await invoices.issueInvoice(order, new Date("2026-05-01T00:00:00Z"));
    const app = invoiceRoutes({ invoices });
    const response = await app.request(`/web-api/orders/${order.token}/invoices/${issued.number}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await invoices.pdf(order.token, issued.number))!.pdf.equals(body)).toBe(true);

    const other = await app.request(`/web-api/orders/tok-someone-else01/invoices/${issued.number}`);
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toContain("application/problem+json");
    const badNumber = await app.request(`/web-api/orders/${order.token}/invoices/..%2Fetc`);
    expect(badNumber.status).toBe(404);
  });
});
