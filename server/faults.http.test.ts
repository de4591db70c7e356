/**
 * The database gone while the shop runs, through the whole shop: content pages keep
 * being served from what the content service last read, account and cart calls answer
 * 503 with a clear message, readiness says so, and everything works again once the
 * database is back, without a restart.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopServices } from "./services";
import { TEST_DATABASES } from "../db/testing";
import { openFaultyDatabase, type FaultyDatabase } from "./testing/faultyDatabase";
import { createTestServices } from "./testing/services";
import { createTestShop, type TestShop } from "./testing/shop";

describe.each(TEST_DATABASES)("the database gone at runtime on %s", (kind) => {
  let faulty: FaultyDatabase;
  let services: ShopServices;
  let shop: TestShop;

  beforeAll(async () => {
    faulty = await openFaultyDatabase(kind);
    services = await createTestServices(faulty.database, {
      CONTENT_DIR: path.resolve("content"),
      CONTENT_IMPORT_ON_START: "true",
    });
    shop = await createTestShop(services);
  }, 180_000);
  afterAll(async () => {
    await faulty?.restore().catch(() => {});
    await shop?.stop();
    services?.cms?.close();
    await faulty?.database.destroy();
  });

  /**
   * A returning visitor (their cart hangs on the visitor key); as a crawler, so the whole
   * document comes at once.
   */
  const get = (target: string) =>
    shop.app.request(`http://localhost${target}`, {
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)",
        Cookie: "visitor_key=0d6f3f7e-8a3c-4a55-9d3e-2f1c5b7a9e10",
      },
    });

  it("serves content pages, answers account and cart calls 503, and recovers when it returns", async () => {
    for (const page of ["/service/versand", "/"]) expect((await get(page)).status).toBe(200);
    expect((await get("/web-api/customer-data")).status).toBe(200);

    await faulty.cut();

    for (const page of ["/service/versand", "/"]) {
      const served = await get(page);
      expect(served.status, page).toBe(200);
    }
    const customer = await get("/web-api/customer-data");
    expect(customer.status).toBe(503);
    expect(customer.headers.get("retry-after")).toBe("10");
    expect(await customer.json()).toMatchObject({
      status: 503,
      error: "unavailable",
      detail: "The shop cannot reach its database just now; please try again in a moment",
    });
    const login = await shop.app.request("http://localhost/web-api/customer-login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "anna@example.de", password: "irrelevant-password" }),
    });
    expect(login.status).toBe(503);
    const cart = await get("/warenkorb");
    expect(cart.status).toBe(503);
    expect(cart.headers.get("retry-after")).toBe("10");
    expect((await get("/health/ready")).status).toBe(503);
    expect((await get("/health/live")).status).toBe(200);

    await faulty.restore();

    await expect.poll(async () => (await get("/web-api/customer-data")).status).toBe(200);
    expect((await get("/warenkorb")).status).toBe(200);
    expect((await get("/health/ready")).status).toBe(200);
  });
});
