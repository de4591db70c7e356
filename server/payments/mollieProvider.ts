/**
 * Mollie's hosted payment page (cards, PayPal, Klarna, SEPA, TWINT, iDEAL, Bancontact as the
 * Mollie profile offers them). Mollie's webhook carries only a payment id and no signature:
 * the shop fetches that payment from the API, so what it applies always comes from Mollie
 * itself. The fetched state names the event (`id:status:refunded`), so a repeated call with
 * nothing new is stored once and changes nothing.
 */
import createMollieClient, {
  PaymentStatus,
  type MollieClient,
  type Payment,
} from "@mollie/api-client";
import {
  ProviderRefused,
  ProviderUnavailable,
  WebhookRejected,
  type PaymentProvider,
  type ProviderPayment,
} from "./provider";

export interface MollieOptions {
  apiKey: string;
  /** A stand-in of the API (tests): `http://127.0.0.1:12112/v2/`. */
  apiEndpoint?: string;
}

const minor = (value: string | undefined) => (value ? Math.round(Number(value) * 100) : 0);

function failed(error: unknown): never {
  const e = error as { statusCode?: number; message?: string };
  if (e.statusCode && e.statusCode < 500) throw new ProviderRefused(e.message ?? "Mollie refused");
  throw new ProviderUnavailable("mollie", e.message ?? "Mollie does not answer");
}

/** Mollie's payment as the shop's provider state. */
export function mollieState(
  payment: Pick<Payment, "id" | "status" | "amount" | "amountRefunded">,
): ProviderPayment {
  const amount = minor(payment.amount.value);
  const refunded = minor(payment.amountRefunded?.value);
  const base = { providerRef: payment.id, amountMinor: amount, refundedMinor: refunded };
  switch (payment.status) {
    case PaymentStatus.paid:
      return {
        ...base,
        capturedMinor: amount,
        status: refunded === 0 ? "captured" : refunded >= amount ? "refunded" : "partly_refunded",
      };
    case PaymentStatus.authorized:
      return { ...base, capturedMinor: 0, status: "authorised" };
    case PaymentStatus.failed:
      return { ...base, capturedMinor: 0, status: "failed", failureReason: "declined" };
    case PaymentStatus.expired:
      return { ...base, capturedMinor: 0, status: "failed", failureReason: "expired" };
    case PaymentStatus.canceled:
      return { ...base, capturedMinor: 0, status: "cancelled" };
    default:
      return { ...base, capturedMinor: 0, status: "pending" };
  }
}

export function createMollieProvider(options: MollieOptions): PaymentProvider {
  const mollie: MollieClient = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
  });
  const retrieve = async (id: string) => {
    try {
      return mollieState(await mollie.payments.get(id));
    } catch (error) {
      failed(error);
    }
  };
  return {
    id: "mollie",
    productionReady: true,
    async initiate(request) {
      try {
        const payment = await mollie.payments.create({
          amount: {
            currency: request.currency.toUpperCase(),
            value: (request.amountMinor / 100).toFixed(2),
          },
          description: request.description,
          redirectUrl: request.returnUrl,
          webhookUrl: request.webhookUrl,
          locale: request.locale.replace("-", "_") as never,
          metadata: { paymentRef: request.paymentRef, orderNumber: request.orderNumber },
          idempotencyKey: request.idempotencyKey,
        });
        const url = payment.getCheckoutUrl();
        if (!url) throw new ProviderUnavailable("mollie", "Mollie gave no page");
        return { providerRef: payment.id, redirectUrl: url };
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw error;
        failed(error);
      }
    },
    authorise: retrieve,
    async capture(providerRef, amountMinor, idempotencyKey) {
      const now = await retrieve(providerRef);
      if (now.status !== "authorised") return now;
      try {
        const payment = await mollie.payments.get(providerRef);
        await mollie.paymentCaptures.create({
          paymentId: providerRef,
          amount: { currency: payment.amount.currency, value: (amountMinor / 100).toFixed(2) },
          idempotencyKey,
        });
      } catch (error) {
        failed(error);
      }
      return retrieve(providerRef);
    },
    async refund(providerRef, amountMinor, idempotencyKey) {
      const payment = await mollie.payments.get(providerRef).catch(failed);
      try {
        const refund = await mollie.paymentRefunds.create({
          paymentId: providerRef,
          amount: { currency: payment.amount.currency, value: (amountMinor / 100).toFixed(2) },
          idempotencyKey,
        });
        return { refundRef: refund.id, payment: await retrieve(providerRef) };
      } catch (error) {
        failed(error);
      }
    },
    async cancel(providerRef) {
      try {
        return mollieState(await mollie.payments.cancel(providerRef));
      } catch (error) {
        failed(error);
      }
    },
    retrieve,
    async parseWebhook({ rawBody }) {
      const id = new URLSearchParams(rawBody).get("id") ?? "";
      if (!/^tr_[A-Za-z0-9]{4,40}$/.test(id)) throw new WebhookRejected("No payment id");
      let state: ProviderPayment;
      try {
        state = await retrieve(id);
      } catch (error) {
        // An id Mollie does not know is no event of ours.
        if (error instanceof ProviderRefused) throw new WebhookRejected("Unknown payment");
        throw error;
      }
      return {
        eventId: `${id}:${state.status}:${state.refundedMinor}`,
        type: `payment.${state.status}`,
        providerRef: id,
        payment: state,
        payload: { id },
      };
    },
  };
}
