/**
 * Payment by invoice (bank transfer): usable in production with nothing outside the shop.
 * The order is placed unpaid with instructions: the shop's account, the order number as the
 * reference, and a QR code a banking app reads: an EPC code ("GiroCode") for euro shops, the
 * Swiss QR-bill's payment part for CHF. Money arriving is seen by a person: the operator marks
 * the order paid (capture), so retrieve always answers what the shop was last told.
 */
import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { SwissQRBill } from "swissqrbill/svg";
import {
  ProviderRefused,
  WebhookRejected,
  type PaymentInstructions,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderPayment,
} from "./provider";

/** The account a brand is paid into, per currency. */
export interface BankAccount {
  beneficiary: string;
  iban: string;
  bic: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

/** The shop's accounts (configuration: the seller's own details go here). */
export const BANK_ACCOUNTS: Readonly<Record<string, BankAccount>> = {
  eur: {
    beneficiary: "Cardelia Wallora GmbH",
    iban: "DE02120300000000202051",
    bic: "BYLADEM1001",
    street: "Friedrichstraße 100",
    postalCode: "10117",
    city: "Berlin",
    country: "DE",
  },
  chf: {
    beneficiary: "Cardelia Wallora AG",
    iban: "CH9300762011623852957",
    bic: null,
    street: "Bahnhofstrasse 10",
    postalCode: "8001",
    city: "Zürich",
    country: "CH",
  },
  gbp: {
    beneficiary: "Cardelia Wallora Ltd",
    iban: "GB33BUKB20201555555555",
    bic: "BUKBGB22",
    street: "1 King Street",
    postalCode: "EC2V 8AU",
    city: "London",
    country: "GB",
  },
  usd: {
    beneficiary: "Cardelia Wallora GmbH",
    iban: "DE02120300000000202051",
    bic: "BYLADEM1001",
    street: "Friedrichstraße 100",
    postalCode: "10117",
    city: "Berlin",
    country: "DE",
  },
};

/** The EPC069-12 payload of a euro credit transfer (version 002, UTF-8). */
export function epcPayload(account: BankAccount, amountMinor: number, reference: string): string {
  return [
    "BCD",
    "002",
    "1",
    "SCT",
    account.bic ?? "",
    account.beneficiary.slice(0, 70),
    account.iban,
    `EUR${(amountMinor / 100).toFixed(2)}`,
    "",
    "",
    reference.slice(0, 140),
  ].join("\n");
}

/** The QR-bill's payment part for a CHF invoice, as SVG. */
export function swissQrBillSvg(
  account: BankAccount,
  amountMinor: number,
  reference: string,
  request: Pick<PaymentRequest, "billingName" | "billingAddress" | "locale">,
): string {
  const language = request.locale.slice(0, 2).toUpperCase();
  const bill = new SwissQRBill(
    {
      currency: "CHF",
      amount: amountMinor / 100,
      message: reference,
      creditor: {
        account: account.iban,
        name: account.beneficiary,
        address: account.street,
        zip: account.postalCode,
        city: account.city,
        country: account.country,
      },
      debtor: {
        name: request.billingName.slice(0, 70),
        address: request.billingAddress.street.slice(0, 70),
        zip: request.billingAddress.postalCode,
        city: request.billingAddress.city.slice(0, 35),
        country: request.billingAddress.country,
      },
    },
    { language: (["DE", "EN", "IT", "FR"].includes(language) ? language : "DE") as "DE" },
  );
  return bill.toString();
}

/** The instructions for one order. */
export async function transferInstructions(request: PaymentRequest): Promise<PaymentInstructions> {
  const account = BANK_ACCOUNTS[request.currency] ?? BANK_ACCOUNTS.eur!;
  const reference = request.orderNumber;
  const swiss = request.currency === "chf";
  const qrSvg = swiss
    ? swissQrBillSvg(account, request.amountMinor, reference, request)
    : await QRCode.toString(epcPayload(account, request.amountMinor, reference), {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 2,
      });
  return {
    kind: "bank_transfer",
    beneficiary: account.beneficiary,
    iban: account.iban,
    bic: account.bic,
    reference,
    amountMinor: request.amountMinor,
    currency: request.currency,
    qrKind: swiss ? "swiss_qr_bill" : "epc",
    qrSvg,
  };
}

export function createInvoiceProvider(): PaymentProvider {
  // What the shop told this provider; the shop's payment row is the record that lasts.
  const known = new Map<string, ProviderPayment>();
  const refunds = new Map<string, { refundRef: string; payment: ProviderPayment }>();
  const get = (providerRef: string): ProviderPayment =>
    known.get(providerRef) ?? {
      providerRef,
      status: "pending",
      amountMinor: 0,
      capturedMinor: 0,
      refundedMinor: 0,
    };
  return {
    id: "invoice",
    productionReady: true,
    async initiate(request) {
      const providerRef = `inv_${request.paymentRef}`;
      if (!known.has(providerRef))
        known.set(providerRef, {
          providerRef,
          status: "pending",
          amountMinor: request.amountMinor,
          capturedMinor: 0,
          refundedMinor: 0,
        });
      return { providerRef, instructions: await transferInstructions(request) };
    },
    async authorise(providerRef) {
      return get(providerRef);
    },
    async capture(providerRef, amountMinor) {
      const p = get(providerRef);
      if (p.status !== "pending" && p.status !== "captured")
        throw new ProviderRefused(`Cannot mark a ${p.status} transfer paid`);
      const next = {
        ...p,
        status: "captured" as const,
        amountMinor: p.amountMinor || amountMinor,
        capturedMinor: amountMinor,
      };
      known.set(providerRef, next);
      return next;
    },
    async refund(providerRef, amountMinor, idempotencyKey) {
      const done = refunds.get(idempotencyKey);
      if (done) return done;
      const p = get(providerRef);
      if (p.status !== "captured" && p.status !== "partly_refunded")
        throw new ProviderRefused(`Cannot refund a ${p.status} transfer`);
      if (amountMinor <= 0 || p.refundedMinor + amountMinor > p.capturedMinor)
        throw new ProviderRefused("Refund exceeds the amount paid");
      const refundedMinor = p.refundedMinor + amountMinor;
      const next: ProviderPayment = {
        ...p,
        refundedMinor,
        status: refundedMinor === p.capturedMinor ? "refunded" : "partly_refunded",
      };
      known.set(providerRef, next);
      // The money goes back by a transfer the operator makes; this is its reference.
      const result = { refundRef: `ir_${randomBytes(8).toString("hex")}`, payment: next };
      refunds.set(idempotencyKey, result);
      return result;
    },
    async cancel(providerRef) {
      const p = get(providerRef);
      if (p.status !== "pending" && p.status !== "cancelled")
        throw new ProviderRefused(`Cannot cancel a ${p.status} transfer`);
      const next = { ...p, status: "cancelled" as const };
      known.set(providerRef, next);
      return next;
    },
    async retrieve(providerRef) {
      return get(providerRef);
    },
    async parseWebhook() {
      // A bank transfer has no one to post events: the operator marks it paid.
      throw new WebhookRejected("The invoice method takes no webhooks");
    },
  };
}
