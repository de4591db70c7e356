/**
 * The rules every mail passes in the one mailer, on PGlite and PostgreSQL: header fields
 * without line breaks or direction characters, and a daily limit per recipient over every
 * flow (the shop's own service address excepted). The contact form's receipt is checked
 * through the form itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hit } from "../../db/throttle";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { createContactForm } from "./contactForm";
import {
  cleanHeader,
  createMailer,
  MAILS_PER_RECIPIENT_PER_DAY,
  recipientKey,
  type Mail,
  type Mailer,
} from "./mail";

/** Every character the mailer takes out of a header field. */
const DIRECTION_CHARACTERS = [
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200e",
  "\u200f",
  "\u061c",
];

describe("header fields", () => {
  it("lose every direction character and control character, line breaks becoming spaces", () => {
    for (const character of DIRECTION_CHARACTERS) {
      expect(cleanHeader(`Rechnung${character}fdp.exe`)).toBe("Rechnungfdp.exe");
    }
    expect(cleanHeader("Hallo\r\nBcc: victim@example.com")).toBe("Hallo  Bcc: victim@example.com");
    expect(cleanHeader("a\tb\u0000c\u2028d")).toBe("a bc d");
    expect(cleanHeader("Ihre Nachricht an Cardelia – Zoë Ñandú")).toBe(
      "Ihre Nachricht an Cardelia – Zoë Ñandú",
    );
  });
});

describe.each(TEST_DATABASES)("the mailer on %s", (kind) => {
  let database: TestDatabase;
  let mailer: Mailer;
  const env = parseEnv({ NODE_ENV: "test" });

  const mail = (recipient: string, subject = "Betreff"): Mail => ({
    channel: "cards",
    recipient,
    subject,
    text: "Text",
    html: "<p>Text</p>",
    kind: "test",
  });
  const outbox = async (recipient: string) =>
    (await mailer.latest(500)).filter((m) => m.recipient === recipient);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    mailer = createMailer({ db: database.db, env, log: createLogger("silent") });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("stores and sends every mail's subject, recipient and Reply-To without direction or line-break characters", async () => {
    await mailer.send({
      ...mail("rtl@example.de", "Ihre Rechnung \u202Efdp.exe\r\nBcc: x@example.com"),
      replyTo: "reply\u2066@example.de",
    });
    const [stored] = await outbox("rtl@example.de");
    expect(stored?.subject).toBe("Ihre Rechnung fdp.exe  Bcc: x@example.com");
    expect(stored?.replyTo).toBe("reply@example.de");
  });

  it("sends one address at most the day's limit, whatever the flow, but never limits the shop's own address", async () => {
    const recipient = `limit-${kind}@example.de`;
    for (let i = 1; i < MAILS_PER_RECIPIENT_PER_DAY.limit; i++) {
      await hit(database.db, recipientKey(recipient), MAILS_PER_RECIPIENT_PER_DAY);
    }
    await mailer.send(mail(recipient, "the last one allowed"));
    // The same address written otherwise is the same inbox.
    await mailer.send(mail(recipient.toUpperCase(), "one too many"));
    await mailer.send(mail(` ${recipient}`, "one too many"));
    expect((await outbox(recipient)).map((m) => m.subject)).toEqual(["the last one allowed"]);

    const service = `service-${kind}@example.de`;
    for (let i = 0; i < MAILS_PER_RECIPIENT_PER_DAY.limit; i++) {
      await hit(database.db, recipientKey(service), MAILS_PER_RECIPIENT_PER_DAY);
    }
    await mailer.send({ ...mail(service, "a message for customer service"), toShop: true });
    expect(await outbox(service)).toHaveLength(1);
  });

  it("sends the contact form's subject to customer service without the sender's direction characters", async () => {
    const contactForm = createContactForm({
      db: database.db,
      env,
      mailer,
      spamProtection: { challenge: async () => ({}) as never, verify: async () => true },
      content: { getStory: async () => null },
    });
    const result = await contactForm.send({
      site: { channel: "cards", locale: "de-DE" },
      form: {
        name: "Anna \u202Eztimhcs",
        email: `bidi-${kind}@example.de`,
        topic: "Rechnung\u2067 bezahlt",
        message: "Eine Nachricht, lang genug für das Formular.",
      },
      token: "checked elsewhere",
      ip: "192.0.2.44",
    });
    expect(result).toEqual({ ok: true });
    const [service] = await outbox(env.MAIL_FROM);
    expect(service?.subject).toBe("Kontaktformular: Rechnung bezahlt – Anna ztimhcs");
    const [receipt] = await outbox(`bidi-${kind}@example.de`);
    expect(receipt?.kind).toBe("contact-form-receipt");
    expect(receipt?.text).not.toContain("ztimhcs");
  });
});
