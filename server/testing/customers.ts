/**
 * Customers for API tests: an account of the card shop, confirmed and logged in through
 * the shop API, as a browser would end up after the mailed link.
 */
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { customers } from "../../db/schema";
import type { ShopServices } from "../services";

const PASSWORD = "Winterwald-Kerze-42";

/** Signs a customer up, confirms the address, logs in; answers the session cookie ("name=value"). */
export async function loggedInCustomer(
  services: ShopServices,
  api: Pick<Hono, "request">,
  account: { email: string; firstName: string; lastName: string; whitelabel?: boolean },
): Promise<string> {
  await services.customers.accounts.signUp(
    {
      email: account.email,
      password: PASSWORD,
      firstName: account.firstName,
      lastName: account.lastName,
    },
    {
      channel: "cards",
      locale: "de-DE",
      ip: "192.0.2.1",
      links: { verify: (t) => `http://x/${t}`, reset: (t) => `http://x/${t}` },
    },
  );
  await services.database.db
    .update(customers)
    .set({ emailVerifiedAt: new Date(), isWhitelabel: account.whitelabel ?? false })
    .where(eq(customers.email, account.email));
  const login = await api.request("http://localhost/web-api/customer-login", {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`log-in answered ${login.status}`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
