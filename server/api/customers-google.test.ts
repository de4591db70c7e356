/**
 * Sign in with Google through the shop API on PGlite and PostgreSQL. The ID tokens are
 * signed with a key pair made for the test, whose public half a small local HTTP server
 * publishes as a key set, so the shop fetches and checks keys as it would Google's.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, like } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { createApi } from ".";
import { customers, rateLimits } from "../../db/schema";
import { FAILED_LOGINS_PER_ADDRESS } from "../customers/accounts";
import { createGoogleSignIn } from "../customers/google";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { confirmMailedSignUp, mailedLink } from "../testing/customers";
import { createTestServices } from "../testing/services";
import type { ShopServices } from "../services";

const CLIENT_ID = "1234-shop.apps.googleusercontent.com";
const PASSWORD = "Winterwald-Kerze-42";
const GOOGLE_PATH = "/web-api/customer-auth-google-credentials";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
/** Google's stand-in signing key, and one Google never published. */
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let keySet: Server;
let keySetUrl: string;

beforeAll(async () => {
  storefront = await loadTestStorefront();
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256" };
  keySet = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => keySet.listen(0, "127.0.0.1", resolve));
  keySetUrl = `http://127.0.0.1:${(keySet.address() as AddressInfo).port}/oauth2/v3/certs`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => keySet?.close(resolve));
});

/** An ID token as Google would issue it for the shop; `claims` change or add claims. */
function idToken(
  claims: Record<string, unknown> = {},
  options: { key?: CryptoKey } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: "https://accounts.google.com",
    aud: CLIENT_ID,
    sub: "100000000000000000001",
    email: "max@example.de",
    email_verified: true,
    given_name: "Max",
    family_name: "Muster",
    name: "Max Muster",
    iat: now - 5,
    exp: now + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "JWT" })
    .sign(options.key ?? signingKey);
}

describe.each(TEST_DATABASES)("Google sign-in on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const call = (
    target: ReturnType<typeof createApi>,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    target.request(`http://localhost${path}`, {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const google = async (credential: string, headers: Record<string, string> = {}) =>
    call(api, GOOGLE_PATH, { credential }, headers);
  const passwordLogIn = (email: string, password = PASSWORD) =>
    call(api, "/web-api/customer-login", { email, password });
  const cookieOf = (response: Response) =>
    (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  async function account(email: string) {
    const [row] = await database.db.select().from(customers).where(eq(customers.email, email));
    return row;
  }
  /** Signs up through the API; `confirm` follows the mailed link. */
  async function signUp(email: string, confirm: boolean) {
    const response = await call(api, "/web-api/customer-signup", {
      email,
      password: PASSWORD,
      firstName: "Anna",
      lastName: "Schmidt",
    });
    expect(response.status).toBe(202);
    if (!confirm) return;
    expect((await confirmMailedSignUp(services, email, PASSWORD)).customer.email).toBe(email);
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database, {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: keySetUrl,
    });
    api = createApi(services, storefront);
  });
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("logs an existing customer in by their verified address and links their Google account", async () => {
    await signUp("anna@example.de", true);
    const response = await google(
      await idToken({ sub: "google-anna", email: "Anna@Example.DE", given_name: "Annabelle" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(
      /^shop_session=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    );
    // The account keeps its own names; Google's are only for new accounts.
    expect(await response.json()).toMatchObject({
      isLoggedIn: true,
      firstName: "Anna",
      fullName: "Anna Schmidt",
    });
    const linked = await account("anna@example.de");
    expect(linked?.googleSubject).toBe("google-anna");
    const data = await api.request("http://localhost/web-api/customer-data", {
      headers: { host: "localhost", cookie: cookieOf(response) },
    });
    expect((await data.json()).number).toBe(linked?.number);
    // The password still works as before.
    expect((await passwordLogIn("anna@example.de")).status).toBe(200);
  });

  it("finds a linked customer by their Google account after the address at Google changed", async () => {
    const response = await google(
      await idToken({ sub: "google-anna", email: "anna.neu@example.de" }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).number).toBe((await account("anna@example.de"))?.number);
    expect(await account("anna.neu@example.de")).toBeUndefined();
  });

  it("opens a confirmed account without a password for a new address", async () => {
    const response = await google(await idToken({ sub: "google-max", email: "max@example.de" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      isLoggedIn: true,
      firstName: "Max",
      lastName: "Muster",
      fullName: "Max Muster",
    });
    const created = await account("max@example.de");
    expect(created).toMatchObject({
      channel: "cards",
      googleSubject: "google-max",
      passwordHash: null,
      locale: "de-DE",
    });
    expect(created?.emailVerifiedAt).not.toBeNull();
    expect(created?.number).toMatch(/^C\d{8}$/);
    // No password opens it, until a password reset sets one.
    const refused = await passwordLogIn("max@example.de", "any-password-at-all");
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("invalid-credentials");
    // The next Google log-in finds the same account.
    const again = await google(await idToken({ sub: "google-max", email: "max@example.de" }));
    expect((await again.json()).number).toBe(created?.number);
  });

  it("opens the account of an address whose sign-up waits, without the waiting sign-up's password", async () => {
    await signUp("pending@example.de", false);
    const { token } = await mailedLink(services, "pending@example.de");
    const response = await google(
      await idToken({ sub: "google-pending", email: "pending@example.de" }),
    );
    expect(response.status).toBe(200);
    const confirmed = await account("pending@example.de");
    expect(confirmed?.emailVerifiedAt).not.toBeNull();
    expect(confirmed?.passwordHash).toBeNull();
    expect((await passwordLogIn("pending@example.de")).status).toBe(400);
    // The waiting sign-up can no longer open an account of its own.
    expect(
      await services.customers.accounts.confirmSignUp(
        { token, password: PASSWORD },
        { channel: "cards", ip: "192.0.2.1" },
      ),
    ).toEqual({ ok: false, reason: "invalid-link" });
  });

  it("refuses with 401 a token for another audience, from another issuer, expired, with an unverified address or a wrong signature", async () => {
    const now = Math.floor(Date.now() / 1000);
    const refused = {
      "wrong audience": await idToken({ aud: "someone-else.apps.googleusercontent.com" }),
      "wrong issuer": await idToken({ iss: "https://accounts.example.com" }),
      expired: await idToken({ iat: now - 7200, exp: now - 3600 }),
      "address not verified": await idToken({ email_verified: false }),
      "address verification missing": await idToken({ email_verified: undefined }),
      "wrong signature": await idToken({}, { key: strangerKey }),
    };
    for (const [why, credential] of Object.entries(refused)) {
      const response = await google(credential);
      expect(response.status, why).toBe(401);
      expect(response.headers.get("set-cookie"), why).toBeNull();
      expect(await response.json(), why).toMatchObject({
        error: "google-failed",
        message: {
          text: "Die Anmeldung mit Google hat nicht geklappt. Bitte versuchen Sie es noch einmal.",
        },
      });
    }
    // A token whose signature is good but whose payload was changed afterwards.
    const [header, , signature] = (await idToken()).split(".");
    const forged = Buffer.from(
      JSON.stringify({
        iss: "https://accounts.google.com",
        aud: CLIENT_ID,
        sub: "x",
        exp: now + 60,
      }),
    ).toString("base64url");
    expect((await google(`${header}.${forged}.${signature}`)).status).toBe(401);
  });

  it("takes both ways Google writes its issuer", async () => {
    const response = await google(
      await idToken({ iss: "accounts.google.com", sub: "google-max", email: "max@example.de" }),
    );
    expect(response.status).toBe(200);
  });

  it("refuses a Google account the address's customer is not linked to", async () => {
    const response = await google(
      await idToken({ sub: "google-someone-else", email: "anna@example.de" }),
    );
    expect(response.status).toBe(401);
    expect((await account("anna@example.de"))?.googleSubject).toBe("google-anna");
  });

  it("ends the session the browser came with and starts a new one", async () => {
    const before = await passwordLogIn("anna@example.de");
    const response = await google(await idToken({ sub: "google-anna", email: "anna@example.de" }), {
      cookie: cookieOf(before),
    });
    expect(response.status).toBe(200);
    expect(cookieOf(response)).not.toBe(cookieOf(before));
    const old = await api.request("http://localhost/web-api/customer-data", {
      headers: { host: "localhost", cookie: cookieOf(before) },
    });
    expect((await old.json()).isLoggedIn).toBe(false);
  });

  it("takes the credential only as JSON from this host, in the shape of a token", async () => {
    const credential = await idToken({ sub: "google-max", email: "max@example.de" });
    const form = await api.request(`http://localhost${GOOGLE_PATH}`, {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ credential }).toString(),
    });
    expect(form.status).toBe(403);
    expect(form.headers.get("set-cookie")).toBeNull();
    const foreign = await google(credential, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("set-cookie")).toBeNull();
    const missing = await call(api, GOOGLE_PATH, {});
    expect(missing.status).toBe(400);
    expect((await call(api, GOOGLE_PATH, { credential: "not a token" })).status).toBe(400);
  });

  it("counts refused tokens against the network address and then refuses every log-in there", async () => {
    await google(await idToken({ aud: "someone-else" }));
    // Requests made in-process have no socket: their address is "unknown".
    const [counter] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "login:ip:unknown"));
    expect(counter?.count).toBeGreaterThan(0);
    await database.db
      .update(rateLimits)
      .set({ count: FAILED_LOGINS_PER_ADDRESS.limit })
      .where(eq(rateLimits.key, counter!.key));
    const throttled = await google(await idToken({ sub: "google-max", email: "max@example.de" }));
    expect(throttled.status).toBe(429);
    expect((await throttled.json()).error).toBe("throttled");
    await database.db.delete(rateLimits).where(eq(rateLimits.key, counter!.key));
  });

  it("answers 503 without counting when Google's keys cannot be fetched", async () => {
    // A port nobody listens on any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createApi(
      {
        ...services,
        customers: {
          ...services.customers,
          google: createGoogleSignIn({
            db: database.db,
            log: services.log,
            clientId: CLIENT_ID,
            jwksUrl: `http://127.0.0.1:${port}/certs`,
          }),
        },
      },
      storefront,
    );
    const response = await call(unreachable, GOOGLE_PATH, { credential: await idToken() });
    expect(response.status).toBe(503);
    expect((await response.json()).error).toBe("google-unavailable");
    const counters = await database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, "login:ip:%"));
    // Each attempt is counted before the check and taken back when Google was not reached.
    expect(counters.reduce((sum, counter) => sum + counter.count, 0)).toBe(0);
  });

  it("answers 404 like any unknown path when no Google client id is configured", async () => {
    const withoutGoogle = createApi(
      { ...services, customers: { ...services.customers, google: null } },
      storefront,
    );
    const response = await call(withoutGoogle, GOOGLE_PATH, {
      credential: await idToken({ sub: "google-max", email: "max@example.de" }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: "not_found",
      detail: `No API endpoint at ${GOOGLE_PATH}`,
    });
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
