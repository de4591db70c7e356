/**
 * The cart over HTTP, as a browser without JavaScript uses it: a card the studio designed is
 * in the cart, the cart page changes quantities, removes lines and takes a voucher, an
 * accessory goes in through the page's form and gives the visitor a key, and the header's
 * count follows; a card kept from before the cart asked for its design is not priced and
 * goes to the studio to be designed.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { cartLines, carts } from "../../db/schema";
import { THEME_CARD, withDesign } from "../../server/testing/designedLine";
import { useTestShop } from "../../server/testing/shop";

describe("the cart page", () => {
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
  const cartCount = async (cookie: string) => {
    const response = await request("/web-api/customer-data", { cookie });
    return ((await response.json()) as { order: { cartArticlesAmount: number } }).order
      .cartArticlesAmount;
  };

  it("is empty for a new visitor and sets no cookie", async () => {
    const response = await request("/warenkorb");
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(await response.text()).toContain("Ihr Warenkorb ist leer.");
  });

  const cookie = `visitor_key=${crypto.randomUUID()}`;
  it("shows a card put into the cart with its design", async () => {
    const designer = await (
      await request("/designer/card?themeId=einschulung-001&quantity=10")
    ).text();
    // The designer opens the studio for the theme; the card of that theme goes into the
    // cart through the cart API with a design of the visitor's.
    expect(designer).toContain("designer--studio");
    const body = await withDesign(test.request, "http://localhost", cookie, {
      kind: "article",
      product: "card",
      options: THEME_CARD,
      quantity: 10,
    });
    const added = await request("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify(body),
      cookie,
    });
    expect(added.status).toBe(201);
    const page = await (await request("/warenkorb", { cookie })).text();
    expect(page).toContain("Karte");
    // A designed line shows its design's proof and the way back into the studio, its theme
    // by name (in the proof's text too), and its choice as the product page names it.
    expect(page).toContain(
      `/web-api/studio/designs/${(body.options as Record<string, string>).studioDesign}/proof/1.jpg`,
    );
    expect(page).toContain("Design: Schulstart – Sternenglanz");
    expect(page).toContain('alt="Vorschau Ihres Entwurfs: Schulstart – Sternenglanz"');
    expect(page).toContain("Kartenart: Klappkarte");
    expect(page).toContain("20,60\u00a0€");
    expect(await cartCount(cookie)).toBe(1);
  });

  it("changes a quantity, takes a voucher and removes a line", async () => {
    const html = await (await request("/warenkorb", { cookie })).text();
    const line = /name="line" value="(\d+)"/.exec(html)![1]!;
    expect(
      (await post("/warenkorb", { intent: "quantity", line, quantity: "50" }, cookie)).status,
    ).toBe(303);
    expect(await (await request("/warenkorb", { cookie })).text()).toContain("91,50\u00a0€");
    const wrong = await post("/warenkorb", { intent: "quantity", line, quantity: "0" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Bitte geben Sie eine Anzahl von 1 bis 5000 an.");
    const unknown = await post("/warenkorb", { intent: "voucher", code: "NOPE" }, cookie);
    expect(await unknown.text()).toContain("Diesen Gutscheincode kennen wir nicht.");
    await post("/warenkorb", { intent: "voucher", code: "C-WELCOME10" }, cookie);
    expect(await (await request("/warenkorb", { cookie })).text()).toContain(
      "Gutschein C-WELCOME10",
    );
    await post("/warenkorb", { intent: "remove", line }, cookie);
    expect(await cartCount(cookie)).toBe(0);
  });

  it("takes an accessory bought on its own, priced per piece, names it, and gives the visitor their key with it", async () => {
    const added = await post("/warenkorb", {
      intent: "add",
      product: "accessory",
      options: "article=accessory-envelope-162x114",
      quantity: "4",
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/warenkorb");
    const setCookie = added.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^visitor_key=[0-9a-f-]{36}; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const key = setCookie.split(";")[0]!;
    const page = await (await request("/warenkorb", { cookie: key })).text();
    expect(page).toContain("Zubehör: Umschlag C6 (16,2 x 11,4 cm)");
    const api = await request("/price-api/accessory?article=accessory-envelope-162x114&quantity=4");
    const { price } = (await api.json()) as { price: { formatted: { current: string } } };
    expect(page).toContain(price.formatted.current);
  });

  it("refuses an article that is not an accessory and logs error-add-accessory", async () => {
    const warn = vi.spyOn(test.services.log, "warn");
    const refused = await post("/warenkorb", {
      intent: "add",
      product: "accessory",
      options: "article=card-folded-card-148x105",
      quantity: "1",
    });
    // Not for sale, the status the cart API gives the same refusal.
    expect(refused.status).toBe(422);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ id: "error-add-accessory", reason: "not-for-sale" }),
      "error-add-accessory",
    );
    warn.mockRestore();
  });

  it("leaves a card kept without its design out of the total and takes it to the studio to be designed", async () => {
    const visitor = crypto.randomUUID();
    const own = `visitor_key=${visitor}`;
    const body = await withDesign(test.request, "http://localhost", own, {
      kind: "article",
      product: "card",
      options: THEME_CARD,
      quantity: 10,
    });
    const added = await request("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify(body),
      cookie: own,
    });
    expect(added.status).toBe(201);
    // The same ten cards without a design, as a cart from before the cart asked for one holds them.
    const { db } = test.services.database;
    const [cart] = await db.select().from(carts).where(eq(carts.visitorKey, visitor));
    const [bare] = await db
      .insert(cartLines)
      .values({ cartId: cart!.id, product: "card", options: THEME_CARD, quantity: 10 })
      .returning();
    const page = await (await request("/warenkorb", { cookie: own })).text();
    expect(page).toContain('class="cart-line__gone">Noch ohne Entwurf<');
    expect(page).toContain("Dieser Artikel hat noch keinen Entwurf");
    expect(page).toContain(
      `name="intent" value="design"/><input type="hidden" name="line" value="${bare!.id}"`,
    );
    // Only the designed line counts: 20,60 € and the shipping, not twice that.
    expect(page).toMatch(/Zwischensumme<\/dt><dd>20,60\u00a0€</);
    expect(page).toMatch(/Gesamtsumme<\/dt><dd>25,55\u00a0€</);

    // Designing it: the line makes way and the studio opens with the card's whole choice.
    const design = await post("/warenkorb", { intent: "design", line: String(bare!.id) }, own);
    expect(design.status).toBe(303);
    const target = new URL(design.headers.get("location")!, "http://localhost");
    expect(target.pathname).toBe("/designer/card");
    expect(Object.fromEntries(target.searchParams)).toEqual({ ...THEME_CARD, quantity: "10" });
    const studio = await (await request(target.pathname + target.search, { cookie: own })).text();
    expect(studio).toContain("designer--studio");
    expect(await cartCount(own)).toBe(1);
    // A designed line is not sent to the studio this way.
    const designed = /name="line" value="(\d+)"/.exec(page)![1]!;
    expect(designed).not.toBe(String(bare!.id));
    expect((await post("/warenkorb", { intent: "design", line: designed }, own)).status).toBe(400);
    expect(await cartCount(own)).toBe(1);
  });

  it("offers no studio for a wall-art line kept without a design whose material the shop no longer sells, and removes it", async () => {
    const visitor = crypto.randomUUID();
    const own = `visitor_key=${visitor}`;
    const body = await withDesign(test.request, "http://localhost", own, {
      kind: "article",
      product: "card",
      options: THEME_CARD,
      quantity: 10,
    });
    const added = await request("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify(body),
      cookie: own,
    });
    expect(added.status).toBe(201);
    // Two canvases kept from before the cart asked for a design: one of a material the
    // catalogue sells, one of a material it does not (or no longer) sell.
    const { db } = test.services.database;
    const [cart] = await db.select().from(carts).where(eq(carts.visitorKey, visitor));
    const bare = (materialType: string) =>
      db
        .insert(cartLines)
        .values({
          cartId: cart!.id,
          product: "photoframe",
          options: { materialType, formatType: "600x400" },
          quantity: 1,
        })
        .returning();
    const [sold] = await bare("leinwand");
    const [gone] = await bare("no-such-material");
    const designButton = (line: number) =>
      `name="intent" value="design"/><input type="hidden" name="line" value="${line}"`;
    const page = await (await request("/warenkorb", { cookie: own })).text();
    expect(page).toContain(designButton(sold!.id));
    // The designer has no page for the unsold material: the line is no longer for sale, with
    // no way into the studio, and can only be removed.
    expect(page).not.toContain(designButton(gone!.id));
    expect(page).toContain('class="cart-line__gone">Nicht mehr erhältlich<');
    expect(
      (await post("/warenkorb", { intent: "design", line: String(gone!.id) }, own)).status,
    ).toBe(400);
    const removed = await post("/warenkorb", { intent: "remove", line: String(gone!.id) }, own);
    expect(removed.status).toBe(303);
    const lines = await db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id));
    expect(lines.map((l) => l.id)).not.toContain(gone!.id);
    expect(lines.map((l) => l.id)).toContain(sold!.id);
  });

  it("refuses a change sent from another site", async () => {
    const response = await post("/warenkorb", { intent: "voucher-remove" }, cookie, {
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
  });

  it("shows a configuration put in through the cart API at its product page's price, named as the page names it", async () => {
    const query = {
      kind: "card",
      cardType: "folded-card",
      size: "148x105",
      refinement: "gold",
      envelope: "accessory-envelope-162x114",
      quantity: "20",
    };
    const page = (await (
      await request(`/web-api/product-details?${new URLSearchParams(query)}`)
    ).json()) as { price: { current: string } };
    const key = `visitor_key=${crypto.randomUUID()}`;
    const body = await withDesign(test.request, "http://localhost", key, {
      ...query,
      quantity: 20,
    });
    const added = await request("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify(body),
      cookie: key,
    });
    expect(added.status).toBe(201);
    const html = await (await request("/warenkorb", { cookie: key })).text();
    expect(html).toContain(page.price.current);
    expect(html).toContain("Veredelung: Gold");
    expect(html).toContain("Umschläge: 16,2 x 11,4 cm");
  });

  it("names a sample card of a theme by its theme and as a sample", async () => {
    const key = `visitor_key=${crypto.randomUUID()}`;
    const body = await withDesign(test.request, "http://localhost", key, {
      kind: "card",
      ...THEME_CARD,
      sample: true,
      quantity: 1,
    });
    const added = await request("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify(body),
      cookie: key,
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const html = await (await request("/warenkorb", { cookie: key })).text();
    expect(html).toContain("<li>Design: Schulstart – Sternenglanz</li>");
    expect(html).toContain("<li>Musterexemplar: Ja</li>");
  });

  it("refuses a change on the page for the reason and with the status the cart API gives", async () => {
    const added = await post("/warenkorb", {
      intent: "add",
      product: "accessory",
      options: "article=accessory-envelope-162x114",
      quantity: "2",
    });
    const key = (added.headers.get("set-cookie") ?? "").split(";")[0]!;
    const api = (method: string, path: string, body?: object) =>
      request(path, {
        method,
        headers: { "content-type": "application/json", origin: "http://localhost" },
        body: body ? JSON.stringify(body) : undefined,
        cookie: key,
      });
    // A line that is not in this cart: 404 both ways.
    const apiGone = await api("PATCH", "/web-api/cart/items/999999", { quantity: 3 });
    expect(apiGone.status).toBe(404);
    expect(apiGone.headers.get("content-type")).toContain("application/problem+json");
    const pageGone = await post(
      "/warenkorb",
      { intent: "quantity", line: "999999", quantity: "3" },
      key,
    );
    expect(pageGone.status).toBe(404);
    expect(await pageGone.text()).toContain(
      "Diesen Artikel gibt es in Ihrem Warenkorb nicht mehr.",
    );
    expect((await post("/warenkorb", { intent: "remove", line: "999999" }, key)).status).toBe(404);
    // A code the shop does not know: 422 both ways, the page saying so.
    const apiCode = await api("POST", "/web-api/cart/voucher", { code: "NOPE" });
    expect(apiCode.status).toBe(422);
    expect(((await apiCode.json()) as { error: string }).error).toBe("unknown_voucher");
    const pageCode = await post("/warenkorb", { intent: "voucher", code: "NOPE" }, key);
    expect(pageCode.status).toBe(422);
    expect(await pageCode.text()).toContain("Diesen Gutscheincode kennen wir nicht.");
    // A quantity off the form's range: 400 both ways.
    const html = await (await request("/warenkorb", { cookie: key })).text();
    const line = /name="line" value="(\d+)"/.exec(html)![1]!;
    expect((await api("PATCH", `/web-api/cart/items/${line}`, { quantity: 0 })).status).toBe(400);
    expect(
      (await post("/warenkorb", { intent: "quantity", line, quantity: "0" }, key)).status,
    ).toBe(400);
    // A change that works answers 303 back to the cart page, and the API sees it.
    const changed = await post("/warenkorb", { intent: "quantity", line, quantity: "5" }, key);
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/warenkorb");
    const cart = (await (await api("GET", "/web-api/cart")).json()) as {
      lines: { quantity: number }[];
    };
    expect(cart.lines.map((l) => l.quantity)).toEqual([5]);
  });

  it("refuses a cart API write sent from another site", async () => {
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const response = await request("/web-api/cart/voucher", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ code: "C-WELCOME10" }),
        cookie,
      });
      expect(response.status).toBe(403);
    }
  });

  it("answers in each language at its own path, and an empty cart's checkout leads back to the cart", async () => {
    expect((await request("http://ch.cards.localhost/fr/panier")).status).toBe(200);
    expect((await request("http://us.cards.localhost/basket")).status).toBe(200);
    // With the cart emptied by the steps before, the checkout says so and leads back to it.
    const checkout = await (await request("/kasse", { cookie })).text();
    expect(checkout).toContain("Ihr Warenkorb ist leer.");
    expect(checkout).toContain('href="/warenkorb"');
  });
});
