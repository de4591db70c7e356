/**
 * One interface for every way of paying. The shop never sees card data: a provider either
 * sends the shopper to its own hosted page (`redirectUrl`) or answers with instructions for a
 * bank transfer. What a provider says afterwards (a return from its page, a webhook, a
 * reconcile run) is always read back as a {@link ProviderPayment} and applied by the payment
 * service through the order's guarded transitions.
 */

/** What the shop asks a provider to collect. */
export interface PaymentRequest {
  /** The shop's own id of this payment (also the idempotency scope of provider calls). */
  paymentRef: string;
  idempotencyKey: string;
  orderNumber: string;
  orderToken: string;
  amountMinor: number;
  /** Lower-case ISO code as the shop keeps it ("eur", "chf", ...). */
  currency: string;
  country: string;
  locale: string;
  email: string;
  description: string;
  /** Where the provider's page sends the shopper back. */
  returnUrl: string;
  /** Where the provider posts its events. */
  webhookUrl: string;
  /** The debtor, for transfer slips. */
  billingName: string;
  billingAddress: { street: string; postalCode: string; city: string; country: string };
}

/** Bank-transfer instructions with the QR code a banking app reads. */
export interface PaymentInstructions {
  kind: "bank_transfer";
  beneficiary: string;
  iban: string;
  bic: string | null;
  reference: string;
  amountMinor: number;
  currency: string;
  /** "epc" (GiroCode) for euro shops, "swiss_qr_bill" for CHF. */
  qrKind: "epc" | "swiss_qr_bill";
  /** The QR code (or the whole QR-bill payment part) as SVG markup. */
  qrSvg: string;
}

export type Initiated =
  | { providerRef: string; redirectUrl: string }
  | { providerRef: string; instructions: PaymentInstructions };

export type ProviderStatus =
  "pending" | "authorised" | "captured" | "failed" | "cancelled" | "refunded" | "partly_refunded";

/** A payment as the provider knows it now. */
export interface ProviderPayment {
  providerRef: string;
  status: ProviderStatus;
  amountMinor: number;
  capturedMinor: number;
  refundedMinor: number;
  /** Why a payment failed: "declined", "provider_error", "expired", ... */
  failureReason?: string | undefined;
}

/** An event a provider posted, checked (signature) and read. */
export interface WebhookEvent {
  eventId: string;
  providerRef: string;
  type: string;
  /** The state the event reports, when the provider sends it; else the shop retrieves it. */
  payment: ProviderPayment | null;
  payload: Record<string, unknown>;
}

export interface WebhookRequest {
  headers: Record<string, string | undefined>;
  rawBody: string;
}

export interface PaymentProvider {
  readonly id: string;
  /** True when the provider may run in production. */
  readonly productionReady: boolean;
  initiate(request: PaymentRequest): Promise<Initiated>;
  /** Reads the authorisation the shopper gave on the provider's page. */
  authorise(providerRef: string): Promise<ProviderPayment>;
  capture(
    providerRef: string,
    amountMinor: number,
    idempotencyKey: string,
  ): Promise<ProviderPayment>;
  refund(
    providerRef: string,
    amountMinor: number,
    idempotencyKey: string,
  ): Promise<{ refundRef: string; payment: ProviderPayment }>;
  cancel(providerRef: string): Promise<ProviderPayment>;
  retrieve(providerRef: string): Promise<ProviderPayment>;
  /** Checks and reads an event; throws {@link WebhookRejected} for a bad signature or body. */
  parseWebhook(request: WebhookRequest): Promise<WebhookEvent>;
}

/** The provider did not answer or answered with a server error: nothing was charged. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = "ProviderUnavailable";
  }
}

/** A webhook whose signature or body is wrong. */
export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookRejected";
  }
}

/** The provider refused an operation in the payment's state (e.g. refund of an unpaid one). */
export class ProviderRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderRefused";
  }
}
