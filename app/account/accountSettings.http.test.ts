/**
 * The account pages of a signed-in customer over HTTP, as a browser without JavaScript
 * uses them, on PGlite and PostgreSQL: the overview leads to personal data, password
 * change, newsletter and deletion; each is personal (never cached, not indexed), sends
 * anybody without a session to the log-in page, and takes only form posts from the
 * shop's own pages.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  carts,
  customers,
  customerSessions,
  customerTokens,
  mailOutbox,
  newsletterSubscriptions,
} from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { newCustomerNumber } from "../../server/customers/accounts";
import { hashPassword } from "../../server/customers/passwords";
import { newToken, tokenHash } from "../../server/customers/secrets";
import type { ShopServices } from "../../server/services";
import { createTestServices } from "../../server/testing/services";
import { createTestShop, type TestShop } from "../../server/testing/shop";

const PASSWORD = "Winterwald-Kerze-42";
const NEW_PASSWORD = "Sommer-Regen-Laterne-7";

const PAGES = {
  personal: "/konto/persoenliche-daten",
  password: "/konto/passwort-aendern",
  newsletter: "/konto/newsletter",
  delete: "/konto/konto-loeschen",
};

describe.each(TEST_DATABASES)("the account pages of a signed-in customer on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;
  let passwordHash: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
    shop = await createTestShop(services);
    passwordHash = await hashPassword(PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    services?.cms?.close();
    await database?.destroy();
  });

  const request = (target: string, init: RequestInit & { cookie?: string } = {}) => {
    const url = new URL(target, "http://localhost");
    const headers = new Headers(init.headers);
    headers.set("host", url.host);
    if (init.cookie) headers.set("cookie", init.cookie);
    return shop.app.request(url.href, { ...init, headers });
  };
  const post = (
    target: string,
    fields: Record<string, string>,
    cookie?: string,
    headers: Record<string, string> = {},
  ) =>
    request(target, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      cookie,
    });
  const cookieOf = (response: Response) =>
    (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

  /** A confirmed customer of the cards brand, as a finished sign-up leaves them. */
  async function customer(email: string, verified = true) {
    const [row] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: newCustomerNumber("cards"),
        email,
        passwordHash,
        firstName: "Anna",
        lastName: "Schmidt",
        locale: "de-DE",
        emailVerifiedAt: verified ? new Date() : null,
      })
      .returning();
    return row!;
  }
  /** Logs in through the log-in page and returns the session cookie. */
  async function logIn(email: string, password = PASSWORD) {
    const response = await post("/konto/anmelden", { email, password });
    expect(response.status).toBe(302);
    const cookie = cookieOf(response);
    expect(cookie).toMatch(/^shop_session=[\w-]{43}$/);
    return cookie;
  }
  /** The error text a field's aria-describedby points to. */
  function describedError(html: string, name: string): string | undefined {
    const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(input).toContain('aria-invalid="true"');
    const ids = /aria-describedby="([^"]+)"/.exec(input)?.[1]?.split(" ") ?? [];
    const errorId = ids.find((id) => id.endsWith("-error"));
    if (!errorId) return undefined;
    const escaped = errorId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`id="${escaped}"[^>]*>([^<]*)<`).exec(html)?.[1];
  }

  it("sends an anonymous visitor from each page to the log-in page, for a visit and a form post", async () => {
    for (const path of Object.values(PAGES)) {
      const visit = await request(path);
      expect(visit.status, path).toBe(302);
      expect(visit.headers.get("location"), path).toBe("/konto/anmelden");
      expect(visit.headers.get("cache-control"), path).toContain("no-store");
      const form = await post(path, { firstName: "X", lastName: "Y", intent: "subscribe" });
      expect(form.status, path).toBe(303);
      expect(form.headers.get("location"), path).toBe("/konto/anmelden");
    }
    // In another language and brand, to that site's own log-in page.
    const french = await request("http://ch.wallart.localhost/fr/compte/donnees-personnelles/");
    expect(french.headers.get("location")).toBe("/fr/compte/connexion/");
  });

  it("links the overview to each page, each of them personal and not indexed", async () => {
    await customer("links@example.de");
    const cookie = await logIn("links@example.de");
    const overview = await (await request("/konto", { cookie })).text();
    expect(overview).toContain("Ihr Konto verwalten");
    for (const path of Object.values(PAGES)) {
      expect(overview).toContain(`href="${path}"`);
      const page = await request(path, { cookie });
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cache-control"), path).toBe("private, no-store");
      const html = await page.text();
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(html, path).toContain('href="/konto"');
    }
    // Each language has its own words for them (the session belongs to the brand).
    const words = {
      "http://gb.cards.localhost/account": [
        "/account/personal-data",
        "/account/change-password",
        "/account/newsletter",
        "/account/delete-account",
      ],
      "http://fr.cards.localhost/compte": [
        "/compte/donnees-personnelles",
        "/compte/changer-mot-de-passe",
        "/compte/newsletter",
        "/compte/supprimer-compte",
      ],
    };
    for (const [target, paths] of Object.entries(words)) {
      const html = await (await request(target, { cookie })).text();
      for (const path of paths) expect(html, target).toContain(`href="${path}"`);
    }
  });

  it("changes the name, naming each wrong field, and shows the new one", async () => {
    const anna = await customer("name@example.de");
    const cookie = await logIn(anna.email);
    const page = await (await request(PAGES.personal, { cookie })).text();
    expect(page).toContain('value="Anna"');
    expect(page).toContain('value="Schmidt"');

    const wrong = await post(
      PAGES.personal,
      { firstName: "  ", lastName: "x".repeat(101) },
      cookie,
    );
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(describedError(html, "firstName")).toBe("Bitte füllen Sie dieses Feld aus.");
    expect(describedError(html, "lastName")).toBe("Bitte prüfen Sie Ihre Eingabe.");
    const [unchanged] = await database.db.select().from(customers).where(eq(customers.id, anna.id));
    expect(unchanged?.firstName).toBe("Anna");

    const saved = await post(PAGES.personal, { firstName: " Berta ", lastName: "Neumann" }, cookie);
    expect(saved.status).toBe(200);
    const done = await saved.text();
    expect(done).toContain("Ihre Änderungen sind gespeichert.");
    expect(done).toContain('value="Berta"');
    expect(await (await request("/konto", { cookie })).text()).toContain("Hallo Berta");
    const customerData = await (await request("/web-api/customer-data", { cookie })).json();
    expect(customerData.fullName).toBe("Berta Neumann");
  });

  it("refuses a wrong current password and a weak new one as field errors, and echoes no password", async () => {
    const anna = await customer("weak@example.de");
    const cookie = await logIn(anna.email);
    const wrong = await post(
      PAGES.password,
      { currentPassword: "not my password", newPassword: NEW_PASSWORD },
      cookie,
    );
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(describedError(wrongHtml, "currentPassword")).toBe("Das Passwort stimmt nicht.");
    expect(wrongHtml).not.toContain(NEW_PASSWORD);
    expect(wrongHtml).not.toContain("not my password");

    const weak = await post(
      PAGES.password,
      { currentPassword: PASSWORD, newPassword: "Passwort123" },
      cookie,
    );
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    expect(describedError(weakHtml, "newPassword")).toBe(
      "Dieses Passwort ist zu leicht zu erraten. Nehmen Sie zum Beispiel mehrere Wörter.",
    );
    const short = await post(
      PAGES.password,
      { currentPassword: PASSWORD, newPassword: "kurz" },
      cookie,
    );
    expect(describedError(await short.text(), "newPassword")).toBe(
      "Das Passwort braucht mindestens 10 Zeichen.",
    );
    const empty = await post(PAGES.password, { currentPassword: "", newPassword: "" }, cookie);
    const emptyHtml = await empty.text();
    expect(describedError(emptyHtml, "currentPassword")).toBe("Bitte füllen Sie dieses Feld aus.");
    expect(describedError(emptyHtml, "newPassword")).toBe("Bitte füllen Sie dieses Feld aus.");
    // The session still works and the password is the old one.
    expect((await request(PAGES.password, { cookie })).status).toBe(200);
    await logIn(anna.email);
  });

  it("changes the password, ends the customer's other sessions and gives this browser a new one", async () => {
    const anna = await customer("change@example.de");
    const here = await logIn(anna.email);
    const elsewhere = await logIn(anna.email);
    const changed = await post(
      PAGES.password,
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      here,
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe(`${PAGES.password}?done`);
    const renewed = cookieOf(changed);
    expect(renewed).toMatch(/^shop_session=[\w-]{43}$/);
    expect(renewed).not.toBe(here);

    const done = await request(changed.headers.get("location")!, { cookie: renewed });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Ihr Passwort ist geändert.");
    for (const old of [here, elsewhere]) {
      const refused = await request("/konto", { cookie: old });
      expect(refused.headers.get("location")).toBe("/konto/anmelden");
    }
    const sessions = await database.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, anna.id));
    expect(sessions).toHaveLength(1);
    expect((await post("/konto/anmelden", { email: anna.email, password: PASSWORD })).status).toBe(
      400,
    );
    await logIn(anna.email, NEW_PASSWORD);
  });

  it("subscribes the customer's confirmed address to the brand's newsletter at once, and unsubscribes it", async () => {
    const anna = await customer("letters@example.de");
    const cookie = await logIn(anna.email);
    expect(await (await request(PAGES.newsletter, { cookie })).text()).toContain(
      "Sie erhalten den Newsletter von Cardelia nicht.",
    );
    const subscribed = await post(PAGES.newsletter, { intent: "subscribe" }, cookie);
    expect(subscribed.status).toBe(200);
    const html = await subscribed.text();
    expect(html).toContain("Sie sind zum Newsletter angemeldet.");
    expect(html).toContain("Sie erhalten den Newsletter von Cardelia an letters@example.de.");
    expect(await services.customers.newsletter.statusOf("cards", anna.email)).toBe("confirmed");
    expect(await services.customers.newsletter.statusOf("wallart", anna.email)).toBe("none");
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, anna.email));
    expect(mails).toEqual([]);

    const unsubscribed = await post(PAGES.newsletter, { intent: "unsubscribe" }, cookie);
    expect(await unsubscribed.text()).toContain("Sie sind vom Newsletter abgemeldet.");
    expect(await services.customers.newsletter.statusOf("cards", anna.email)).toBe("none");
    const unknown = await post(PAGES.newsletter, { intent: "everything" }, cookie);
    expect(unknown.status).toBe(400);
  });

  it("sends the double opt-in mail instead when the account's address is not confirmed", async () => {
    const ben = await customer("unconfirmed@example.de", false);
    // A session of an account whose address is not confirmed (log-in itself needs one).
    const token = newToken();
    await database.db.insert(customerSessions).values({
      tokenHash: tokenHash(token),
      customerId: ben.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const cookie = `shop_session=${token}`;
    const answer = await post(PAGES.newsletter, { intent: "subscribe" }, cookie);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Fast geschafft: Bitte bestätigen Sie die Anmeldung");
    expect(await services.customers.newsletter.statusOf("cards", ben.email)).toBe("pending");
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, ben.email));
    expect(mail?.kind).toBe("newsletter-confirm");
    expect(await (await request(PAGES.newsletter, { cookie })).text()).toContain(
      "wartet auf Ihre Bestätigung",
    );
  });

  it("deletes the account after the password, with its data and session, and a later log-in fails", async () => {
    const anna = await customer("gone@example.de");
    const cookie = await logIn(anna.email);
    const elsewhere = await logIn(anna.email);
    await post(PAGES.newsletter, { intent: "subscribe" }, cookie);
    await post("/konto/passwort", { email: anna.email });
    await database.db.insert(carts).values({ channel: "cards", customerId: anna.id });

    const wrong = await post(PAGES.delete, { password: "not my password" }, cookie);
    expect(wrong.status).toBe(400);
    expect(describedError(await wrong.text(), "password")).toBe("Das Passwort stimmt nicht.");
    expect(
      await database.db.select().from(customers).where(eq(customers.id, anna.id)),
    ).toHaveLength(1);

    const deleted = await post(PAGES.delete, { password: PASSWORD }, cookie);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe(`${PAGES.delete}?done`);
    expect(deleted.headers.get("set-cookie")).toMatch(/^shop_session=; Path=\/; Max-Age=0/);
    const confirmation = await request(deleted.headers.get("location")!);
    expect(confirmation.status).toBe(200);
    const html = await confirmation.text();
    expect(html).toContain("Konto gelöscht");
    expect(html).toContain("Ihr Kundenkonto bei Cardelia und die Daten dazu sind gelöscht.");

    const db = database.db;
    expect(await db.select().from(customers).where(eq(customers.id, anna.id))).toEqual([]);
    expect(
      await db.select().from(customerSessions).where(eq(customerSessions.customerId, anna.id)),
    ).toEqual([]);
    expect(
      await db.select().from(customerTokens).where(eq(customerTokens.customerId, anna.id)),
    ).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.customerId, anna.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, anna.email)),
    ).toEqual([]);
    for (const old of [cookie, elsewhere]) {
      const page = await request("/konto", { cookie: old });
      expect(page.headers.get("location")).toBe("/konto/anmelden");
    }
    const login = await post("/konto/anmelden", { email: anna.email, password: PASSWORD });
    expect(login.status).toBe(400);
    expect(await login.text()).toContain("E-Mail-Adresse oder Passwort ist falsch.");
  });

  it("refuses changes sent from another site, and a deletion without the session's cookie", async () => {
    const anna = await customer("forged@example.de");
    const cookie = await logIn(anna.email);
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const forged = await post(PAGES.delete, { password: PASSWORD }, cookie, headers);
      expect(forged.status).toBe(403);
      const renamed = await post(
        PAGES.personal,
        { firstName: "Mallory", lastName: "X" },
        cookie,
        headers,
      );
      expect(renamed.status).toBe(403);
      const changed = await post(
        PAGES.password,
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        cookie,
        headers,
      );
      expect(changed.status).toBe(403);
    }
    const anonymous = await post(PAGES.delete, { password: PASSWORD });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe("/konto/anmelden");
    const [kept] = await database.db.select().from(customers).where(eq(customers.id, anna.id));
    expect(kept?.firstName).toBe("Anna");
    expect((await request("/konto", { cookie })).status).toBe(200);
  });
});
