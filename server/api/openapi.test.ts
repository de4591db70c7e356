import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import type { ShopServices } from "../services";

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
    expect(Object.keys(themes.responses).sort()).toEqual(["200", "400", "404", "default"]);
    expect(themes.responses["400"].content).toHaveProperty("application/problem+json");
    expect(Object.keys(doc.components.schemas.Problem.properties)).toEqual(
      expect.arrayContaining(["type", "title", "status", "detail", "error", "errors"]),
    );
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
    // Every problem type's link leads to its row.
    expect(html).toContain('id="problem-invalid_request"');
  });
});
