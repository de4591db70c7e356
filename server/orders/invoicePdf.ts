/**
 * The invoice and credit-note PDF: the seller, the customer's addresses, every line, the
 * totals and the VAT contained per rate, in the order's language and currency, set in the
 * shop's own typefaces (Inter, with Lora for the title).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import { localeSettings, type Locale } from "../../domain/locales";
import { formatPrice } from "../../domain/money";
import { INVOICE_TEXTS, SELLERS } from "./invoiceTexts";
import type { DocumentAddress, OrderDocument } from "./orderDocument";

/**
 * The shop's typefaces from the packages the storefront's own files come from, as WOFF:
 * pdfkit's font subsetter cannot cut glyphs out of the WOFF2 files the pages load.
 */
const FONT_DIR = path.resolve("node_modules/@fontsource");
const FONTS = {
  regular: path.join(FONT_DIR, "inter/files/inter-latin-400-normal.woff"),
  bold: path.join(FONT_DIR, "inter/files/inter-latin-700-normal.woff"),
  title: path.join(FONT_DIR, "lora/files/lora-latin-700-normal.woff"),
};

export interface InvoiceSheet {
  kind: "invoice" | "credit-note";
  number: string;
  issuedAt: Date;
  /** A credit note names the invoice it corrects and the amount refunded. */
  invoiceNumber?: string;
  refundMinor?: number;
}

/** A VAT rate as the locale writes it: "19 %", "8.1 %" (de-CH), "8,1 %". */
export function formatRate(rate: number, locale: Locale): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(rate);
  return `${number}\u00a0%`;
}

const money = (minor: number, locale: Locale) => formatPrice(minor / 100, locale);

function addressLines(a: DocumentAddress): string[] {
  return [
    a.company ?? "",
    `${a.firstName} ${a.lastName}`,
    a.street,
    a.addressLine2 ?? "",
    `${a.postalCode} ${a.city}`,
    a.country,
  ].filter((line) => line !== "");
}

/** Renders the document; resolves with the PDF's bytes. */
export function renderInvoicePdf(order: OrderDocument, sheet: InvoiceSheet): Promise<Buffer> {
  const t = INVOICE_TEXTS[localeSettings(order.locale).language];
  const seller = SELLERS[order.channel];
  const locale = order.locale;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: `${sheet.kind === "invoice" ? t.invoice : t.creditNote} ${sheet.number}`,
      Author: seller.name,
      CreationDate: sheet.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const own = existsSync(FONTS.regular);
  doc.registerFont("body", own ? FONTS.regular : "Helvetica");
  doc.registerFont("bold", own ? FONTS.bold : "Helvetica-Bold");
  doc.registerFont("title", own ? FONTS.title : "Helvetica-Bold");

  // The seller, top right; the document's title and numbers, left.
  doc.font("bold").fontSize(10).text(seller.name, 330, 50);
  doc
    .font("body")
    .fontSize(9)
    .text(
      [
        seller.street,
        seller.city,
        seller.country,
        seller.email,
        `${t.vatId}: ${seller.vatId}`,
      ].join("\n"),
      330,
    );
  doc
    .font("title")
    .fontSize(22)
    .text(sheet.kind === "invoice" ? t.invoice : t.creditNote, 50, 50);
  doc.font("body").fontSize(10);
  const facts = [
    `${t.number}: ${sheet.number}`,
    `${t.date}: ${date.format(sheet.issuedAt)}`,
    `${t.order}: ${order.number}`,
  ];
  if (sheet.invoiceNumber) facts.push(`${t.correcting} ${sheet.invoiceNumber}`);
  doc.text(facts.join("\n"), 50, 85);

  // The addresses side by side.
  const top = 160;
  doc.font("bold").text(t.billTo, 50, top);
  doc.font("body").text(addressLines(order.billingAddress ?? order.shippingAddress).join("\n"));
  doc.font("bold").text(t.shipTo, 300, top);
  doc.font("body").text(addressLines(order.shippingAddress).join("\n"));

  // The lines.
  const columns = { qty: 50, item: 90, unit: 350, amount: 450 };
  let y = 270;
  const row = (
    cells: { qty: string; item: string; unit: string; amount: string },
    bold = false,
  ) => {
    doc.font(bold ? "bold" : "body").fontSize(9);
    const height = Math.max(12, doc.heightOfString(cells.item, { width: 250 }));
    if (y + height > 760) {
      doc.addPage();
      y = 50;
    }
    doc.text(cells.qty, columns.qty, y, { width: 35 });
    doc.text(cells.item, columns.item, y, { width: 250 });
    doc.text(cells.unit, columns.unit, y, { width: 90, align: "right" });
    doc.text(cells.amount, columns.amount, y, { width: 95, align: "right" });
    y += height + 6;
  };
  row({ qty: t.quantity, item: t.description, unit: t.unitPrice, amount: t.amount }, true);
  doc
    .moveTo(50, y - 3)
    .lineTo(545, y - 3)
    .strokeColor("#999999")
    .stroke();
  if (sheet.kind === "invoice") {
    for (const line of order.lines) {
      const mark = line.personalised ? ` (${t.personalised})` : "";
      row({
        qty: String(line.quantity),
        item: `${line.title}${mark} · ${formatRate(line.vatRate, locale)}`,
        unit: money(line.unitPriceMinor, locale),
        amount: money(line.totalMinor, locale),
      });
    }
    y += 6;
    const sum = (label: string, minor: number, bold = false) =>
      row({ qty: "", item: "", unit: label, amount: money(minor, locale) }, bold);
    sum(t.subtotal, order.subtotalMinor);
    sum(`${t.shipping} (${order.shippingMethod})`, order.shippingMinor);
    if (order.discountMinor > 0) sum(t.discount, -order.discountMinor);
    sum(t.total, order.totalMinor, true);
    y += 6;
    for (const tax of order.taxLines) {
      row({
        qty: "",
        item: `${t.vatContained(formatRate(tax.rate, locale))}: ${money(tax.taxMinor, locale)} (${t.net} ${money(tax.grossMinor - tax.taxMinor, locale)})`,
        unit: "",
        amount: "",
      });
    }
    y += 6;
    row({ qty: "", item: `${t.payment}: ${order.paymentMethod}`, unit: "", amount: "" });
  } else {
    const refund = sheet.refundMinor ?? 0;
    row({
      qty: "1",
      item: t.refundLine,
      unit: money(-refund, locale),
      amount: money(-refund, locale),
    });
    // A refund takes back VAT in the order's proportions (a single-rate order: that rate).
    const gross = order.taxLines.reduce((s, l) => s + l.grossMinor, 0);
    for (const tax of order.taxLines) {
      const share = gross > 0 ? Math.round((refund * tax.grossMinor) / gross) : 0;
      const taxShare = gross > 0 ? Math.round((refund * tax.taxMinor) / gross) : 0;
      row({
        qty: "",
        item: `${t.vatContained(formatRate(tax.rate, locale))}: ${money(-taxShare, locale)} (${t.net} ${money(-(share - taxShare), locale)})`,
        unit: "",
        amount: "",
      });
    }
    y += 6;
    row({ qty: "", item: t.refunded, unit: "", amount: "" });
  }

  // The seller's legal details at the foot of the page (below the margin, so no new page).
  doc.page.margins.bottom = 0;
  doc
    .font("body")
    .fontSize(8)
    .fillColor("#555555")
    .text(
      `${seller.name} · ${seller.street} · ${seller.city} · ${t.register}: ${seller.register} · ${t.vatId}: ${seller.vatId}`,
      50,
      790,
      { width: 495, align: "center", lineBreak: true },
    );
  doc.end();
  return done;
}
