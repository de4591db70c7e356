/**
 * Stripe through its hosted Checkout: the shopper pays on Stripe's page (cards, PayPal, Klarna,
 * SEPA, TWINT as the Stripe account offers them); no card data touches the shop. Events are
 * signed (Stripe-Signature, checked with the endpoint's secret); the shop then reads the
 * session from the API, so an event's order of arrival never matters. Every creating call
 * carries an idempotency key.
 */
import Stripe from "stripe";
import {
  ProviderRefused,
  ProviderUnavailable,
  WebhookRejected,
  type PaymentProvider,
  type ProviderPayment,
} from "./provider";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** A stand-in of the API (tests): `http://127.0.0.1:12111`. */
  apiBase?: string;
}

/** Any error that is not Stripe saying no: the provider did not answer. */
function unavailable(error: unknown): never {
  const e = error as { type?: string; statusCode?: number; message?: string };
  if (e.type === "StripeInvalidRequestError" || (e.statusCode && e.statusCode < 500))
    throw new ProviderRefused(e.message ?? "Stripe refused the request");
  throw new ProviderUnavailable("stripe", e.message ?? "Stripe does not answer");
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port,
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });

  async function retrieve(sessionId: string): Promise<ProviderPayment> {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ["payment_intent.latest_charge"],
      });
    } catch (error) {
      unavailable(error);
    }
    const amount = session.amount_total ?? 0;
    const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
    const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    const refunded = charge?.amount_refunded ?? 0;
    const view = (status: ProviderPayment["status"], reason?: string): ProviderPayment => ({
      providerRef: session.id,
      status,
      amountMinor: amount,
      capturedMinor: status === "captured" || refunded > 0 ? amount : 0,
      refundedMinor: refunded,
      ...(reason ? { failureReason: reason } : {}),
    });
    if (refunded > 0) return view(refunded >= amount ? "refunded" : "partly_refunded");
    if (session.payment_status === "paid") return view("captured");
    if (intent?.status === "requires_capture") return view("authorised");
    if (session.status === "expired") return view("failed", "expired");
    if (intent?.status === "canceled") return view("cancelled");
    return view("pending");
  }

  const intentOf = async (sessionId: string) => {
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = session.payment_intent;
      return typeof intent === "string" ? intent : (intent?.id ?? null);
    } catch (error) {
      unavailable(error);
    }
  };

  return {
    id: "stripe",
    productionReady: true,
    async initiate(request) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            customer_email: request.email,
            client_reference_id: request.orderToken,
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
            locale: request.locale.slice(0, 2) as Stripe.Checkout.SessionCreateParams.Locale,
            metadata: { paymentRef: request.paymentRef, orderNumber: request.orderNumber },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency,
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
              },
            ],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new ProviderUnavailable("stripe", "Stripe gave no page");
        return { providerRef: session.id, redirectUrl: session.url };
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw error;
        unavailable(error);
      }
    },
    authorise: retrieve,
    async capture(providerRef, amountMinor, idempotencyKey) {
      const now = await retrieve(providerRef);
      if (now.status !== "authorised") return now;
      const intent = await intentOf(providerRef);
      if (!intent) throw new ProviderRefused("No payment to capture");
      try {
        await stripe.paymentIntents.capture(
          intent,
          { amount_to_capture: amountMinor },
          { idempotencyKey },
        );
      } catch (error) {
        unavailable(error);
      }
      return retrieve(providerRef);
    },
    async refund(providerRef, amountMinor, idempotencyKey) {
      const intent = await intentOf(providerRef);
      if (!intent) throw new ProviderRefused("Nothing was paid");
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: intent, amount: amountMinor },
          { idempotencyKey },
        );
      } catch (error) {
        unavailable(error);
      }
      return { refundRef: refund.id, payment: await retrieve(providerRef) };
    },
    async cancel(providerRef) {
      try {
        await stripe.checkout.sessions.expire(providerRef);
      } catch (error) {
        unavailable(error);
      }
      return { ...(await retrieve(providerRef)), status: "cancelled" };
    },
    retrieve,
    async parseWebhook({ headers, rawBody }) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers["stripe-signature"] ?? "",
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookRejected((error as Error).message);
      }
      const object = event.data.object as { object?: string; id?: string };
      // Checkout sessions name the payment; other events are stored and change nothing.
      const providerRef = object.object === "checkout.session" ? (object.id ?? "") : "";
      return {
        eventId: event.id,
        type: event.type,
        providerRef,
        payment: null,
        payload: { id: event.id, type: event.type, object: providerRef },
      };
    },
  };
}
