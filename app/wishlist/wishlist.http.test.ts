/**
 * The wishlist page over HTTP, as a browser without JavaScript uses it: a heart's form
 * saves a theme for a visitor (who gets a visitor key with it), the page lists it with its
 * from-price and the way into the designer, a remove form takes it off, and the visitor's
 * list becomes the customer's when their sign-up is confirmed. Personal, never cached.
 */
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";
import { mailedLink } from "../../server/testing/customers";

const PASSWORD = "Winterwald-Kerze-42";

describe("the wishlist page", () => {
  const test = useTestShop();

  const request = (target: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    return test.request(target, { ...init, headers });
  };
  const post = (target: string, fields: Record<string, string>, cookie?: string, headers = {}) =>
    request(target, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      cookie,
    });
  const cookieOf = (response: Response) =>
    (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

  it("is empty for a new visitor, leads to the designs and is never cached", async () => {
    const response = await request("/wunschliste");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
    const html = await response.text();
    expect(html).toContain("Ihre Wunschliste ist leer.");
    expect(html).toContain('href="/vorkonfigurator-karten"');
    expect(html).toContain('content="noindex, nofollow"');
  });

  it("has no page in a shop without the wishlist feature", async () => {
    expect((await request("http://wallart.localhost/wunschliste/")).status).toBe(404);
  });

  it("keeps a visitor's heart through the confirmation of their sign-up", async () => {
    // The heart without JavaScript: on to the list, with a visitor key.
    const saved = await post("/wunschliste", { intent: "add", themeId: "einschulung-001" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/wunschliste");
    const visitor = cookieOf(saved);
    expect(visitor).toMatch(/^visitor_key=/);
    const page = await (await request("/wunschliste", { cookie: visitor })).text();
    expect(page).toContain("Schulstart – Sternenglanz");
    expect(page).toContain("/configurator-card?themeId=einschulung-001");
    const theme = await test.services.catalogue.theme(
      { channel: "cards", country: "DE", locale: "de-DE" },
      "einschulung-001",
    );
    expect(page).toContain(theme.price!.formatted.current);

    const email = `wish.${Date.now()}@example.de`;
    await test.services.customers.accounts.signUp(
      { email, password: PASSWORD, firstName: "Wilma", lastName: "Wunsch" },
      {
        channel: "cards",
        locale: "de-DE",
        ip: "192.0.2.1",
        links: { verify: (t) => `http://x/?token=${t}`, reset: (t) => `http://x/?token=${t}` },
      },
    );
    const { token } = await mailedLink(test.services, email);
    const confirmed = await post("/konto/bestaetigen", { token, password: PASSWORD }, visitor);
    expect(confirmed.status).toBe(302);
    const session = cookieOf(confirmed);
    expect(session).toMatch(/^shop_session=/);
    const mine = await (await request("/wunschliste", { cookie: session })).text();
    expect(mine).toContain("Schulstart – Sternenglanz");
    expect(mine).toContain("1 gemerktes Design.");

    // The remove form takes it off and comes back to the list.
    const removed = await post(
      "/wunschliste",
      { intent: "remove", themeId: "einschulung-001" },
      session,
    );
    expect(removed.status).toBe(303);
    expect(removed.headers.get("location")).toBe("/wunschliste");
    expect(await (await request("/wunschliste", { cookie: session })).text()).toContain(
      "Ihre Wunschliste ist leer.",
    );
  });

  it("refuses a form from another site and a theme the shop does not publish", async () => {
    const foreign = await post(
      "/wunschliste",
      { intent: "add", themeId: "einschulung-001" },
      undefined,
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    const unknown = await post("/wunschliste", { intent: "add", themeId: "no-such-theme" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Die Wunschliste konnte nicht geändert werden.");
  });
});
