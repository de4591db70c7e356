import { describe, expect, it } from "vitest";
import { maskEmail, orderMailProgress } from "./orderMails";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 13, minute));

describe("an order's mails as its page shows them", () => {
  it("hides all of the address but its first letter and its domain", () => {
    expect(maskEmail("anna.schmidt@example.com")).toBe("a***@example.com");
    expect(maskEmail("x@y.ch")).toBe("x***@y.ch");
    expect(maskEmail("broken")).toBe("***");
  });

  it("a hosted payment still open: no mail is due yet", () => {
    const timeline = [{ kind: "placed", toState: "placed", createdAt: at(0) }];
    expect(orderMailProgress(timeline, { boundAtPlacing: false })).toEqual({
      confirmation: null,
      invoice: null,
      waiting: false,
    });
  });

  it("a bank transfer's confirmation is due at once, its invoice only once paid", () => {
    const timeline = [{ kind: "placed", toState: "placed", createdAt: at(0) }];
    expect(orderMailProgress(timeline, { boundAtPlacing: true })).toEqual({
      confirmation: { sent: null },
      invoice: null,
      waiting: true,
    });
    const sent = [...timeline, { kind: "mail.placed", toState: null, createdAt: at(1) }];
    expect(orderMailProgress(sent, { boundAtPlacing: true })).toEqual({
      confirmation: { sent: at(1) },
      invoice: null,
      waiting: false,
    });
  });

  it("once paid both are due; each shows its time once its job sent it", () => {
    const paid = [
      { kind: "placed", toState: "placed", createdAt: at(0) },
      { kind: "state", toState: "paid", createdAt: at(2) },
    ];
    expect(orderMailProgress(paid, { boundAtPlacing: false })).toEqual({
      confirmation: { sent: null },
      invoice: { sent: null },
      waiting: true,
    });
    const confirmed = [...paid, { kind: "mail.placed", toState: null, createdAt: at(3) }];
    expect(orderMailProgress(confirmed, { boundAtPlacing: false })).toMatchObject({
      confirmation: { sent: at(3) },
      invoice: { sent: null },
      waiting: true,
    });
    const all = [...confirmed, { kind: "mail.invoice", toState: null, createdAt: at(4) }];
    expect(orderMailProgress(all, { boundAtPlacing: false })).toEqual({
      confirmation: { sent: at(3) },
      invoice: { sent: at(4) },
      waiting: false,
    });
  });
});
