/**
 * An order as its documents show it (the mails, the invoice and credit notes): who bought,
 * where it goes, every line with its VAT rate and whether it is personalised, the totals and
 * the VAT contained per rate. The order service builds it from its tables; mails and
 * invoices only read it, so they never depend on how orders are stored.
 */
import type { ChannelId } from "../../config/channels";
import type { Country, Locale } from "../../domain/locales";

export interface DocumentAddress {
  firstName: string;
  lastName: string;
  company?: string | null | undefined;
  street: string;
  addressLine2?: string | null | undefined;
  postalCode: string;
  city: string;
  country: Country;
  phone?: string | null | undefined;
}

export interface DocumentLine {
  /** The line's name as the shopper saw it (product and its main choices). */
  title: string;
  quantity: number;
  /** Gross prices in minor units. */
  unitPriceMinor: number;
  totalMinor: number;
  /** VAT in percent (19, 8.1, 0). */
  vatRate: number;
  /** Made to the shopper's wishes: no right of withdrawal. */
  personalised: boolean;
  /** The design the line was made from, if any (its proof is the line's picture). */
  designId?: string | null | undefined;
}

/** The VAT contained in the gross amounts of one rate. */
export interface DocumentTaxLine {
  rate: number;
  grossMinor: number;
  taxMinor: number;
}

export interface OrderDocument {
  number: string;
  /** The unguessable token of the order's links. */
  token: string;
  channel: ChannelId;
  locale: Locale;
  country: Country;
  email: string;
  placedAt: Date;
  shippingAddress: DocumentAddress;
  /** Null: the shipping address is the billing address. */
  billingAddress: DocumentAddress | null;
  /** The shipping method's name as shown ("Standard", "Express"). */
  shippingMethod: string;
  /** "test", "invoice", "stripe", "mollie". */
  paymentMethod: string;
  lines: DocumentLine[];
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  totalMinor: number;
  taxLines: DocumentTaxLine[];
  voucherCode?: string | null | undefined;
}

/** The order as the order service shows it: the fields its documents read. */
export interface OrderViewFields {
  orderNumber: string;
  token: string;
  channel: ChannelId;
  locale: Locale;
  country: Country;
  email: string;
  placedAt: string;
  shippingAddress: DocumentAddress;
  billingAddress: DocumentAddress | null;
  shippingMethod: string;
  paymentMethod: string;
  voucherCode: string | null;
  lines: readonly {
    title: string;
    quantity: number;
    unitPriceMinor: number;
    totalMinor: number;
    vatRate: number;
    personalised: boolean;
    designId: string | null;
  }[];
  totals: {
    subtotalMinor: number;
    discountMinor: number;
    shippingMinor: number;
    totalMinor: number;
  };
  taxLines: readonly { rate: number; grossMinor: number; vatMinor: number }[];
}

/** The document form of an order the order service shows. */
export function orderDocumentOf(view: OrderViewFields): OrderDocument {
  return {
    number: view.orderNumber,
    token: view.token,
    channel: view.channel,
    locale: view.locale,
    country: view.country,
    email: view.email,
    placedAt: new Date(view.placedAt),
    shippingAddress: view.shippingAddress,
    billingAddress: view.billingAddress,
    shippingMethod: view.shippingMethod,
    paymentMethod: view.paymentMethod,
    voucherCode: view.voucherCode,
    lines: view.lines.map((l) => ({
      title: l.title,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      totalMinor: l.totalMinor,
      vatRate: l.vatRate,
      personalised: l.personalised,
      designId: l.designId,
    })),
    subtotalMinor: view.totals.subtotalMinor,
    discountMinor: view.totals.discountMinor,
    shippingMinor: view.totals.shippingMinor,
    totalMinor: view.totals.totalMinor,
    taxLines: view.taxLines.map((t) => ({
      rate: t.rate,
      grossMinor: t.grossMinor,
      taxMinor: t.vatMinor,
    })),
  };
}
