import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { loggedInCustomer } from "../testing/customers";
import type { ShopServices } from "../services";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

interface Wishlist {
  count: number;
  themes: { id: string; name: string; price: { formatted: { current: string } } | null }[];
}

describe.each(TEST_DATABASES)("the wishlist API on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const call = (method: string, path: string, cookie?: string, host = "localhost") =>
    api.request(`http://${host}${path}`, {
      method,
      headers: { host, ...(cookie ? { cookie } : {}) },
    });
  const list = async (cookie?: string) => {
    const response = await call("GET", "/web-api/wishlist", cookie);
    expect(response.status).toBe(200);
    return (await response.json()) as Wishlist;
  };

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  it("gives a visitor a key with the first heart and lists the theme priced", async () => {
    expect(await list()).toEqual({ count: 0, themes: [] });
    const saved = await call("PUT", "/web-api/wishlist/items/einschulung-001");
    expect(saved.status).toBe(200);
    expect(saved.headers.get("cache-control")).toBe("private, no-store");
    expect(await saved.json()).toEqual({ themeId: "einschulung-001", saved: true, count: 1 });
    const cookie = (saved.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^visitor_key=[0-9a-f-]{36}$/);
    const wishlist = await list(cookie);
    expect(wishlist.count).toBe(1);
    expect(wishlist.themes[0]).toMatchObject({ id: "einschulung-001" });
    expect(wishlist.themes[0]!.price?.formatted.current).toMatch(/€/);
    // The header's count comes with the customer data, never with the page.
    const data = await call("GET", "/web-api/customer-data", cookie);
    expect(await data.json()).toMatchObject({ wishlistThemes: 1 });

    const removed = await call("DELETE", "/web-api/wishlist/items/einschulung-001", cookie);
    expect(await removed.json()).toEqual({ themeId: "einschulung-001", saved: false, count: 0 });
    expect((await list(cookie)).count).toBe(0);
  });

  it("answers a wrong id 400, an unknown theme 404 and a shop without a wishlist 404", async () => {
    expect((await call("PUT", "/web-api/wishlist/items/a%20b")).status).toBe(400);
    const unknown = await call("PUT", "/web-api/wishlist/items/no-such-theme");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/problem+json");
    expect(unknown.headers.get("set-cookie")).toContain("visitor_key=");
    for (const method of ["GET", "PUT"]) {
      const path = method === "GET" ? "/web-api/wishlist" : "/web-api/wishlist/items/x";
      expect((await call(method, path, undefined, "wallart.localhost")).status).toBe(404);
    }
  });

  it("moves a visitor's hearts to the customer's list at log-in", async () => {
    const saved = await call("PUT", "/web-api/wishlist/items/einschulung-002");
    const visitor = (saved.headers.get("set-cookie") ?? "").split(";")[0]!;
    const email = `wish-${kind}@example.de`;
    await loggedInCustomer(services, api, { email, firstName: "Wilma", lastName: "Wish" });
    const login = await api.request("http://localhost/web-api/customer-login", {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json", cookie: visitor },
      body: JSON.stringify({ email, password: "Winterwald-Kerze-42" }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ isLoggedIn: true, wishlistThemes: 1 });
    const session = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await list(session)).themes.map((t) => t.id)).toEqual(["einschulung-002"]);
    expect((await list(visitor)).count).toBe(0);
  });
});
