import { describe, expect, it } from "vitest";
import { LOCALES } from "../../domain/locales";
import { contactReceiptMail, contactServiceMail } from "./contactMails";

const MESSAGE = {
  name: "Mallory Prize",
  email: "victim@example.com",
  topic: "You won",
  orderNumber: "CD-2026-999999",
  message: "Claim your prize at https://evil.example/claim before midnight.",
};

describe("the contact form's mails", () => {
  it.each(LOCALES)(
    "sends the shopper in %s a receipt with the brand and nothing they typed",
    (locale) => {
      for (const channel of ["cards", "wallart"] as const) {
        const receipt = contactReceiptMail(
          MESSAGE.email,
          { channel, locale },
          "service@shop.example",
        );
        expect(receipt).toMatchObject({
          recipient: "victim@example.com",
          replyTo: "service@shop.example",
          kind: "contact-form-receipt",
        });
        expect(receipt.subject).toContain(channel === "cards" ? "Cardelia" : "Wallora");
        for (const typed of ["Mallory", "You won", "CD-2026", "evil.example", "Claim"]) {
          expect(receipt.text).not.toContain(typed);
          expect(receipt.html).not.toContain(typed);
          expect(receipt.subject).not.toContain(typed);
        }
      }
    },
  );

  it("gives customer service the whole message, answers going to the shopper", () => {
    const mail = contactServiceMail(
      MESSAGE,
      { channel: "cards", locale: "de-DE" },
      "s@shop.example",
    );
    expect(mail.replyTo).toBe("victim@example.com");
    expect(mail.text).toContain("Claim your prize at https://evil.example/claim");
    expect(mail.text).toContain("CD-2026-999999");
  });
});
