import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import type { Storefront } from "../storefront";
import { closeTestStorefront, loadTestStorefront } from "../testing/shop";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);
afterAll(closeTestStorefront);
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import type { ShopServices } from "../services";

/** The prefixes whose every route must be in the API reference. */
const DOCUMENTED = ["/web-api", "/price-api", "/api", "/accessory", "/gift-voucher", "/whitelabel"];

/** Hono's `/a/:id{[0-9]+}/b` as OpenAPI's `/a/{id}/b`. */
const openApiPath = (path: string) =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, "{$1}");

describe("the API reference", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    services = await createTestServices(database);
    api = createApi(services, storefront);
  });
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  it("is an OpenAPI 3.1 document that lists every route of the documented prefixes", async () => {
    const response = await api.request("http://localhost/web-api/openapi.json");
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    const routes = api.routes.filter(
      (r) =>
        r.method !== "ALL" &&
        !r.path.endsWith("*") &&
        DOCUMENTED.some((p) => r.path === p || r.path.startsWith(`${p}/`)),
    );
    expect(routes.length).toBeGreaterThan(45);
    const missing = routes
      .map((r) => `${r.method} ${openApiPath(r.path)}`)
      .filter((key) => {
        const [method, path] = key.split(" ") as [string, string];
        return !doc.paths[path]?.[method.toLowerCase()];
      });
    expect([...new Set(missing)]).toEqual([]);
  });

  it("describes the query, the error shape and the responses of a path", async () => {
    const doc = await (await api.request("http://localhost/web-api/openapi.json")).json();
    const themes = doc.paths["/web-api/themes"].get;
    const names = themes.parameters.map((p: { name: string }) => p.name);
    for (const name of [
      "aspectRatio",
      "category",
      "color",
      "label",
      "product",
      "punching",
      "style",
      "sort",
      "pageSize",
      "page",
      "x-channel",
      "x-locale",
    ])
      expect(names).toContain(name);
    expect(Object.keys(themes.responses).sort()).toEqual(["200", "400", "404"]);
    expect(doc.components.schemas.Error.properties).toHaveProperty("field");
    const sets = doc.paths["/web-api/photobook-design-group-set"].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(sets).toContain("categoryIds[]");
    expect(doc.paths["/web-api/photobook-design-group-set/{setId}"]).toBeDefined();
  });

  it("renders a readable page without scripts", async () => {
    const response = await api.request("http://localhost/web-api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("/web-api/themes");
    expect(html).toContain("/price-api/photoboxes");
    expect(html).not.toContain("<script");
  });
});
