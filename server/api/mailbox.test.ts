/**
 * The development mailbox lists an account's mail as soon as the sign-up is answered, though
 * the mail itself leaves a moment after the answer (so the answer's time says nothing about
 * the address): opening the mailbox sends what is waiting first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";
import type { ShopServices } from "../services";
import { createApi } from ".";

describe("the development mailbox", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  beforeAll(async () => {
    const storefront = await loadTestStorefront();
    database = await openTestDatabase("pglite");
    services = await createTestServices(database, { MAILBOX_ENABLED: "true" });
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("lists the sign-up mail of an address right after its sign-up is answered", async () => {
    const signUp = await api.request("http://localhost/web-api/customer-signup", {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json" },
      body: JSON.stringify({
        email: "gleich@example.de",
        password: "Laterne-Wolke-Fahrrad-93",
        firstName: "Greta",
        lastName: "Gleich",
      }),
    });
    expect(signUp.status).toBe(202);
    const mailbox = await api.request("http://localhost/_mailbox", {
      headers: { host: "localhost" },
    });
    expect(mailbox.status).toBe(200);
    expect(await mailbox.text()).toContain("gleich@example.de");
  });
});
