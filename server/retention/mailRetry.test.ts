/**
 * The mail retry job on PGlite and PostgreSQL against a small SMTP server on a local port
 * that refuses chosen recipients' mails with a temporary error: a mail refused once goes
 * out on a later tick after its back-off (and only once), a mail refused every time is
 * given up after the last attempt and logged; on PostgreSQL, two processes' jobs ticking at
 * once send a due mail once.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { openDatabase, type Database } from "../../db/client";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createMailer, MAX_SEND_ATTEMPTS, RETRY_DUE_AFTER_MS, type Mail } from "../customers/mail";
import { parseEnv } from "../env";
import type { ShopServices } from "../services";
import { createTestServices } from "../testing/services";
import { gateFor } from "./gate";
import { createMailRetry, createMailRetryJob, MAIL_RETRY_INTERVAL_MS } from "./mailRetry";

/** An SMTP server that answers 451 to the next `refusals` mails of a recipient. */
function refusingSmtpServer() {
  const refusals = new Map<string, number>();
  const accepted: string[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = "";
    let inData = false;
    let recipient = "";
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          const left = refusals.get(recipient) ?? 0;
          if (left > 0) {
            refusals.set(recipient, left - 1);
            reply("451 4.3.0 try again later");
          } else {
            accepted.push(recipient);
            reply("250 2.0.0 queued");
          }
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") reply("250 test");
        else if (verb === "RCPT") {
          recipient = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 go on");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 OK");
      }
    });
    socket.on("error", () => {});
  });
  return { server, refusals, accepted };
}

const mail = (recipient: string): Mail => ({
  channel: "cards",
  recipient,
  subject: "Ihre Bestellung",
  text: "Text",
  html: "<p>Text</p>",
  kind: "test",
});
const after = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** A test database with the shop's services sending to the refusing SMTP server, set up per describe block. */
function shopWithSmtp(kind: TestDatabase["kind"]) {
  const smtp = refusingSmtpServer();
  const lines: { id?: string; mail?: number; attempts?: number }[] = [];
  const log = pino(
    { level: "info" },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  const shop = {
    smtp,
    lines,
    log,
    smtpUrl: "",
    database: undefined as unknown as TestDatabase,
    services: undefined as unknown as ShopServices,
    async stored(recipient: string) {
      const [row] = await shop.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, recipient));
      if (!row) throw new Error(`no mail to ${recipient}`);
      return row;
    },
  };
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    shop.smtpUrl = `smtp://127.0.0.1:${port}`;
    shop.database = await openTestDatabase(kind);
    shop.services = await createTestServices(shop.database, { SMTP_URL: shop.smtpUrl }, { log });
  });
  afterAll(async () => {
    await shop.database?.destroy();
    await new Promise((resolve) => smtp.server.close(resolve));
  });
  return shop;
}

describe.each(TEST_DATABASES)("the mail retry job on %s", (kind) => {
  const shop = shopWithSmtp(kind);
  const { smtp, lines, stored } = shop;

  it("sends a mail SMTP refused once on the first tick after its back-off, and only once", async () => {
    const recipient = `once-${kind}@example.de`;
    smtp.refusals.set(recipient, 1);
    await shop.services.customers.mailer.send(mail(recipient));
    const refused = await stored(recipient);
    expect(refused).toMatchObject({ sentAt: null, attempts: 1 });
    expect(refused.lastError).toContain("451");

    let clock = after(refused.createdAt, 1_000);
    const job = createMailRetry(shop.services, { now: () => clock });
    // Within the first pause the mail waits.
    expect(await job.tick()).toEqual({ ran: true, value: { sent: 0, failed: 0, givenUp: 0 } });
    expect(smtp.accepted).not.toContain(recipient);

    clock = after(refused.createdAt, RETRY_DUE_AFTER_MS[1] + 1_000);
    expect(await job.tick()).toEqual({ ran: true, value: { sent: 1, failed: 0, givenUp: 0 } });
    expect((await stored(recipient)).sentAt).not.toBeNull();

    clock = after(refused.createdAt, RETRY_DUE_AFTER_MS[4] + 1_000);
    expect(await job.tick()).toEqual({ ran: true, value: { sent: 0, failed: 0, givenUp: 0 } });
    expect(smtp.accepted.filter((r) => r === recipient)).toHaveLength(1);
    expect(lines.some((l) => l.id === "mail-retried")).toBe(true);
    await job.stop();
    expect(await job.tick()).toEqual({ ran: false, reason: "stopped" });
  });

  it("skips a tick while another retried within the interval", async () => {
    const clock = new Date(Date.now() + 10 * RETRY_DUE_AFTER_MS[4]);
    const job = createMailRetry(shop.services, { now: () => clock });
    expect((await job.tick()).ran).toBe(true);
    expect(await createMailRetry(shop.services, { now: () => clock }).tick()).toEqual({
      ran: false,
      reason: "recent",
    });
  });

  it("gives a mail up after its last refused attempt, logs it, and never offers it again", async () => {
    const recipient = `never-${kind}@example.de`;
    smtp.refusals.set(recipient, 100);
    const { mailer } = shop.services.customers;
    await mailer.send(mail(recipient));
    const { createdAt, id } = await stored(recipient);
    for (let attempts = 1; attempts < MAX_SEND_ATTEMPTS; attempts++) {
      // Just before it is due, nothing; just after, one more refused attempt.
      await mailer.retry(after(createdAt, RETRY_DUE_AFTER_MS[attempts]! - 1_000));
      expect((await stored(recipient)).attempts).toBe(attempts);
      const outcome = await mailer.retry(after(createdAt, RETRY_DUE_AFTER_MS[attempts]! + 1_000));
      expect(outcome.givenUp).toBe(attempts + 1 === MAX_SEND_ATTEMPTS ? 1 : 0);
      expect((await stored(recipient)).attempts).toBe(attempts + 1);
    }
    expect(lines.find((l) => l.id === "mail-given-up" && l.mail === id)).toMatchObject({
      attempts: MAX_SEND_ATTEMPTS,
    });
    await mailer.retry(after(createdAt, 20 * RETRY_DUE_AFTER_MS[4]));
    expect(await stored(recipient)).toMatchObject({ attempts: MAX_SEND_ATTEMPTS, sentAt: null });
    expect(smtp.accepted).not.toContain(recipient);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the mail retry job between processes", () => {
  const shop = shopWithSmtp("postgres");
  const { smtp, log, stored } = shop;

  it("two processes' jobs ticking at once on one PostgreSQL database send a due mail once", async () => {
    const recipient = "two-processes@example.de";
    smtp.refusals.set(recipient, 1);
    await shop.services.customers.mailer.send(mail(recipient));
    const { createdAt } = await stored(recipient);
    // A second connection pool with its own mailer stands for a second shop process.
    const other: Database = await openDatabase({
      url: shop.database.url!,
      // Dropping the test database at the end ends this pool's connections too.
      onConnectionError: (error) => {
        if ((error as { code?: string }).code !== "57P01") throw error;
      },
    });
    try {
      const clock = after(createdAt, 30 * RETRY_DUE_AFTER_MS[4]);
      const env = parseEnv({ NODE_ENV: "test", SMTP_URL: shop.smtpUrl });
      const second = createMailRetryJob({
        mailer: createMailer({ db: other.db, env, log }),
        gate: gateFor(other, MAIL_RETRY_INTERVAL_MS * 0.9, "mail-retry"),
        log,
        enabled: true,
        now: () => clock,
      });
      const first = createMailRetry(shop.services, { now: () => clock });
      const results = await Promise.all([first.tick(), second.tick()]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect(smtp.accepted.filter((r) => r === recipient)).toHaveLength(1);
      expect((await stored(recipient)).sentAt).not.toBeNull();
    } finally {
      await other.close();
    }
  });
});
