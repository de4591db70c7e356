/**
 * The back office over HTTP, as a browser without JavaScript uses it, on PGlite and
 * PostgreSQL: no session leads to the log-in page, a session without the second factor
 * reaches only its set-up (never a page or an action), the set-up gives the second factor
 * and recovery codes, a form without the session's CSRF token is refused, a production
 * operator gets 403 on customers' data, and an idle session ends; a form posted with an ended
 * session (idle or past its lifetime) never reaches its action.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customers, operatorSessions } from "../../db/schema";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { totpCode } from "../../server/admin/totp";
import type { ShopServices } from "../../server/services";
import { OPERATOR_PASSWORD as PASSWORD, openAdminShop, type AdminShop } from "./adminShop.testing";

describe.each(TEST_DATABASES)("the back office over HTTP on %s", (kind) => {
  let t: AdminShop;
  let database: TestDatabase;
  let services: ShopServices;
  let customerId: number;

  beforeAll(async () => {
    t = await openAdminShop(kind);
    ({ database, services } = t);
    // Operators who sign in through the forms below (not signed in by the set-up).
    await t.createOperator("owner", "owner");
    await t.createOperator("press", "production");
    const [row] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: "K-777001",
        email: "kim@example.com",
        firstName: "Kim",
        lastName: "Kunde",
        locale: "de-DE",
      })
      .returning();
    customerId = row!.id;
  }, 180_000);
  afterAll(() => t?.close());

  const request = (target: string, init: RequestInit & { cookie?: string } = {}) =>
    t.request(target, init);
  const post = (target: string, fields: Record<string, string>, cookie?: string) =>
    request(target, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ...(cookie ? { cookie } : {}),
    });
  const cookieOf = (response: Response) =>
    (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

  let ownerCookie = "";

  it("sends a visitor without a session to the log-in page", async () => {
    const response = await request("/_admin/customers?q=kim");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/_admin/login?next=${encodeURIComponent("/_admin/customers?q=kim")}`,
    );
  });

  it("serves its pages as English documents on a German shop's host, the storefront staying German", async () => {
    const login = await request("/_admin/login");
    expect(login.status).toBe(200);
    expect(await login.text()).toMatch(/<html lang="en"/);
    const shop = await request("/");
    expect(await shop.text()).toMatch(/<html lang="de-DE"/);
  });

  it("lets an owner without a second factor reach only its set-up, then gives it with recovery codes", async () => {
    const wrong = await post("/_admin/login", {
      email: "owner@example.com",
      password: "wrong-wrong-1",
    });
    expect(wrong.status).toBe(401);
    const login = await post("/_admin/login", { email: "owner@example.com", password: PASSWORD });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/_admin/security");
    const half = cookieOf(login);
    expect(half).toMatch(/^admin_session=/);
    expect(login.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Strict/);

    // Neither a page nor an action is reached without the second factor.
    expect((await request("/_admin/customers", { cookie: half })).headers.get("location")).toBe(
      "/_admin/security",
    );
    const erase = await post(
      `/_admin/customers/${customerId}`,
      { intent: "erase", confirm: "erase" },
      half,
    );
    expect(erase.status).toBe(302);
    expect(erase.headers.get("location")).toBe("/_admin/security");
    expect(await services.admin.customers.byId(customerId)).not.toBeNull();

    const page = await request("/_admin/security", { cookie: half });
    expect(page.status).toBe(200);
    const html = await page.text();
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(html)?.[1];
    expect(secret).toBeTruthy();
    expect(html).toContain("data:image/svg+xml;base64,");
    const refused = await post("/_admin/security", { csrf: csrfOf(html), code: "000000" }, half);
    expect(refused.status).toBe(400);
    const confirmed = await post(
      "/_admin/security",
      { csrf: csrfOf(html), code: totpCode(secret!) },
      half,
    );
    expect([confirmed.status, confirmed.headers.get("location")]).toEqual([
      302,
      "/_admin/security",
    ]);
    ownerCookie = cookieOf(confirmed);
    expect(ownerCookie).not.toBe(half);
    const enrolled = await (await request("/_admin/security", { cookie: ownerCookie })).text();
    const codes = await post(
      "/_admin/security",
      { csrf: csrfOf(enrolled), intent: "codes" },
      ownerCookie,
    );
    expect(codes.status).toBe(200);
    expect((await codes.text()).match(/<li>[a-z0-9]{5}-[a-z0-9]{5}<\/li>/g)).toHaveLength(10);
    // The session before the second factor is gone (rotated).
    expect((await request("/_admin", { cookie: half })).status).toBe(302);
    expect((await request("/_admin", { cookie: ownerCookie })).status).toBe(200);
  });

  it("refuses a form without the session's CSRF token and exports a customer's data with it", async () => {
    const page = await request(`/_admin/customers/${customerId}`, { cookie: ownerCookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("kim@example.com");
    const forged = await post(`/_admin/customers/${customerId}/export`, {}, ownerCookie);
    expect(forged.status).toBe(403);
    const exported = await post(
      `/_admin/customers/${customerId}/export`,
      { csrf: csrfOf(html) },
      ownerCookie,
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("customer-K-777001.json");
    const body = await exported.json();
    expect(body.account).toMatchObject({ email: "kim@example.com", number: "K-777001" });
    const logged = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `customer:${customerId}`));
    expect(logged.map((e) => [e.action, e.operatorEmail])).toEqual([
      ["customer.export", "owner@example.com"],
    ]);
  });

  it("answers 403 to a production operator on customers' data, page and action alike", async () => {
    const login = await post("/_admin/login", { email: "press@example.com", password: PASSWORD });
    expect(login.headers.get("location")).toBe("/_admin");
    const press = cookieOf(login);
    expect((await request("/_admin", { cookie: press })).status).toBe(200);
    expect((await request("/_admin/customers", { cookie: press })).status).toBe(403);
    expect((await request(`/_admin/customers/${customerId}`, { cookie: press })).status).toBe(403);
    const home = await (await request("/_admin", { cookie: press })).text();
    const exported = await post(
      `/_admin/customers/${customerId}/export`,
      { csrf: csrfOf(home) },
      press,
    );
    expect(exported.status).toBe(403);
    expect((await request("/_admin/operators", { cookie: press })).status).toBe(403);
  });

  it("never lets a form post of an ended session reach its action, idle or past its lifetime", async () => {
    const token = ownerCookie.slice("admin_session=".length);
    // The form as the page gave it: the session's own CSRF token, the confirmation ticked.
    const erase = { csrf: services.admin.csrfToken(token), intent: "erase", confirm: "erase" };
    const fresh = new Date();
    for (const ended of [
      { lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) },
      { lastSeenAt: fresh, expiresAt: new Date(Date.now() - 1000) },
    ]) {
      await database.db.update(operatorSessions).set(ended);
      const response = await post(`/_admin/customers/${customerId}`, erase, ownerCookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/_admin\/login/);
      expect(await services.admin.customers.byId(customerId)).not.toBeNull();
    }
    const erasures = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "customer.erase"));
    expect(erasures).toEqual([]);
    // The same post with the session alive would have erased: the refusal was the session's.
    await database.db
      .update(operatorSessions)
      .set({ lastSeenAt: fresh, expiresAt: new Date(Date.now() + 60 * 60 * 1000) });
    expect((await request("/_admin", { cookie: ownerCookie })).status).toBe(200);
  });

  it("ends a session after half an hour without a request", async () => {
    await database.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) });
    const response = await request("/_admin", { cookie: ownerCookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/_admin\/login/);
  });
});
