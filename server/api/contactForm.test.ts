/**
 * The contact form through the shop API on PGlite and PostgreSQL, with the seed content: a
 * message with a solved spam-protection challenge goes through the outbox to the service
 * address of the brand and country (answers to the shopper), the shopper gets a short
 * receipt without anything they typed;
 * without a solution, with a used one, with wrong fields or too often it is refused and
 * nothing is mailed.
 */
import path from "node:path";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { hit } from "../../db/throttle";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import {
  CONTACT_MESSAGES_PER_ADDRESS,
  CONTACT_MESSAGES_PER_SENDER,
  contactThrottleKeys,
  createContactForm,
} from "../customers/contactForm";
import { encodeSpamToken } from "../customers/spamProtection";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

const MESSAGE = {
  name: "Anna Schmidt",
  email: "anna@example.de",
  topic: "Frage zu meiner Bestellung",
  orderNumber: "CD-2026-000123",
  message: "Meine Karten sind noch nicht angekommen.\nKönnen Sie nachsehen?",
};

describe.each(TEST_DATABASES)("the contact form on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  async function solvedToken(action = "contactForm", host = "localhost"): Promise<string> {
    const challengePath =
      action === "newsletterContainer" ? "newsletter-challenge" : "contact-form-challenge";
    const response = await api.request(`http://${host}/web-api/${challengePath}?action=${action}`, {
      headers: { host },
    });
    const challenge = (await response.json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return encodeSpamToken({ challenge, solution });
  }

  const send = (
    body: Record<string, unknown>,
    options: { host?: string; headers?: Record<string, string> } = {},
  ) => {
    const host = options.host ?? "localhost";
    return api.request(`http://${host}/web-api/contact-form`, {
      method: "POST",
      headers: {
        host,
        origin: `http://${host}`,
        "content-type": "application/json",
        ...options.headers,
      },
      body: JSON.stringify(body),
    });
  };

  /** The mails of the outbox written since `since` (an id), oldest first. */
  async function mailsSince(since: number) {
    return (await services.customers.mailer.latest(100)).filter((m) => m.id > since).reverse();
  }
  async function lastMailId() {
    return (await services.customers.mailer.latest(1))[0]?.id ?? 0;
  }

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "content");
    services = await createTestServices(database, {
      CONTENT_DIR: path.resolve("content"),
      CONTENT_IMPORT_ON_START: "true",
    });
    api = createApi(services, storefront);
  }, 180_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("mails the message to the brand's service address with the shopper as Reply-To, and the shopper a receipt without the message", async () => {
    const before = await lastMailId();
    const response = await send({ ...MESSAGE, token: await solvedToken() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true });
    const [service, copy] = await mailsSince(before);
    expect(service).toMatchObject({
      channel: "cards",
      kind: "contact-form",
      recipient: "service@cardelia.example",
      replyTo: "anna@example.de",
      subject: "Kontaktformular: Frage zu meiner Bestellung – Anna Schmidt",
    });
    expect(service?.text).toContain("Bestellnummer: CD-2026-000123");
    expect(service?.text).toContain("Meine Karten sind noch nicht angekommen.\nKönnen Sie");
    expect(service?.html).toContain("Meine Karten sind noch nicht angekommen.<br>");
    expect(copy).toMatchObject({
      channel: "cards",
      kind: "contact-form-receipt",
      recipient: "anna@example.de",
      replyTo: "service@cardelia.example",
      subject: "Ihre Nachricht an Cardelia",
    });
    expect(copy?.text).toMatch(/^Guten Tag,/);
    // Nothing the sender typed reaches the address they typed.
    for (const typed of ["Anna", "Frage zu meiner", "CD-2026", "Meine Karten", "Können Sie"]) {
      expect(copy?.text).not.toContain(typed);
      expect(copy?.html).not.toContain(typed);
    }
  });

  it("writes in the language of the shopper's page to the service of the host's brand", async () => {
    const before = await lastMailId();
    const host = "ch.wallart.localhost";
    const response = await send(
      {
        name: "Luc Martin",
        email: "luc@example.ch",
        topic: "Formats et matériaux",
        message: "Quel format pour un salon de 4 mètres ?",
        token: await solvedToken("contactForm", host),
      },
      { host, headers: { "x-locale": "fr-CH" } },
    );
    expect(response.status).toBe(200);
    const [service, copy] = await mailsSince(before);
    expect(service).toMatchObject({
      channel: "wallart",
      recipient: "service@wallora.example",
      replyTo: "luc@example.ch",
      subject: "Formulaire de contact : Formats et matériaux – Luc Martin",
    });
    expect(service?.text).not.toContain("Numéro de commande");
    expect(copy).toMatchObject({ recipient: "luc@example.ch", subject: "Votre message à Wallora" });
  });

  it("escapes what the shopper typed in the service mail's HTML", async () => {
    const before = await lastMailId();
    const response = await send({
      ...MESSAGE,
      name: "Anna <b>Schmidt</b>",
      message: '<img src=x onerror="alert(1)"> Wo ist meine Bestellung?',
      token: await solvedToken(),
    });
    expect(response.status).toBe(200);
    const [service, receipt] = await mailsSince(before);
    expect(service?.html).not.toContain("<img");
    expect(service?.html).not.toContain("<b>");
    expect(service?.html).toContain("&#60;img src=x");
    expect(receipt?.html).not.toContain("img src");
  });

  it("refuses a message without a solved challenge, with a used one or one for another form, and mails nothing", async () => {
    const before = await lastMailId();
    const missing = await send({ ...MESSAGE });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ error: "spam_protection" });
    const forged = await send({
      ...MESSAGE,
      token: encodeSpamToken({ challenge: {}, solution: {} }),
    });
    expect(forged.status).toBe(403);
    const newsletter = await send({ ...MESSAGE, token: await solvedToken("newsletterContainer") });
    expect(newsletter.status).toBe(403);
    expect(await mailsSince(before)).toEqual([]);

    const token = await solvedToken();
    expect((await send({ ...MESSAGE, token })).status).toBe(200);
    const again = await send({ ...MESSAGE, message: "Noch eine Nachricht dazu.", token });
    expect(again.status).toBe(403);
    expect(await mailsSince(before)).toHaveLength(2);
  });

  it("names each wrong field and keeps the solution for the corrected message", async () => {
    const before = await lastMailId();
    const token = await solvedToken();
    const wrong = await send({
      name: " ",
      email: "anna",
      topic: "",
      orderNumber: "<script>",
      message: "Hallo",
      token,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: "invalid",
      errors: {
        name: "required",
        email: "invalid",
        topic: "required",
        orderNumber: "invalid",
        message: "tooShort",
      },
    });
    const long = await send({ ...MESSAGE, message: "x".repeat(5001), token });
    expect(await long.json()).toMatchObject({ errors: { message: "tooLong" } });
    expect(await mailsSince(before)).toEqual([]);
    expect((await send({ ...MESSAGE, token })).status).toBe(200);
  });

  it("takes messages only as JSON from this shop's own pages", async () => {
    const form = await api.request("http://localhost/web-api/contact-form", {
      method: "POST",
      headers: {
        host: "localhost",
        origin: "http://localhost",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ ...MESSAGE, token: "" }).toString(),
    });
    expect(form.status).toBe(403);
    const foreign = await send(MESSAGE, { headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const challenge = await api.request(
      "http://localhost/web-api/contact-form-challenge?action=newsletterContainer",
    );
    expect(challenge.status).toBe(400);
  });

  it("writes to the shop's sender address when the configuration names no service address", async () => {
    const before = await lastMailId();
    const contactForm = createContactForm({
      db: database.db,
      env: services.env,
      mailer: services.customers.mailer,
      spamProtection: {
        challenge: services.customers.spamProtection.challenge,
        verify: async () => true,
      },
      content: { getStory: async () => null },
    });
    const result = await contactForm.send({
      site: { channel: "cards", locale: "en-GB" },
      form: { ...MESSAGE, email: "fallback@example.de" },
      token: "checked elsewhere",
      ip: "192.0.2.10",
    });
    expect(result).toEqual({ ok: true });
    const [service, copy] = await mailsSince(before);
    expect(service).toMatchObject({
      recipient: services.env.MAIL_FROM,
      subject: "Contact form: Frage zu meiner Bestellung – Anna Schmidt",
    });
    expect(copy?.replyTo).toBe(services.env.MAIL_FROM);
  });

  // Last: it fills this database's windows.
  it("refuses a sender's sixth message in an hour, and an address's eleventh", async () => {
    const busy = contactThrottleKeys("unknown", "busy@example.de");
    for (let i = 0; i < CONTACT_MESSAGES_PER_SENDER.limit; i++)
      await hit(database.db, busy.sender, CONTACT_MESSAGES_PER_SENDER);
    const before = await lastMailId();
    const sender = await send({ ...MESSAGE, email: "Busy@Example.de", token: await solvedToken() });
    expect(sender.status).toBe(429);
    expect(await sender.json()).toMatchObject({ error: "throttled" });

    const address = contactThrottleKeys("unknown", "new@example.de").address;
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS.limit; i++)
      await hit(database.db, address, CONTACT_MESSAGES_PER_ADDRESS);
    const fromAddress = await send({
      ...MESSAGE,
      email: "new@example.de",
      token: await solvedToken(),
    });
    expect(fromAddress.status).toBe(429);
    expect(await mailsSince(before)).toEqual([]);
  });
});
