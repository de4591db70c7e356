/**
 * /logout and its words in every language over HTTP: a visit shows a button (a link alone
 * logs nobody out), its post ends the session and goes home; without a session the page
 * goes home; a post from another site is refused.
 */
import { describe, expect, it } from "vitest";
import { loggedInCustomer } from "../../server/testing/customers";
import { useTestShop } from "../../server/testing/shop";

describe("logging out", () => {
  const test = useTestShop();
  const signedIn = (email: string) =>
    loggedInCustomer(test.services, test.shop.app, { email, firstName: "Ada", lastName: "Lang" });
  /** The account overview as the cookie's browser sees it (the customer's address when signed in). */
  const isSignedIn = async (cookie: string) =>
    (await test.request("/konto", { headers: { cookie } })).text();

  it("shows a button on a visit and keeps the session until it is pressed", async () => {
    const cookie = await signedIn("logout-visit@example.com");
    const page = await test.request("/abmelden", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain('method="post"');
    expect(html).toContain("Möchten Sie sich von Ihrem Kundenkonto abmelden?");
    expect(html).toContain('content="noindex, nofollow"');
    const still = await test.request("/konto", { headers: { cookie } });
    expect(still.status).toBe(200);
    expect(await still.text()).toContain("logout-visit@example.com");
  });

  it("logs out with the post and goes to the home page of the language", async () => {
    const cookie = await signedIn("logout-post@example.com");
    const before = await isSignedIn(cookie);
    expect(before).toContain("logout-post@example.com");
    const done = await test.request("http://ch.cards.localhost/fr/deconnexion", {
      method: "POST",
      body: new URLSearchParams({}),
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/fr/");
    expect(done.headers.get("set-cookie")).toMatch(/^shop_session=;/);
    // The session is gone on the server too, not only in this browser.
    expect(await isSignedIn(cookie)).not.toContain("logout-post@example.com");
  });

  it("sends a visitor without a session home, in every language", async () => {
    for (const [target, home] of [
      ["/logout", "/"],
      ["/abmelden", "/"],
      ["http://fr.cards.localhost/deconnexion", "/"],
      ["http://be.cards.localhost/nl/uitloggen", "/nl/"],
      ["http://it.cards.localhost/esci", "/"],
      ["http://es.cards.localhost/cerrar-sesion", "/"],
      ["http://wallart.localhost/abmelden/", "/"],
    ] as const) {
      const response = await test.request(target);
      expect(response.status, target).toBe(303);
      expect(response.headers.get("location"), target).toBe(home);
    }
  });

  it("refuses a post from another site", async () => {
    const cookie = await signedIn("logout-csrf@example.com");
    const response = await test.request("/abmelden", {
      method: "POST",
      body: new URLSearchParams({}),
      headers: {
        cookie,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    expect(response.status).toBe(403);
    expect(await isSignedIn(cookie)).toContain("logout-csrf@example.com");
  });
});
