/**
 * The newsletter through the shop API on PGlite and PostgreSQL: a sign-up needs a solved
 * spam-protection challenge, is confirmed through the mailed link, and stays one entry per
 * address and brand; every mail can unsubscribe.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { newsletterSubscriptions } from "../../db/schema";
import { encodeSpamToken } from "../customers/spamProtection";
import type { Storefront } from "../storefront";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";
import type { ShopServices } from "../services";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

describe.each(TEST_DATABASES)("the newsletter on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  async function solvedToken(action = "newsletterContainer"): Promise<string> {
    const response = await api.request(
      `http://localhost/web-api/newsletter-challenge?action=${action}`,
    );
    const challenge = (await response.json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return encodeSpamToken({ challenge, solution });
  }
  const subscribe = (fields: Record<string, string>, host = "localhost") =>
    api.request(`http://${host}/web-api/newsletter-subscribe`, {
      method: "POST",
      headers: {
        host,
        "content-type": "application/x-www-form-urlencoded;charset=utf-8",
        origin: `http://${host}`,
      },
      body: new URLSearchParams(fields).toString(),
    });
  async function entries(email: string) {
    return database.db
      .select()
      .from(newsletterSubscriptions)
      .where(
        and(eq(newsletterSubscriptions.channel, "cards"), eq(newsletterSubscriptions.email, email)),
      );
  }
  async function mailedLinks(email: string) {
    const mail = (await services.customers.mailer.latest()).find((m) => m.recipient === email);
    const urls = mail?.text.match(/https?:\/\/\S+/g) ?? [];
    const token = (url: string | undefined) =>
      new URL(url ?? "http://x").searchParams.get("token") ?? "";
    return {
      subject: mail?.subject,
      confirm: urls[0] ?? "",
      confirmToken: token(urls[0]),
      unsubscribeToken: token(urls[1]),
    };
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
    api = createApi(services, storefront);
  });
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("refuses a sign-up without a solved spam-protection challenge", async () => {
    const empty = await subscribe({
      email: "anna@example.de",
      uniqueIdentifier: "footer:/",
      reCaptchaToken: "",
    });
    expect(empty.status).toBe(403);
    const forged = await subscribe({
      email: "anna@example.de",
      uniqueIdentifier: "footer:/",
      reCaptchaToken: encodeSpamToken({ challenge: {}, solution: {} }),
    });
    expect(forged.status).toBe(403);
    expect(await entries("anna@example.de")).toHaveLength(0);
  });

  it("takes a sign-up with a solution, mails the confirmation link, and confirms it once", async () => {
    const response = await subscribe({
      email: "Anna@Example.de",
      uniqueIdentifier: "footer:/fotobuch",
      reCaptchaToken: await solvedToken(),
    });
    expect(response.status).toBe(202);
    const [entry] = await entries("anna@example.de");
    expect(entry).toMatchObject({ status: "pending", source: "footer:/fotobuch", locale: "de-DE" });
    const links = await mailedLinks("anna@example.de");
    expect(links.subject).toBe("Bitte bestätigen Sie Ihre Newsletter-Anmeldung – Cardelia");
    expect(links.confirm).toMatch(/^http:\/\/cards\.localhost\/newsletter\/bestaetigen\?token=/);
    expect(await services.customers.newsletter.confirm(links.confirmToken)).toBe(true);
    expect(await services.customers.newsletter.confirm(links.confirmToken)).toBe(false);
    expect((await entries("anna@example.de"))[0]?.status).toBe("confirmed");
  });

  it("sends a browser's own form post back to its page: signed up, or told what to do", async () => {
    const asPage = (fields: Record<string, string>) =>
      api.request("http://localhost/web-api/newsletter-subscribe", {
        method: "POST",
        headers: {
          host: "localhost",
          accept: "text/html,*/*;q=0.8",
          origin: "http://localhost",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
      });
    const signedUp = await asPage({
      email: "page@example.de",
      uniqueIdentifier: "footer:/fotobuch",
      reCaptchaToken: await solvedToken(),
    });
    expect(signedUp.status).toBe(303);
    expect(signedUp.headers.get("location")).toBe("/fotobuch?newsletter=pending#newsletter-title");
    expect(await entries("page@example.de")).toHaveLength(1);
    const refused = await asPage({ email: "nojs@example.de", uniqueIdentifier: "footer:/karten" });
    expect(refused.headers.get("location")).toBe(
      "/karten?newsletter=spam-protection#newsletter-title",
    );
    expect(await entries("nojs@example.de")).toHaveLength(0);
  });

  it("uses each solution once", async () => {
    const token = await solvedToken();
    expect(
      (
        await subscribe({
          email: "once@example.de",
          uniqueIdentifier: "footer:/",
          reCaptchaToken: token,
        })
      ).status,
    ).toBe(202);
    expect(
      (
        await subscribe({
          email: "twice@example.de",
          uniqueIdentifier: "footer:/",
          reCaptchaToken: token,
        })
      ).status,
    ).toBe(403);
  });

  it("keeps one entry per address and brand and answers a known address like a new one", async () => {
    const again = await subscribe({
      email: "anna@example.de",
      uniqueIdentifier: "footer:/",
      reCaptchaToken: await solvedToken(),
    });
    expect(again.status).toBe(202);
    const [first, second] = await Promise.all(
      [1, 2].map(async () =>
        subscribe({
          email: "race@example.de",
          uniqueIdentifier: "footer:/",
          reCaptchaToken: await solvedToken(),
        }),
      ),
    );
    expect([first?.status, second?.status]).toEqual([202, 202]);
    expect(await entries("anna@example.de")).toHaveLength(1);
    expect((await entries("anna@example.de"))[0]?.status).toBe("confirmed");
    expect(await entries("race@example.de")).toHaveLength(1);
  });

  it("unsubscribes through the link every mail carries", async () => {
    await subscribe({
      email: "leave@example.de",
      uniqueIdentifier: "footer:/",
      reCaptchaToken: await solvedToken(),
    });
    const { unsubscribeToken } = await mailedLinks("leave@example.de");
    expect(await services.customers.newsletter.unsubscribe(unsubscribeToken)).toBe(true);
    expect((await entries("leave@example.de"))[0]?.status).toBe("unsubscribed");
  });

  it("forgets sign-ups never confirmed within a week", async () => {
    await subscribe({
      email: "late@example.de",
      uniqueIdentifier: "footer:/",
      reCaptchaToken: await solvedToken(),
    });
    await services.customers.newsletter.prune(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(await entries("late@example.de")).toHaveLength(0);
    expect(await entries("anna@example.de")).toHaveLength(1);
  });

  it("names a malformed address and refuses a challenge for another action or a foreign origin", async () => {
    const bad = await subscribe({
      email: "anna",
      uniqueIdentifier: "footer:/",
      reCaptchaToken: "x",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toContain("email");
    expect(
      (await api.request("http://localhost/web-api/newsletter-challenge?action=other")).status,
    ).toBe(400);
    const foreign = await api.request("http://localhost/web-api/newsletter-subscribe", {
      method: "POST",
      headers: {
        host: "localhost",
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "email=a%40b.de&uniqueIdentifier=x&reCaptchaToken=",
    });
    expect(foreign.status).toBe(403);
  });
});
