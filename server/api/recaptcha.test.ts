/**
 * reCAPTCHA v3 as the forms' spam protection, when its keys are configured, through the
 * shop API on PGlite and PostgreSQL: Google's check is a local stand-in that answers the
 * verdict a test sets for a token, and records what the shop asked.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApi } from ".";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";

const SECRET = "6LcStandinSecretKey_0123";

interface Verdict {
  success: boolean;
  action?: string;
  score?: number;
  "error-codes"?: string[];
}

/** Google's check: the verdict set for each token; a token without one is unknown to Google. */
const verdicts = new Map<string, Verdict | "down">();
const asked: URLSearchParams[] = [];
let verifyServer: Server;
let verifyUrl: string;

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
  verifyServer = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      asked.push(form);
      const verdict = verdicts.get(form.get("response") ?? "");
      if (verdict === "down") {
        response.writeHead(503).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          form.get("secret") !== SECRET
            ? { success: false, "error-codes": ["invalid-input-secret"] }
            : (verdict ?? { success: false, "error-codes": ["invalid-input-response"] }),
        ),
      );
    });
  });
  await new Promise<void>((resolve) => verifyServer.listen(0, "127.0.0.1", resolve));
  const { port } = verifyServer.address() as AddressInfo;
  verifyUrl = `http://127.0.0.1:${port}/recaptcha/api/siteverify`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => verifyServer.close(resolve));
});

describe.each(TEST_DATABASES)("reCAPTCHA as the spam protection on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  const logged: { id?: string; action?: string }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const log = pino(
      { level: "info" },
      { write: (line: string) => void logged.push(JSON.parse(line) as { id?: string }) },
    );
    services = await createTestServices(
      database,
      {
        RECAPTCHA_SITE_KEY: "6LcStandinSiteKey_0123",
        RECAPTCHA_SECRET_KEY: SECRET,
        RECAPTCHA_VERIFY_URL: verifyUrl,
        RECAPTCHA_MIN_SCORE: "0.5",
      },
      { log },
    );
    api = createApi(services, storefront);
  });
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });
  beforeEach(() => {
    asked.length = 0;
    logged.length = 0;
  });

  const subscribe = (email: string, token: string) =>
    api.request("http://localhost/web-api/newsletter-subscribe", {
      method: "POST",
      headers: {
        host: "localhost",
        origin: "http://localhost",
        "content-type": "application/x-www-form-urlencoded;charset=utf-8",
      },
      body: new URLSearchParams({
        email,
        uniqueIdentifier: "footer:/",
        reCaptchaToken: token,
      }).toString(),
    });
  const token = (name: string, verdict: Verdict | "down") => {
    const value = `${kind}-${name}-${"x".repeat(40)}`;
    verdicts.set(value, verdict);
    return value;
  };

  it("takes a sign-up Google vouches for, asking Google with the secret key, once per token", async () => {
    const vouched = token("vouched", {
      success: true,
      action: "newsletterContainer",
      score: 0.9,
    });
    expect((await subscribe("recaptcha@example.de", vouched)).status).toBe(202);
    expect(asked[0]?.get("secret")).toBe(SECRET);
    expect(asked[0]?.get("response")).toBe(vouched);
    const mail = (await services.customers.mailer.latest()).find(
      (m) => m.recipient === "recaptcha@example.de",
    );
    expect(mail?.subject).toContain("Newsletter");
    expect((await subscribe("again@example.de", vouched)).status).toBe(403);
  });

  it("refuses a token for another form, a low score, one Google refuses, and no token without asking", async () => {
    const otherForm = token("other", { success: true, action: "contactForm", score: 0.9 });
    const bot = token("bot", { success: true, action: "newsletterContainer", score: 0.3 });
    const refused = token("refused", {
      success: false,
      "error-codes": ["timeout-or-duplicate"],
    });
    for (const value of [otherForm, bot, refused]) {
      const response = await subscribe("bot@example.de", value);
      expect(response.status, value).toBe(403);
      expect(await response.json()).toMatchObject({ error: "spam_protection" });
    }
    expect(logged.filter((line) => line.id === "recaptcha-refused")).toHaveLength(3);
    asked.length = 0;
    expect((await subscribe("bot@example.de", "")).status).toBe(403);
    expect(asked).toHaveLength(0);
  });

  it("refuses the form and logs it when Google's check cannot be asked", async () => {
    const response = await subscribe("outage@example.de", token("outage", "down"));
    expect(response.status).toBe(403);
    expect(logged).toContainEqual(
      expect.objectContaining({ id: "recaptcha-unavailable", action: "newsletterContainer" }),
    );
  });

  it("sends a contact message with a token for the contact form", async () => {
    const response = await api.request("http://localhost/web-api/contact-form", {
      method: "POST",
      headers: {
        host: "localhost",
        origin: "http://localhost",
        "content-type": "application/json",
      },
      body: JSON.stringify({
        name: "Anna Schmidt",
        email: "anna.recaptcha@example.de",
        topic: "Frage",
        message: "Wann kommen meine Karten an?",
        token: token("contact", { success: true, action: "contactForm", score: 0.7 }),
      }),
    });
    expect(response.status).toBe(200);
  });

  it("offers no challenge of its own: the browser gets its token from Google", async () => {
    for (const path of [
      "/web-api/newsletter-challenge?action=newsletterContainer",
      "/web-api/contact-form-challenge?action=contactForm",
    ]) {
      expect((await api.request(`http://localhost${path}`)).status, path).toBe(404);
    }
  });
});
