/**
 * One set-up for the back office's HTTP tests: a shop on a test database, operators of the
 * roles a test asks for, each signed in (owners and operators with their second factor), and
 * requests and form posts as each of them.
 */
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from "../../db/testing";
import type { Role } from "../../domain/operatorRoles";
import { totpCode } from "../../server/admin/totp";
import type { ShopServices } from "../../server/services";
import { createTestServices } from "../../server/testing/services";
import { createTestShop, type TestShop } from "../../server/testing/shop";

export { testOrderValues } from "../../server/testing/orders";

export const OPERATOR_PASSWORD = "Kompass-Nebel-Treppe-58";

export interface SignedIn {
  id: number;
  email: string;
  token: string;
  cookie: string;
  csrf: string;
}

export interface AdminShop {
  database: TestDatabase;
  services: ShopServices;
  shop: TestShop;
  /** A request to the shop, as whoever's cookie it carries (no redirect followed). */
  request(target: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  /**
   * A form post with the operator's session and CSRF token; fields as pairs where a name
   * repeats (several countries ticked).
   */
  post(
    path: string,
    who: SignedIn,
    fields: Record<string, string> | readonly (readonly [string, string])[],
  ): Promise<Response>;
  /** Creates an operator (`name@example.com`, OPERATOR_PASSWORD) without signing them in. */
  createOperator(name: string, role: Role): Promise<{ id: number; email: string }>;
  /** Creates an operator (`name@example.com`) and signs them in. */
  signIn(name: string, role: Role): Promise<SignedIn>;
  close(): Promise<void>;
}

export async function openAdminShop(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<AdminShop> {
  const database = await openTestDatabase(kind);
  const services = await createTestServices(database, env);
  const shop = await createTestShop(services);
  const ops = services.admin.operators;

  const request: AdminShop["request"] = (target, init = {}) => {
    const url = new URL(target, "http://localhost");
    const headers = new Headers(init.headers);
    headers.set("host", url.host);
    if (init.cookie) headers.set("cookie", init.cookie);
    return Promise.resolve(shop.app.request(url.href, { ...init, headers, redirect: "manual" }));
  };

  const createOperator: AdminShop["createOperator"] = async (name, role) => {
    const email = `${name}@example.com`;
    const made = await ops.create(
      { id: null, email: "test" },
      { email, name, role, password: OPERATOR_PASSWORD },
    );
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    return { id: made.operator.id, email };
  };

  return {
    database,
    services,
    shop,
    request,
    post: (path, who, fields) =>
      request(path, {
        method: "POST",
        body: new URLSearchParams([
          ["csrf", who.csrf],
          ...(Array.isArray(fields) ? fields : Object.entries(fields)),
        ]),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        cookie: who.cookie,
      }),
    createOperator,
    async signIn(name, role) {
      const made = await createOperator(name, role);
      const email = made.email;
      const login = await ops.login({ email, password: OPERATOR_PASSWORD, caller: name });
      if (!login.ok) throw new Error(login.problem);
      let token = login.token;
      if (role === "owner" || role === "operator") {
        const operator = (await ops.byId(made.id))!;
        const { secret } = await ops.beginSecondFactor(operator);
        const fresh = (await ops.byId(made.id))!;
        const confirmed = await ops.confirmSecondFactor(fresh, totpCode(secret), token);
        if (!confirmed.ok) throw new Error("no second factor");
        token = confirmed.token;
      }
      return {
        id: made.id,
        email,
        token,
        cookie: `admin_session=${token}`,
        csrf: services.admin.csrfToken(token),
      };
    },
    async close() {
      await shop.stop();
      services.cms?.close();
      await database.destroy();
    },
  };
}
