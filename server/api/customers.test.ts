/**
 * Accounts through the shop API on PGlite and PostgreSQL: sign-up with the mailed
 * verification link, log-in and the session cookie, customer-data, log-out, password
 * reset, throttling, and answers that never tell whether an address has an account.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Storefront } from "../storefront";
import { closeTestStorefront, loadTestStorefront } from "../testing/shop";
import { createApi } from ".";
import { mailOutbox, rateLimits } from "../../db/schema";
import { FAILED_LOGINS_PER_ACCOUNT } from "../customers/accounts";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import type { ShopServices } from "../services";

const PASSWORD = "Winterwald-Kerze-42";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);
afterAll(closeTestStorefront);

describe.each(TEST_DATABASES)("customer accounts on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const call = (
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    host = "localhost",
  ) =>
    api.request(`http://${host}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { host, "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const cookieOf = (response: Response) =>
    (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  /** The link of the newest mail to an address. */
  async function mailedLink(
    email: string,
  ): Promise<{ subject: string; token: string; url: string }> {
    const mails = await services.customers.mailer.latest();
    const mail = mails.find((m) => m.recipient === email);
    if (!mail) throw new Error(`no mail to ${email}`);
    const url = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? "";
    return { subject: mail.subject, url, token: new URL(url).searchParams.get("token") ?? "" };
  }
  async function signUpAndVerify(email: string) {
    const signUp = await call("/web-api/customer-signup", {
      email,
      password: PASSWORD,
      firstName: "Anna",
      lastName: "Schmidt",
    });
    expect(signUp.status).toBe(202);
    const { token } = await mailedLink(email);
    expect((await services.customers.accounts.verifyEmail(token))?.customer.email).toBe(email);
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

  it("signs up with a verification mail whose link logs the customer in", async () => {
    const response = await call("/web-api/customer-signup", {
      email: " Anna@Example.de ",
      password: PASSWORD,
      firstName: "Anna",
      lastName: "Schmidt",
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ pending: true });
    const mail = await mailedLink("anna@example.de");
    expect(mail.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse – Cardelia");
    expect(mail.url).toMatch(/^http:\/\/cards\.localhost\/konto\/bestaetigen\?token=[\w-]{43}$/);
    // Not before the address is confirmed.
    const early = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: PASSWORD,
    });
    expect(early.status).toBe(400);
    expect((await early.json()).error).toBe("unverified");
    const newest = (await mailedLink("anna@example.de")).token;
    const verified = await services.customers.accounts.verifyEmail(newest);
    expect(verified?.customer.emailVerifiedAt).not.toBeNull();
    // A link works once.
    expect(await services.customers.accounts.verifyEmail(newest)).toBeNull();
  });

  it("logs in with a session cookie that customer-data reads, and logs out", async () => {
    const login = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      /^shop_session=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    );
    expect(await login.json()).toMatchObject({
      firstName: "Anna",
      fullName: "Anna Schmidt",
      isLoggedIn: true,
    });
    const data = await call("/web-api/customer-data", undefined, { cookie: cookieOf(login) });
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    const customer = await data.json();
    expect(customer).toMatchObject({
      isLoggedIn: true,
      lastName: "Schmidt",
      order: { cartArticlesAmount: 0 },
    });
    expect(customer.number).toMatch(/^C\d{8}$/);
    expect(customer.emailHash).toMatch(/^[0-9a-f]{64}$/);
    // The session belongs to its brand.
    const elsewhere = await call(
      "/web-api/customer-data",
      undefined,
      { cookie: cookieOf(login) },
      "wallart.localhost",
    );
    expect((await elsewhere.json()).isLoggedIn).toBe(false);
    const logout = await call("/web-api/customer-logout", {}, { cookie: cookieOf(login) });
    expect(logout.status).toBe(204);
    expect(logout.headers.get("set-cookie")).toContain("Max-Age=0");
    const after = await call("/web-api/customer-data", undefined, { cookie: cookieOf(login) });
    expect((await after.json()).isLoggedIn).toBe(false);
  });

  it("watches a logged-in customer's flag treatments per customer, with their visitor key", async () => {
    const login = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: PASSWORD,
    });
    const evaluate = vi.spyOn(services.flags, "evaluate");
    const visitor = "visitor_key=5d1c0b8e-0f4e-4a4b-9d7c-2b1e8f3a6c90";
    const data = await call("/web-api/customer-data", undefined, {
      cookie: `${cookieOf(login)}; ${visitor}`,
    });
    const { number } = await data.json();
    expect(evaluate).toHaveBeenCalledWith(
      "5d1c0b8e-0f4e-4a4b-9d7c-2b1e8f3a6c90",
      { channel: "cards", mobileDevice: false },
      number,
    );
    // An anonymous visitor is watched by the page render alone.
    evaluate.mockClear();
    await call("/web-api/customer-data", undefined, { cookie: visitor });
    expect(evaluate).not.toHaveBeenCalled();
    evaluate.mockRestore();
  });

  it("uses the __Host- cookie, Secure, behind TLS", async () => {
    const login = await call(
      "/web-api/customer-login",
      { email: "anna@example.de", password: PASSWORD },
      { "x-forwarded-proto": "https" },
    );
    expect(login.headers.get("set-cookie")).toMatch(/^__Host-shop_session=.*; Secure$/);
  });

  it("answers a wrong password and an unknown address alike, in the visitor's language", async () => {
    const wrong = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: "nope",
    });
    const unknown = await call("/web-api/customer-login", {
      email: "nobody@example.de",
      password: "nope",
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await wrong.json()).toEqual(await unknown.json());
    const french = await call(
      "/web-api/customer-login",
      { email: "nobody@example.ch", password: "nope" },
      { "x-locale": "fr-CH" },
      "ch.cards.localhost",
    );
    expect((await french.json()).message.text).toBe(
      "L'adresse e-mail ou le mot de passe est incorrect.",
    );
  });

  it("answers a sign-up for a known address like a new one, and mails the owner instead", async () => {
    const again = await call("/web-api/customer-signup", {
      email: "anna@example.de",
      password: "Another-Long-Secret-7",
      firstName: "Mallory",
      lastName: "X",
    });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ pending: true });
    expect((await mailedLink("anna@example.de")).subject).toBe(
      "Sie haben bereits ein Kundenkonto – Cardelia",
    );
    // The password did not change.
    expect(
      (await call("/web-api/customer-login", { email: "anna@example.de", password: PASSWORD }))
        .status,
    ).toBe(200);
  });

  it("names the wrong fields of a sign-up and refuses a guessable password", async () => {
    const bad = await call("/web-api/customer-signup", {
      email: "anna",
      password: "",
      firstName: "",
      lastName: "S",
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(Object.keys(body.errors).sort()).toEqual(["email", "firstName", "password"]);
    expect(body.errors.firstName).toBe("Bitte füllen Sie dieses Feld aus.");
    const weak = await call("/web-api/customer-signup", {
      email: "b@example.de",
      password: "Passwort123",
      firstName: "B",
      lastName: "C",
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors.password).toBe(
      "Dieses Passwort ist zu leicht zu erraten. Nehmen Sie zum Beispiel mehrere Wörter.",
    );
  });

  it("resets a password through the mailed single-use link and ends the old sessions", async () => {
    await signUpAndVerify("reset@example.de");
    const old = await call("/web-api/customer-login", {
      email: "reset@example.de",
      password: PASSWORD,
    });
    const request = await call("/web-api/customer-password-reset", { email: "reset@example.de" });
    expect(request.status).toBe(202);
    const unknown = await call("/web-api/customer-password-reset", { email: "ghost@example.de" });
    expect(await unknown.json()).toEqual(await request.json());
    const { token, url } = await mailedLink("reset@example.de");
    expect(url).toContain("/konto/passwort?token=");
    const weak = await call("/web-api/customer-password-reset/confirm", {
      token,
      password: "short",
    });
    expect((await weak.json()).error).toBe("too-short");
    const done = await call("/web-api/customer-password-reset/confirm", {
      token,
      password: "Neues-Passwort-Sommer-2027",
    });
    expect(done.status).toBe(200);
    const oldSession = await call("/web-api/customer-data", undefined, { cookie: cookieOf(old) });
    expect((await oldSession.json()).isLoggedIn).toBe(false);
    const again = await call("/web-api/customer-password-reset/confirm", {
      token,
      password: "Neues-Passwort-Sommer-2028",
    });
    expect((await again.json()).error).toBe("invalid-link");
    expect(
      (
        await call("/web-api/customer-login", {
          email: "reset@example.de",
          password: "Neues-Passwort-Sommer-2027",
        })
      ).status,
    ).toBe(200);
  });

  it("refuses log-ins to an account after 100 failures in an hour, even with the right password", async () => {
    await signUpAndVerify("target@example.de");
    // 99 failures are already counted (as if from many addresses), the 100th comes now.
    const windowStart = new Date(
      Math.floor(Date.now() / FAILED_LOGINS_PER_ACCOUNT.ms) * FAILED_LOGINS_PER_ACCOUNT.ms,
    );
    await database.db
      .insert(rateLimits)
      .values({ key: "login:cards:target@example.de", windowStart, count: 99 });
    expect(
      (await call("/web-api/customer-login", { email: "target@example.de", password: "wrong" }))
        .status,
    ).toBe(400);
    const refused = await call("/web-api/customer-login", {
      email: "target@example.de",
      password: PASSWORD,
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message.text).toContain("Zu viele Versuche");
  });

  it("takes writes only as JSON from this host", async () => {
    const form = await api.request("http://localhost/web-api/customer-login", {
      method: "POST",
      headers: { host: "localhost", "content-type": "text/plain" },
      body: JSON.stringify({ email: "anna@example.de", password: PASSWORD }),
    });
    expect(form.status).toBe(403);
    const foreign = await call(
      "/web-api/customer-login",
      { email: "anna@example.de", password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    const big = await call("/web-api/customer-signup", {
      email: "a@b.de",
      password: "x".repeat(20_000),
      firstName: "A",
      lastName: "B",
    });
    expect(big.status).toBe(400);
  });

  it("keeps every mail in the outbox", async () => {
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, "anna@example.de"));
    expect(rows.map((r) => r.kind).sort()).toEqual([
      "already-registered",
      "verify-email",
      "verify-email",
    ]);
  });
});
