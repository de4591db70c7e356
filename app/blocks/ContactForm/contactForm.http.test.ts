/**
 * The contact form on the seed's contact page over HTTP, as a browser without JavaScript
 * sees it: the form with the contact person, and a plain form post that answers the page
 * with each field's problem and what the shopper typed, the spam-protection problem, or
 * the thanks.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { encodeSpamToken } from "../../../server/customers/spamProtection";
import { useTestShop } from "../../../server/testing/shop";

const PAGE = "http://localhost/service/kontakt";
const UID = "cards-de-de-contact-form";

describe("the contact form without JavaScript", () => {
  const test = useTestShop(
    { CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" },
    { catalogue: false },
  );

  const post = (fields: Record<string, string>) =>
    test.request(PAGE, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost",
      },
      body: new URLSearchParams(fields).toString(),
    });
  const mailCount = async () => (await test.services.customers.mailer.latest(100)).length;
  /** The contact form's part of a page. */
  const formOf = (html: string) =>
    html.slice(
      html.indexOf('class="contact-form"'),
      html.indexOf("</section>", html.indexOf('class="contact-form"')),
    );

  it("shows the form with the contact person on the contact page", async () => {
    const response = await test.request(PAGE);
    expect(response.status).toBe(200);
    const html = formOf(await response.text());
    expect(html).toContain("Schreiben Sie uns");
    expect(html).toContain("Miriam Albers");
    expect(html).toContain("Leiterin Kundenservice");
    expect(html).toContain('<option value="Frage zu meiner Bestellung">');
    expect(html).toContain('name="orderNumber"');
    expect(html).toContain(`action="/service/kontakt#contact-form-${UID}"`);
    expect(html).toContain(`name="contactForm" value="${UID}"`);
  });

  it("answers a post with the problem of each field and what the shopper typed", async () => {
    const before = await mailCount();
    const response = await post({
      contactForm: UID,
      name: "",
      email: "anna",
      topic: "Sonstiges",
      orderNumber: "",
      message: "Hallo <b>",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = formOf(await response.text());
    expect(html).toContain("Bitte geben Sie Ihren Namen ein.");
    expect(html).toContain("Bitte geben Sie eine gültige E-Mail-Adresse ein");
    expect(html).toContain("Bitte schreiben Sie mindestens 10 Zeichen.");
    expect(html).toMatch(/aria-invalid="true"[^>]*name="name"|name="name"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="anna"');
    expect(html).toMatch(/<option value="Sonstiges" selected="">/);
    expect(html).toContain("Hallo &lt;b&gt;</textarea>");
    expect(await mailCount()).toBe(before);
  });

  it("refuses a complete message without a solved challenge, says why and keeps it", async () => {
    const before = await mailCount();
    const response = await post({
      contactForm: UID,
      name: "Anna Schmidt",
      email: "anna@example.de",
      topic: "Sonstiges",
      message: "Bitte rufen Sie mich zurück.",
    });
    expect(response.status).toBe(403);
    const html = formOf(await response.text());
    expect(html).toContain("Spam-Prüfung fehlgeschlagen");
    expect(html).toContain('value="Anna Schmidt"');
    expect(html).toContain("Bitte rufen Sie mich zurück.</textarea>");
    expect(await mailCount()).toBe(before);
  });

  it("sends a message with a solved challenge and shows the thanks", async () => {
    const before = await mailCount();
    const challenge = (await (
      await test.request("http://localhost/web-api/contact-form-challenge?action=contactForm")
    ).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const response = await post({
      contactForm: UID,
      name: "Anna Schmidt",
      email: "anna@example.de",
      topic: "Sonstiges",
      message: "Bitte rufen Sie mich zurück.",
      token: encodeSpamToken({ challenge, solution }),
    });
    expect(response.status).toBe(200);
    const html = formOf(await response.text());
    expect(html).toContain("Vielen Dank für Ihre Nachricht!");
    expect(html).not.toContain("<form");
    const mails = (await test.services.customers.mailer.latest(2)).reverse();
    expect(await mailCount()).toBe(before + 2);
    expect(mails.map((m) => [m.recipient, m.replyTo])).toEqual([
      ["service@cardelia.example", "anna@example.de"],
      ["anna@example.de", "service@cardelia.example"],
    ]);
  });

  it("takes no other form post on a content page", async () => {
    const response = await post({ name: "Anna" });
    expect(response.status).toBe(405);
  });
});
