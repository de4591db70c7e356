/**
 * What providers tell the shop, applied once: a webhook, the shopper's return from the hosted
 * page, and the reconcile job all end in {@link applyProviderPayment}, which in one transaction
 * stores the provider's event (once per provider and event id: a repeated delivery finds its
 * row and changes nothing), moves the payment only forward (a late "pending" after "captured"
 * is noted and ignored), and moves the order through its guarded transitions.
 */
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders, paymentEvents, payments } from "../../db/schema";
import type { OrderState } from "../../domain/checkout/orderStates";
import { JOB_KINDS, recordEvent, type OrderService, type PaymentRow } from "../orders/service";
import { enqueue, type JobQueue } from "../jobs/queue";
import {
  WebhookRejected,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderStatus,
  type WebhookRequest,
} from "./provider";

/** How far along a payment is; a status only ever moves to a higher rank. */
const RANK: Record<ProviderStatus, number> = {
  pending: 0,
  authorised: 1,
  failed: 2,
  cancelled: 2,
  captured: 2,
  partly_refunded: 3,
  refunded: 4,
};

/** True when `to` is news for a payment that is `from` (not a repeat, not a step back). */
export function movesForward(from: ProviderStatus, to: ProviderStatus, refundedMore: boolean) {
  if (from === to) return to === "partly_refunded" && refundedMore;
  if (from === "failed" || from === "cancelled") return false;
  if ((to === "failed" || to === "cancelled") && RANK[from] >= 2) return false;
  return RANK[to] > RANK[from];
}

export type Applied =
  | { applied: true; orderState: OrderState; paymentStatus: ProviderStatus }
  | { applied: false; why: "duplicate" | "stale" | "unknown_payment" };

/** Payments still open after this long are asked about by the reconcile job. */
export const RECONCILE_AFTER_MS = 10 * 60 * 1000;

export function createPaymentService({
  db,
  orders: orderService,
  providers,
}: {
  db: Db;
  orders: OrderService;
  providers: Readonly<Record<string, PaymentProvider>>;
}) {
  async function applyProviderPayment(
    providerId: string,
    state: ProviderPayment,
    source:
      | { kind: "webhook"; eventId: string; type: string; payload: Record<string, unknown> }
      | { kind: "return" | "reconcile" },
  ): Promise<Applied> {
    return db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, providerId), eq(payments.providerRef, state.providerRef)))
        .for("update");
      if (source.kind === "webhook") {
        const stored = await tx
          .insert(paymentEvents)
          .values({
            provider: providerId,
            eventId: source.eventId,
            paymentId: payment?.id ?? null,
            type: source.type,
            payload: source.payload,
          })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (stored.length === 0) return { applied: false, why: "duplicate" } as const;
      }
      if (!payment) return { applied: false, why: "unknown_payment" } as const;
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.id, payment.orderId))
        .for("update");
      const actor = `provider:${providerId}`;
      const from = payment.status as ProviderStatus;
      const refundedMore = state.refundedMinor > payment.refundedMinor;
      if (!movesForward(from, state.status, refundedMore)) {
        if (source.kind === "webhook")
          await recordEvent(tx, payment.orderId, "payment.event_ignored", actor, {
            eventId: source.eventId,
            type: source.type,
            reported: state.status,
            current: from,
          });
        return { applied: false, why: "stale" } as const;
      }
      await tx
        .update(payments)
        .set({
          status: state.status,
          capturedMinor: Math.max(payment.capturedMinor, state.capturedMinor),
          refundedMinor: Math.max(payment.refundedMinor, state.refundedMinor),
          failureReason: state.failureReason ?? payment.failureReason,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, payment.id));
      await recordEvent(tx, payment.orderId, `payment.${state.status}`, actor, {
        via: source.kind,
        ...(source.kind === "webhook" ? { eventId: source.eventId } : {}),
        ...(state.failureReason ? { reason: state.failureReason } : {}),
      });
      let orderState = order!.state as OrderState;
      // An authorisation holds the money: the order counts as paid and a job takes it.
      if (state.status === "authorised")
        await enqueue(tx, {
          kind: JOB_KINDS.capture,
          payload: { paymentId: payment.id },
          uniqueKey: `capture:${payment.id}`,
        });
      if (state.status === "captured" || state.status === "authorised") {
        if (orderState === "placed") {
          const r = await orderService.applyEvent(tx, order!, { type: "pay" }, actor);
          if (r.ok) orderState = r.to;
        } else if (orderState === "cancelled") {
          // Money for an order that no longer stands: the operator must give it back.
          await recordEvent(tx, order!.id, "payment.needs_refund", actor, {
            amountMinor: state.capturedMinor,
          });
        }
      } else if (state.status === "failed" || state.status === "cancelled") {
        if (orderState === "placed") {
          const r = await orderService.applyEvent(tx, order!, { type: "cancel" }, actor, {
            reason: state.failureReason ?? state.status,
          });
          if (r.ok) orderState = r.to;
        }
      } else if (refundedMore) {
        const r = await orderService.applyEvent(
          tx,
          order!,
          {
            type: "refund",
            amountMinor: state.refundedMinor - payment.refundedMinor,
            refundedBeforeMinor: order!.refundedMinor,
            paidMinor: order!.totalMinor,
          },
          actor,
        );
        if (r.ok) orderState = r.to;
      }
      return { applied: true, orderState, paymentStatus: state.status } as const;
    });
  }

  /** Takes an authorised payment's money (a job: the provider is called outside transactions). */
  function registerCapture(queue: JobQueue) {
    queue.register(JOB_KINDS.capture, async (payload) => {
      const [payment] = await db
        .select()
        .from(payments)
        .where(eq(payments.id, Number(payload.paymentId)));
      const provider = payment ? providers[payment.provider] : undefined;
      if (!payment?.providerRef || !provider || payment.status !== "authorised") return;
      const state = await provider.capture(
        payment.providerRef,
        payment.amountMinor,
        `capture-${payment.ref}`,
      );
      await applyProviderPayment(payment.provider, state, { kind: "reconcile" });
    });
  }

  async function paymentByRef(ref: string): Promise<PaymentRow | null> {
    const [row] = await db.select().from(payments).where(eq(payments.ref, ref));
    return row ?? null;
  }

  return {
    applyProviderPayment,
    paymentByRef,
    registerCapture,

    /**
     * A provider's webhook: checked by the provider (signature), then applied. A provider
     * that sends no state with its event (Mollie) is asked for the payment now.
     */
    async webhook(providerId: string, request: WebhookRequest): Promise<Applied> {
      const provider = providers[providerId];
      if (!provider) throw new WebhookRejected(`No provider ${providerId}`);
      const event = await provider.parseWebhook(request);
      const state = event.payment ?? (await provider.retrieve(event.providerRef));
      return applyProviderPayment(providerId, state, {
        kind: "webhook",
        eventId: event.eventId,
        type: event.type,
        payload: event.payload,
      });
    },

    /**
     * The shopper is back from the provider's page: the payment is read from the provider and
     * applied (the webhook may come before or after; whichever is second changes nothing).
     * Works after a restart: everything needed is in the payment's row.
     */
    async returned(ref: string) {
      const payment = await paymentByRef(ref);
      if (!payment) return null;
      const provider = providers[payment.provider];
      if (provider && payment.providerRef && payment.status === "pending") {
        try {
          const state = await provider.retrieve(payment.providerRef);
          await applyProviderPayment(payment.provider, state, { kind: "return" });
        } catch {
          // The provider does not answer now: the webhook or the reconcile job will tell.
        }
      }
      const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
      const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
      return {
        orderToken: order!.token,
        locale: order!.locale,
        country: order!.country,
        orderState: order!.state as OrderState,
        paymentStatus: after!.status as ProviderStatus,
        failureReason: after!.failureReason,
      };
    },

    /**
     * Asks the providers about payments still pending after {@link RECONCILE_AFTER_MS} (a lost
     * webhook, a shopper who never came back). Bank transfers wait for the operator.
     */
    async reconcile(now = new Date()) {
      const before = new Date(now.getTime() - RECONCILE_AFTER_MS);
      const open = await db
        .select()
        .from(payments)
        .where(
          and(inArray(payments.status, ["pending", "authorised"]), lt(payments.updatedAt, before)),
        )
        .limit(100);
      let changed = 0;
      for (const payment of open) {
        const provider = providers[payment.provider];
        if (!provider || provider.id === "invoice" || !payment.providerRef) continue;
        let state: ProviderPayment;
        try {
          state = await provider.retrieve(payment.providerRef);
        } catch (error) {
          // A test payment forgotten by a restart is lost: it counts as failed.
          if (provider.id === "test" && (error as Error).name === "ProviderRefused")
            state = {
              providerRef: payment.providerRef,
              status: "failed",
              amountMinor: payment.amountMinor,
              capturedMinor: 0,
              refundedMinor: 0,
              failureReason: "expired",
            };
          else continue;
        }
        const result = await applyProviderPayment(payment.provider, state, { kind: "reconcile" });
        if (result.applied) changed += 1;
        else await db.update(payments).set({ updatedAt: now }).where(eq(payments.id, payment.id));
      }
      return { checked: open.length, changed };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
