/**
 * Customers for API tests: an account of the card shop, confirmed and logged in through
 * the shop API, as a browser would end up after the mailed link.
 */
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { customers } from "../../db/schema";
import type { ShopServices } from "../services";

const PASSWORD = "Winterwald-Kerze-42";

/** The link of the newest mail to an address, once the mails under way are written. */
export async function mailedLink(
  services: ShopServices,
  email: string,
): Promise<{ subject: string; token: string; url: string }> {
  await services.customers.accounts.settled();
  const mails = await services.customers.mailer.latest();
  const mail = mails.find((m) => m.recipient === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? "";
  return { subject: mail.subject, url, token: new URL(url).searchParams.get("token") ?? "" };
}

/**
 * Follows the newest sign-up link mailed to an address with the password of that sign-up
 * (the account opens); throws when it does not open.
 */
export async function confirmMailedSignUp(
  services: ShopServices,
  email: string,
  password: string,
  channel: "cards" | "wallart" = "cards",
) {
  const { token } = await mailedLink(services, email);
  const result = await services.customers.accounts.confirmSignUp(
    { token, password },
    { channel, ip: "192.0.2.1" },
  );
  if (!result.ok) throw new Error(`the sign-up of ${email} did not open: ${result.reason}`);
  return result;
}

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
      links: { verify: (t) => `http://x/?token=${t}`, reset: (t) => `http://x/?token=${t}` },
    },
  );
  await confirmMailedSignUp(services, account.email, PASSWORD);
  if (account.whitelabel) {
    await services.database.db
      .update(customers)
      .set({ isWhitelabel: true })
      .where(eq(customers.email, account.email));
  }
  const login = await api.request("http://localhost/web-api/customer-login", {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`log-in answered ${login.status}`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
