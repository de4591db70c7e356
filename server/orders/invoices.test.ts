/**
 * Invoices on PGlite and PostgreSQL: the PDF says what the order says (19 % VAT in Germany,
 * 8.1 % and CHF in Switzerland), numbers run without gaps per brand, kind and year even when
 * documents are asked for at the same time, a document asked for twice is the same one, and
 * the stored bytes are what was issued. The PDF's text is read with poppler's pdftotext.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createInvoiceService, invoiceNumber, type InvoiceService } from "./invoices";
import { germanOrder, swissOrder } from "./testOrders";

const MARCH = new Date("2026-03-02T12:00:00Z");

function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");
}

describe.each(TEST_DATABASES)("invoices on %s", (kind) => {
  let database: TestDatabase;
  let service: InvoiceService;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    service = createInvoiceService({ db: database.db });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("prints a German order's invoice with its lines, the seller and 19 % VAT contained", async () => {
    const invoice = await service.issueInvoice(germanOrder(), MARCH);
    expect(invoice.number).toBe("C-INV-2026-000001");
    const file = await service.pdf(invoice.orderToken, invoice.number);
    const text = pdfText(file!.pdf);
    expect(text).toContain("Rechnung");
    expect(text).toContain("C-INV-2026-000001");
    expect(text).toContain("C-2026-000042");
    expect(text).toContain("Hochzeitskarte");
    expect(text).toContain("personalisiert");
    expect(text).toContain("Cardelia GmbH");
    expect(text).toContain("DE 329 118 574");
    expect(text).toMatch(/enthaltene MwSt\. 19\s%: 7,46\s€/);
    expect(text).toMatch(/Gesamtbetrag\s+46,75\s€/);
  });

  it("prints a Swiss order in CHF with 8.1 % VAT contained", async () => {
    const invoice = await service.issueInvoice(swissOrder(), MARCH);
    expect(invoice.currency).toBe("chf");
    const text = pdfText((await service.pdf(invoice.orderToken, invoice.number))!.pdf);
    expect(text).toMatch(/enthaltene MwSt\. 8\.1\s%: 4\.71\sCHF/);
    expect(text).toMatch(/62\.80\sCHF/);
    expect(text).not.toContain("19 %");
  });

  it("answers the same invoice when asked again, its stored bytes unchanged", async () => {
    const first = await service.issueInvoice(germanOrder(), MARCH);
    const again = await service.issueInvoice(germanOrder({ totalMinor: 1 }), new Date());
    expect(again.number).toBe(first.number);
    const file = await service.pdf(first.orderToken, first.number);
    expect(createHash("sha256").update(file!.pdf).digest("hex")).toBe(first.sha256);
  });

  it("numbers documents asked for at the same time without gaps or doubles", async () => {
    const orders = Array.from({ length: 6 }, (_, i) =>
      germanOrder({ token: `tok-many-${i}`, number: `C-2026-1000${i}` }),
    );
    const issued = await Promise.all([
      ...orders.map((order) => service.issueInvoice(order, MARCH)),
      // The same order twice at once: one invoice.
      service.issueInvoice(orders[0]!, MARCH),
    ]);
    const numbers = [...new Set(issued.map((i) => i.number))].sort();
    // The first two tests issued 000001 (DE) and 000002 (CH) for the cards brand in 2026.
    expect(numbers).toEqual(
      [3, 4, 5, 6, 7, 8].map((n) => invoiceNumber("cards", "invoice", 2026, n)),
    );
  });

  it("counts per brand and per year", async () => {
    const wallart = await service.issueInvoice(
      germanOrder({ channel: "wallart", token: "tok-wall-1", number: "W-2026-000001" }),
      MARCH,
    );
    expect(wallart.number).toBe("W-INV-2026-000001");
    const nextYear = await service.issueInvoice(
      germanOrder({ token: "tok-2027", number: "C-2027-000001" }),
      new Date("2027-01-01T00:00:00Z"),
    );
    expect(nextYear.number).toBe("C-INV-2027-000001");
  });

  it("issues one credit note per refund, naming the invoice it corrects", async () => {
    const order = germanOrder();
    const credit = await service.issueCreditNote(
      order,
      { ref: "refund-1", amountMinor: 1190 },
      MARCH,
    );
    expect(credit.number).toBe("C-CN-2026-000001");
    expect(credit.totalMinor).toBe(-1190);
    const same = await service.issueCreditNote(
      order,
      { ref: "refund-1", amountMinor: 1190 },
      MARCH,
    );
    expect(same.number).toBe(credit.number);
    const second = await service.issueCreditNote(
      order,
      { ref: "refund-2", amountMinor: 500 },
      MARCH,
    );
    expect(second.number).toBe("C-CN-2026-000002");
    const text = pdfText((await service.pdf(order.token, credit.number))!.pdf);
    expect(text).toContain("Gutschrift");
    expect(text).toContain("zur Rechnung C-INV-2026-000001");
    expect(text).toMatch(/-11,90\s€/);
    // 1190 of 4675 gross: VAT share round(1190 * 746 / 4675) = 190.
    expect(text).toMatch(/enthaltene MwSt\. 19\s%: -1,90\s€/);
    const documents = await service.ofOrder(order.token);
    expect(documents.map((d) => d.kind)).toEqual(["invoice", "credit-note", "credit-note"]);
  });

  it("writes an English invoice for an English-speaking shop", async () => {
    const invoice = await service.issueInvoice(
      germanOrder({ token: "tok-gb", locale: "en-GB", country: "GB", number: "C-2026-000900" }),
      MARCH,
    );
    const text = pdfText((await service.pdf(invoice.orderToken, invoice.number))!.pdf);
    expect(text).toContain("Invoice");
    expect(text).toMatch(/incl\. VAT 19\s%/);
  });
});
