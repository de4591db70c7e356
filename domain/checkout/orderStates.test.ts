import { describe, expect, it } from "vitest";
import {
  canHappen,
  ORDER_STATES,
  transition,
  type OrderEventType,
  type OrderState,
} from "./orderStates";

const EVENTS: OrderEventType[] = ["pay", "start_production", "ship", "deliver", "cancel", "refund"];
const possible = (from: OrderState) => EVENTS.filter((type) => canHappen(from, type));

const refund = (amountMinor: number, refundedBeforeMinor = 0, paidMinor = 5000) =>
  ({ type: "refund", amountMinor, refundedBeforeMinor, paidMinor }) as const;

describe("order state table", () => {
  it("walks the happy path placed → paid → in production → shipped → delivered", () => {
    let state: OrderState = "placed";
    for (const type of ["pay", "start_production", "ship", "deliver"] as const) {
      const r = transition(state, { type });
      expect(r.ok, `${type} from ${state}`).toBe(true);
      if (r.ok) state = r.to;
    }
    expect(state).toBe("delivered");
  });

  it("refuses skipping a step or going back", () => {
    expect(transition("placed", { type: "ship" })).toEqual({
      ok: false,
      from: "placed",
      reason: "not_allowed",
    });
    expect(transition("paid", { type: "pay" }).ok).toBe(false);
    expect(transition("shipped", { type: "start_production" }).ok).toBe(false);
    expect(transition("delivered", { type: "ship" }).ok).toBe(false);
  });

  it("cancels only before production", () => {
    expect(transition("placed", { type: "cancel" })).toMatchObject({ ok: true, to: "cancelled" });
    expect(transition("paid", { type: "cancel" })).toMatchObject({ ok: true, to: "cancelled" });
    expect(transition("in_production", { type: "cancel" }).ok).toBe(false);
    expect(transition("shipped", { type: "cancel" }).ok).toBe(false);
  });

  it("nothing leaves a cancelled or fully refunded order", () => {
    for (const from of ["cancelled", "refunded"] as const) {
      expect(possible(from)).toEqual([]);
    }
  });

  it("refunds in part and then in full, never more than was paid", () => {
    expect(transition("shipped", refund(1000))).toMatchObject({ ok: true, to: "partly_refunded" });
    expect(transition("partly_refunded", refund(4000, 1000))).toMatchObject({
      ok: true,
      to: "refunded",
    });
    expect(transition("partly_refunded", refund(4001, 1000))).toMatchObject({
      ok: false,
      reason: "invalid_amount",
    });
    expect(transition("paid", refund(0))).toMatchObject({ ok: false, reason: "invalid_amount" });
    expect(transition("placed", refund(100))).toMatchObject({ ok: false, reason: "not_allowed" });
  });

  it("a partly refunded order is still made and sent", () => {
    expect(transition("partly_refunded", { type: "ship" })).toMatchObject({
      ok: true,
      to: "shipped",
    });
  });

  it("every state but the two ends lets something happen; a placed order is paid or cancelled", () => {
    for (const s of ORDER_STATES)
      expect(possible(s).length > 0, s).toBe(s !== "cancelled" && s !== "refunded");
    expect(possible("placed")).toEqual(["pay", "cancel"]);
  });
});
