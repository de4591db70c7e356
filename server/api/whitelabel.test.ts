/**
 * White label through the shop API on PGlite and PostgreSQL: customer-data shows a
 * white-label customer and their open order as such until the browser leaves the
 * white-label view through the switch, and shows nobody else as one.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { customers } from "../../db/schema";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { loggedInCustomer } from "../testing/customers";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";
import { addDesigned, THEME_CARD } from "../testing/designedLine";

const DE = { channel: "cards", country: "DE", locale: "de-DE" } as const;

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

describe.each(TEST_DATABASES)("white label on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const call = (path: string, init: { body?: unknown; cookie?: string } = {}) =>
    api.request(`http://localhost${path}`, {
      method: init.body === undefined ? "GET" : "POST",
      headers: {
        host: "localhost",
        "content-type": "application/json",
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const cookieOf = (response: Response) =>
    (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

  const loggedIn = (email: string, whitelabel: boolean) =>
    loggedInCustomer(services, api, { email, firstName: "Wanda", lastName: "Weiss", whitelabel });
  const data = async (cookie: string) =>
    (await (await call("/web-api/customer-data", { cookie })).json()) as {
      isWhitelabelCustomer: boolean;
      order: { cartArticlesAmount: number; isWhitelabelOrder: boolean };
    };

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
  });
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("shows a white-label customer and their open order as white label until the browser leaves the view", async () => {
    const session = await loggedIn(`white-${kind}@example.de`, true);
    expect(await data(session)).toMatchObject({
      isWhitelabelCustomer: true,
      order: { cartArticlesAmount: 0, isWhitelabelOrder: false },
    });
    const [customer] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.email, `white-${kind}@example.de`));
    await addDesigned(
      services,
      DE,
      { customerId: customer!.id },
      { product: "card", options: THEME_CARD, quantity: 10 },
    );
    expect((await data(session)).order).toEqual({ cartArticlesAmount: 1, isWhitelabelOrder: true });

    // The error page's banner links here: the view is left, and the visitor goes home.
    const left = await call("/whitelabel/switch", { cookie: session });
    expect(left.status).toBe(302);
    expect(left.headers.get("location")).toBe("/");
    const switchedOff = cookieOf(left);
    expect(switchedOff).toBe("shop_whitelabel=0");
    expect(await data(`${session}; ${switchedOff}`)).toMatchObject({
      isWhitelabelCustomer: false,
      order: { cartArticlesAmount: 1, isWhitelabelOrder: false },
    });

    const back = await call("/whitelabel/switch", { body: { whitelabel: true }, cookie: session });
    expect(await back.json()).toEqual({ isWhitelabel: true });
    expect((await data(`${session}; ${cookieOf(back)}`)).isWhitelabelCustomer).toBe(true);
  });

  it("shows no other customer and no anonymous visitor as white label, whatever the browser says", async () => {
    const session = await loggedIn(`plain-${kind}@example.de`, false);
    expect((await data(`${session}; shop_whitelabel=1`)).isWhitelabelCustomer).toBe(false);
    expect(await data("shop_whitelabel=1")).toMatchObject({
      isLoggedIn: false,
      isWhitelabelCustomer: false,
      order: { isWhitelabelOrder: false },
    });
  });
});
