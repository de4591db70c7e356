/**
 * Accounts through the shop API on PGlite and PostgreSQL: sign-up with the mailed
 * verification link, log-in and the session cookie, customer-data, log-out, password
 * reset, throttling, and answers that never tell whether an address has an account.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { createApi } from ".";
import {
  customers,
  customerSessions,
  customerSignUps,
  mailOutbox,
  rateLimits,
} from "../../db/schema";
import {
  FAILED_LOGINS_PER_ACCOUNT,
  FAILED_LOGINS_PER_ADDRESS,
  pruneAccounts,
  SESSION_IDLE_MS,
  VERIFY_TOKEN_MS,
  type CallSite,
} from "../customers/accounts";
import { tokenHash } from "../customers/secrets";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import { confirmMailedSignUp, mailedLink as newestLink } from "../testing/customers";
import type { ShopServices } from "../services";

const PASSWORD = "Winterwald-Kerze-42";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

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
  const mailedLink = (email: string) => newestLink(services, email);
  const accounts = () => services.customers.accounts;
  const siteFor = (ip: string): CallSite => ({
    channel: "cards",
    locale: "de-DE",
    ip,
    links: { verify: (t) => `http://x/?token=${t}`, reset: (t) => `http://x/?token=${t}` },
  });
  async function signUpAndVerify(email: string) {
    const signUp = await call("/web-api/customer-signup", {
      email,
      password: PASSWORD,
      firstName: "Anna",
      lastName: "Schmidt",
    });
    expect(signUp.status).toBe(202);
    expect((await confirmMailedSignUp(services, email, PASSWORD)).customer.email).toBe(email);
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

  it("signs up with a mailed link that opens the account with the password chosen at sign-up", async () => {
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
    // No account before the link is followed: a log-in with the sign-up's password is
    // told to confirm (and gets a new link), any other password is simply wrong.
    const early = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: PASSWORD,
    });
    expect(early.status).toBe(400);
    expect((await early.json()).error).toBe("unverified");
    const guessed = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: "Another-Long-Secret-7",
    });
    expect((await guessed.json()).error).toBe("invalid-credentials");
    const newest = (await mailedLink("anna@example.de")).token;
    expect(newest).not.toBe(mail.token);
    const site = { channel: "cards" as const, ip: "192.0.2.1" };
    // The link alone opens nothing; with another password neither (and it stays good).
    expect(await accounts().signUpFor(newest, "cards")).toEqual({ email: "anna@example.de" });
    expect(
      await accounts().confirmSignUp({ token: newest, password: "Another-Long-Secret-7" }, site),
    ).toEqual({ ok: false, reason: "invalid" });
    const opened = await accounts().confirmSignUp({ token: newest, password: PASSWORD }, site);
    expect(opened.ok && opened.customer.emailVerifiedAt).toBeInstanceOf(Date);
    expect(opened.ok && (await accounts().customerFor(opened.sessionToken, "cards"))?.email).toBe(
      "anna@example.de",
    );
    // A link works once.
    expect(await accounts().confirmSignUp({ token: newest, password: PASSWORD }, site)).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    expect(await accounts().signUpFor(newest, "cards")).toBeNull();
  });

  it("lets nobody claim an address before its owner: the owner's confirmed sign-up keeps the owner's password and name", async () => {
    const attacker = await call("/web-api/customer-signup", {
      email: "victim@example.de",
      password: "Mallorys-Geheimnis-Turm-5",
      firstName: "Mallory",
      lastName: "Mauler",
    });
    expect(attacker.status).toBe(202);
    const attackersLink = (await mailedLink("victim@example.de")).token;
    const victim = await call("/web-api/customer-signup", {
      email: "victim@example.de",
      password: "Veras-Eigenes-Passwort-8",
      firstName: "Vera",
      lastName: "Vogel",
    });
    expect(victim.status).toBe(202);
    await accounts().settled();
    const mail = (await services.customers.mailer.latest()).find(
      (m) => m.recipient === "victim@example.de",
    );
    expect(mail?.text).toMatch(/^Hallo Vera,/);
    const site = { channel: "cards" as const, ip: "192.0.2.1" };
    // The victim, sent the stranger's link, cannot open the account with it.
    expect(
      await accounts().confirmSignUp(
        { token: attackersLink, password: "Veras-Eigenes-Passwort-8" },
        site,
      ),
    ).toEqual({ ok: false, reason: "invalid" });
    const opened = await confirmMailedSignUp(
      services,
      "victim@example.de",
      "Veras-Eigenes-Passwort-8",
    );
    expect(opened.customer).toMatchObject({ firstName: "Vera", lastName: "Vogel" });
    // The stranger's password and link are worth nothing now.
    const theirs = await call("/web-api/customer-login", {
      email: "victim@example.de",
      password: "Mallorys-Geheimnis-Turm-5",
    });
    expect((await theirs.json()).error).toBe("invalid-credentials");
    expect(
      await accounts().confirmSignUp(
        { token: attackersLink, password: "Mallorys-Geheimnis-Turm-5" },
        site,
      ),
    ).toEqual({ ok: false, reason: "invalid-link" });
    const own = await call("/web-api/customer-login", {
      email: "victim@example.de",
      password: "Veras-Eigenes-Passwort-8",
    });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ fullName: "Vera Vogel" });
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

  it("lets no more wrong guesses through than the limit when they all arrive at once", async () => {
    await signUpAndVerify("parallel@example.de");
    const from = (ip: string) => ({ ...siteFor(ip), session: undefined });
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        accounts().logIn(
          { email: "parallel@example.de", password: `wrong-guess-${i}` },
          from("198.51.100.20"),
        ),
      ),
    );
    const reasons = guesses.map((result) => (result.ok ? "ok" : result.reason));
    expect(reasons.filter((reason) => reason === "invalid")).toHaveLength(
      FAILED_LOGINS_PER_ACCOUNT.limit,
    );
    expect(reasons.filter((reason) => reason === "throttled")).toHaveLength(
      20 - FAILED_LOGINS_PER_ACCOUNT.limit,
    );
  });

  it("slows the guessing address, never the owner logging in from another one", async () => {
    // The guesses of the last test used up the limit of their address for this account.
    const there = await accounts().logIn(
      { email: "parallel@example.de", password: PASSWORD },
      siteFor("198.51.100.20"),
    );
    expect(there).toEqual({ ok: false, reason: "throttled" });
    const refused = await call("/web-api/customer-login", {
      email: "parallel@example.de",
      password: "wrong",
    });
    expect(refused.status).toBe(400);
    const owner = await accounts().logIn(
      { email: "parallel@example.de", password: PASSWORD },
      siteFor("203.0.113.50"),
    );
    expect(owner.ok).toBe(true);
    // A right password costs nothing of the budget: the owner logs in as often as needed.
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT.limit + 1; i++) {
      const again = await accounts().logIn(
        { email: "parallel@example.de", password: PASSWORD },
        siteFor("203.0.113.51"),
      );
      expect(again.ok).toBe(true);
    }
  });

  it("answers 429 in the visitor's language once an address has used up its failures", async () => {
    const windowStart = new Date(
      Math.floor(Date.now() / FAILED_LOGINS_PER_ADDRESS.ms) * FAILED_LOGINS_PER_ADDRESS.ms,
    );
    // In-process requests have no socket: their address is "unknown".
    await database.db
      .insert(rateLimits)
      .values({ key: "login:ip:unknown", windowStart, count: FAILED_LOGINS_PER_ADDRESS.limit })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: FAILED_LOGINS_PER_ADDRESS.limit },
      });
    const refused = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: PASSWORD,
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message.text).toContain("Zu viele Versuche");
    await database.db.delete(rateLimits).where(eq(rateLimits.key, "login:ip:unknown"));
  });

  it("ends the session the browser came with when it logs in", async () => {
    const first = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: PASSWORD,
    });
    const second = await call(
      "/web-api/customer-login",
      { email: "anna@example.de", password: PASSWORD },
      { cookie: cookieOf(first) },
    );
    expect(second.status).toBe(200);
    expect(cookieOf(second)).not.toBe(cookieOf(first));
    const old = await call("/web-api/customer-data", undefined, { cookie: cookieOf(first) });
    expect((await old.json()).isLoggedIn).toBe(false);
    const current = await call("/web-api/customer-data", undefined, { cookie: cookieOf(second) });
    expect((await current.json()).isLoggedIn).toBe(true);
  });

  it("ends a session left unused for longer than the idle timeout, and keeps one in use", async () => {
    const idle = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: PASSWORD,
    });
    const used = await call("/web-api/customer-login", {
      email: "anna@example.de",
      password: PASSWORD,
    });
    const hashOf = (response: Response) => tokenHash(cookieOf(response).split("=")[1] ?? "");
    const longAgo = new Date(Date.now() - SESSION_IDLE_MS - 60_000);
    const lately = new Date(Date.now() - SESSION_IDLE_MS + 60 * 60_000);
    await database.db
      .update(customerSessions)
      .set({ lastSeenAt: longAgo })
      .where(eq(customerSessions.tokenHash, hashOf(idle)));
    await database.db
      .update(customerSessions)
      .set({ lastSeenAt: lately })
      .where(eq(customerSessions.tokenHash, hashOf(used)));
    const idleData = await call("/web-api/customer-data", undefined, { cookie: cookieOf(idle) });
    expect((await idleData.json()).isLoggedIn).toBe(false);
    const usedData = await call("/web-api/customer-data", undefined, { cookie: cookieOf(used) });
    expect((await usedData.json()).isLoggedIn).toBe(true);
    // Its use moved the idle timeout on.
    const [row] = await database.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.tokenHash, hashOf(used)));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("makes every other reset link worthless once one is used", async () => {
    await signUpAndVerify("two-links@example.de");
    await call("/web-api/customer-password-reset", { email: "two-links@example.de" });
    const older = (await mailedLink("two-links@example.de")).token;
    await call("/web-api/customer-password-reset", { email: "two-links@example.de" });
    const newer = (await mailedLink("two-links@example.de")).token;
    expect(newer).not.toBe(older);
    const done = await call("/web-api/customer-password-reset/confirm", {
      token: newer,
      password: "Neues-Passwort-Sommer-2027",
    });
    expect(done.status).toBe(200);
    const late = await call("/web-api/customer-password-reset/confirm", {
      token: older,
      password: "Neues-Passwort-Sommer-2028",
    });
    expect((await late.json()).error).toBe("invalid-link");
    // The session the newer link started goes on.
    const data = await call("/web-api/customer-data", undefined, { cookie: cookieOf(done) });
    expect((await data.json()).isLoggedIn).toBe(true);
  });

  it("refuses a control character in a name alike for a known and an unknown address", async () => {
    const answers = await Promise.all(
      ["anna@example.de", "stranger@example.de"].map(async (email) => {
        const response = await call("/web-api/customer-signup", {
          email,
          password: PASSWORD,
          firstName: "a\u0000b",
          lastName: "Schmidt",
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers[0]!.status).toBe(400);
    expect(answers[0]).toEqual(answers[1]);
    expect(Object.keys(answers[0]!.body.errors)).toEqual(["firstName"]);
  });

  it("prunes sign-ups whose link expired, idle sessions and accounts nobody confirmed", async () => {
    await call("/web-api/customer-signup", {
      email: "never@example.de",
      password: PASSWORD,
      firstName: "Nie",
      lastName: "Mand",
    });
    await accounts().settled();
    const [legacy] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: "C99990000",
        email: "legacy@example.de",
        passwordHash: null,
        firstName: "Alt",
        lastName: "Konto",
        locale: "de-DE",
      })
      .returning();
    const later = new Date(Date.now() + VERIFY_TOKEN_MS + 60_000);
    expect(
      await database.db
        .select()
        .from(customerSignUps)
        .where(eq(customerSignUps.email, "never@example.de")),
    ).toHaveLength(1);
    await pruneAccounts(database.db, new Date());
    // Nothing has run out yet.
    expect(
      await database.db.select().from(customers).where(eq(customers.id, legacy!.id)),
    ).toHaveLength(1);
    const removed = await pruneAccounts(database.db, later);
    expect(removed.unconfirmedAccounts).toBe(1);
    expect(removed.signUps).toBeGreaterThanOrEqual(1);
    expect(
      await database.db
        .select()
        .from(customerSignUps)
        .where(eq(customerSignUps.email, "never@example.de")),
    ).toEqual([]);
    expect(await database.db.select().from(customers).where(eq(customers.id, legacy!.id))).toEqual(
      [],
    );
    // Confirmed accounts stay.
    expect(
      await database.db.select().from(customers).where(eq(customers.email, "anna@example.de")),
    ).toHaveLength(1);
    const idleLimit = new Date(Date.now() + SESSION_IDLE_MS + 60_000);
    await pruneAccounts(database.db, idleLimit);
    expect(await database.db.select().from(customerSessions)).toEqual([]);
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
