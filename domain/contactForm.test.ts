import { describe, expect, it } from "vitest";
import {
  CONTACT_FORM_LIMITS,
  contactFormValues,
  readContactForm,
  serviceAddressOf,
} from "./contactForm";

const valid = {
  name: " Anna Schmidt ",
  email: " anna@example.de ",
  topic: "Frage zu meiner Bestellung",
  orderNumber: " CD-2026-000123 ",
  message: "Wo bleibt meine Bestellung?\nDanke!",
};

describe("the contact form's fields", () => {
  it("takes a complete message, trimmed, with the line breaks of the message kept", () => {
    expect(readContactForm(valid)).toEqual({
      ok: true,
      data: {
        name: "Anna Schmidt",
        email: "anna@example.de",
        topic: "Frage zu meiner Bestellung",
        orderNumber: "CD-2026-000123",
        message: "Wo bleibt meine Bestellung?\nDanke!",
      },
    });
  });

  it("leaves an empty or absent order number out", () => {
    const withEmpty = readContactForm({ ...valid, orderNumber: "  " });
    const without = readContactForm({ ...valid, orderNumber: undefined });
    expect(withEmpty.ok && withEmpty.data.orderNumber).toBeUndefined();
    expect(without.ok && without.data.orderNumber).toBeUndefined();
  });

  it("names an empty or missing field as required", () => {
    expect(readContactForm({ orderNumber: "" })).toEqual({
      ok: false,
      errors: { name: "required", email: "required", topic: "required", message: "required" },
    });
    expect(readContactForm(null)).toMatchObject({ ok: false, errors: { name: "required" } });
    expect(readContactForm({ ...valid, name: 42 })).toEqual({
      ok: false,
      errors: { name: "required" },
    });
  });

  it("names a malformed address and order number as invalid", () => {
    expect(readContactForm({ ...valid, email: "anna", orderNumber: "<script>" })).toEqual({
      ok: false,
      errors: { email: "invalid", orderNumber: "invalid" },
    });
  });

  it("keeps line breaks out of the one-line fields, so nothing reaches a mail header", () => {
    expect(readContactForm({ ...valid, name: "Anna\r\nBcc: x@example.de", topic: "A\nB" })).toEqual(
      { ok: false, errors: { name: "invalid", topic: "invalid" } },
    );
  });

  it("names a message below or above its length as too short or too long", () => {
    expect(readContactForm({ ...valid, message: "Hallo" })).toEqual({
      ok: false,
      errors: { message: "tooShort" },
    });
    expect(
      readContactForm({ ...valid, message: "x".repeat(CONTACT_FORM_LIMITS.message + 1) }),
    ).toEqual({ ok: false, errors: { message: "tooLong" } });
    expect(readContactForm({ ...valid, message: "x".repeat(CONTACT_FORM_LIMITS.message) }).ok).toBe(
      true,
    );
    expect(readContactForm({ ...valid, name: "x".repeat(101) })).toEqual({
      ok: false,
      errors: { name: "tooLong" },
    });
  });

  it("gives back what was typed as text, shortened and without other types", () => {
    expect(contactFormValues({ name: "Anna", email: 7, message: "x".repeat(20_000) })).toEqual({
      name: "Anna",
      email: "",
      topic: "",
      orderNumber: "",
      message: "x".repeat(CONTACT_FORM_LIMITS.message * 2),
    });
  });
});

describe("the service address of the global configuration", () => {
  it("is the help section's address, as a list of one block or a block", () => {
    expect(serviceAddressOf({ helpChat: [{ email: " service@cardelia.example " }] })).toBe(
      "service@cardelia.example",
    );
    expect(serviceAddressOf({ helpChat: { email: "hilfe@wallora.example" } })).toBe(
      "hilfe@wallora.example",
    );
  });

  it("is none without a help section or with an address that is no plain address", () => {
    expect(serviceAddressOf(undefined)).toBeNull();
    expect(serviceAddressOf({ component: "GlobalConfig" })).toBeNull();
    expect(serviceAddressOf({ helpChat: [{ email: "" }] })).toBeNull();
    expect(serviceAddressOf({ helpChat: [{ email: "Service <s@x.de>" }] })).toBeNull();
    expect(serviceAddressOf({ helpChat: [{ email: "s@x.de\r\nBcc: y@x.de" }] })).toBeNull();
  });
});
