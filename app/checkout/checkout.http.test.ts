/**
 * The checkout over HTTP as a browser without JavaScript uses it: a designed card in the
 * cart, the form with its legal parts, field messages in the shopper's language, an order placed once
 * whatever the resubmits, the test provider's page, the confirmation, the mails and the
 * invoice in the outbox; a decline back to the checkout with the cart intact; a Swiss order
 * in CHF with 8.1 % and the QR-bill of the invoice method; a gift voucher bought shows its code on
 * the order page; a line the catalogue stopped selling refused with its line marked and named
 * and the cart kept; a card kept without its design named before and at the refusal; a studio
 * design's line shows its proof in the summary.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartLines, carts, orderLines, orders } from "../../db/schema";
import { createCatalogueService } from "../../server/catalogue/service";
import { createLogger } from "../../server/logger";
import { loggedInCustomer } from "../../server/testing/customers";
import { useTestShop } from "../../server/testing/shop";
import { fillDesignFrames } from "../../server/testing/studioApi";
import { THEME_CARD, withDesign } from "../../server/testing/designedLine";

const ADDRESS = {
  "ship.firstName": "Erika",
  "ship.lastName": "Muster",
  "ship.street": "Hauptstraße 5",
  "ship.postalCode": "10115",
  "ship.city": "Berlin",
};

describe("the checkout", () => {
  const test = useTestShop();

  const request = (target: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    return test.request(target, { ...init, headers, redirect: "manual" });
  };
  const post = (target: string, fields: Record<string, string>, cookie?: string) =>
    request(target, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      cookie,
    });
  const location = (response: Response) => response.headers.get("location") ?? "";

  /**
   * A new visitor with ten cards of a theme in the cart of the host's shop, put in with
   * their design as the studio puts them there.
   */
  async function visitorWithCard(origin = "http://localhost") {
    const cookie = `visitor_key=${crypto.randomUUID()}`;
    const body = await withDesign(test.request, origin, cookie, {
      kind: "article",
      product: "card",
      options: THEME_CARD,
      quantity: 10,
    });
    const added = await request(`${origin}/web-api/cart/items`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin },
      cookie,
    });
    expect(added.status).toBe(201);
    return cookie;
  }

  /** The form's hidden fields as the page rendered them. */
  function hidden(html: string) {
    const fields: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      fields[m[1]!] = m[2]!;
    return fields;
  }

  it("shows the order form with its summary and legal parts, and checks each field", async () => {
    const cookie = await visitorWithCard();
    const page = await request("/kasse", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Zahlungspflichtig bestellen");
    expect(html).toContain("personalisiert – vom Widerruf ausgeschlossen");
    expect(html).toContain("Widerrufsbelehrung");
    expect(html).toMatch(/enthaltene MwSt\. 19\s%/);
    expect(html).toContain('href="/agb"');
    expect(html).toContain("Standardversand");
    expect(html).toContain("Testzahlung");
    expect(hidden(html).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const refused = await post(
      "/kasse",
      {
        ...hidden(html),
        email: "not-an-address",
        ...ADDRESS,
        "ship.postalCode": "1234",
        shippingMethod: "standard",
        paymentMethod: "test",
        intent: "order",
      },
      cookie,
    );
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain("Bitte geben Sie eine gültige E-Mail-Adresse an.");
    expect(again).toContain("Bitte geben Sie eine gültige Postleitzahl an (z. B. 10115).");
    expect(again).toContain("Bitte akzeptieren Sie die AGB.");
    // What was typed comes back.
    expect(again).toContain('value="Hauptstraße 5"');
  });

  it("places one order for a resubmitted form, pays on the test page and confirms it", async () => {
    const cookie = await visitorWithCard();
    const html = await (await request("/kasse", { cookie })).text();
    const form = {
      ...hidden(html),
      email: "erika@example.com",
      ...ADDRESS,
      shippingMethod: "standard",
      paymentMethod: "test",
      acceptTerms: "on",
      intent: "order",
    };
    const [first, second] = await Promise.all([
      post("/kasse", form, cookie),
      post("/kasse", form, cookie),
    ]);
    expect(first.status).toBe(303);
    expect(location(first)).toMatch(/\/_test-payment\/[A-Za-z0-9_-]+$/);
    expect(location(second)).toBe(location(first));

    const paid = await post(location(first), { outcome: "approve" });
    expect(paid.status).toBe(303);
    const back = await request(location(paid), { cookie });
    expect(location(back)).toMatch(/^\/bestellung\/[A-Za-z0-9_-]+\/danke$/);
    const confirmation = await (await request(location(back), { cookie })).text();
    expect(confirmation).toContain("Vielen Dank für Ihre Bestellung!");
    const number = /data-testid="order-number">([^<]+)</.exec(confirmation)![1]!;
    expect(number).toMatch(/^C-\d{4}-\d{6}$/);

    // The cart is emptied once paid; the jobs write the mails and the invoice.
    expect(await (await request("/warenkorb", { cookie })).text()).toContain(
      "Ihr Warenkorb ist leer.",
    );
    await test.services.commerce.runJobs();
    const mails = await test.services.customers.mailer.latest(20);
    const ofOrder = mails.filter((m) => m.subject.includes(number));
    expect(ofOrder.map((m) => m.kind).sort()).toEqual(
      ["invoice", "order-confirmation", "payment-received"].sort(),
    );
    const token = /\/bestellung\/([^/]+)\/danke/.exec(location(back))![1]!;
    const [invoice] = await test.services.invoices.ofOrder(token);
    const pdf = await request(`/web-api/orders/${token}/invoices/${invoice!.number}`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], {
      input: Buffer.from(await pdf.arrayBuffer()),
    }).toString();
    expect(text).toContain(number);
    expect(text).toMatch(/enthaltene MwSt\. 19\s%/);
    // The order page lists the invoice.
    expect(await (await request(`/bestellung/${token}`)).text()).toContain(invoice!.number);
  });

  it("shows the codes of the gift vouchers bought on the order's page once it is paid", async () => {
    const added = await post("/warenkorb", {
      intent: "add",
      product: "gift-voucher",
      options: "article=gift-voucher-15",
      quantity: "1",
    });
    expect(added.status).toBe(303);
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0]!;
    const html = await (await request("/kasse", { cookie })).text();
    const placed = await post(
      "/kasse",
      {
        ...hidden(html),
        email: "gift@example.com",
        ...ADDRESS,
        shippingMethod: "standard",
        paymentMethod: "test",
        acceptTerms: "on",
        intent: "order",
      },
      cookie,
    );
    expect(location(placed)).toMatch(/\/_test-payment\//);
    const paid = await post(location(placed), { outcome: "approve" });
    const back = await request(location(paid), { cookie });
    const token = /\/bestellung\/([^/]+)\/danke/.exec(location(back))![1]!;
    const page = await (await request(`/bestellung/${token}`)).text();
    expect(page).toContain("Ihre Geschenkgutscheine");
    expect(page).toMatch(
      /15,00\s€: Code G-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}, gültig bis 31\. Dezember \d{4}/,
    );
  });

  it("asks again with the new total when the price changed since the page was shown", async () => {
    const cookie = await visitorWithCard();
    const html = await (await request("/kasse", { cookie })).text();
    const shown = hidden(html);
    const form = {
      ...shown,
      // The total this page showed for standard shipping, one cent off what it is now.
      "total.standard": String(Number(shown["total.standard"]) - 1),
      email: "erika@example.com",
      ...ADDRESS,
      shippingMethod: "standard",
      paymentMethod: "test",
      acceptTerms: "on",
      intent: "order",
    };
    const changed = await post("/kasse", form, cookie);
    expect(changed.status).toBe(409);
    const page = await changed.text();
    expect(page).toContain("Der Preis hat sich geändert.");
    expect(page).toContain(`Neuer Gesamtbetrag: 25,55\u00a0€`);
    // The form shown again carries the current total: sent as it is, the order is placed.
    const again = await post("/kasse", { ...form, ...hidden(page) }, cookie);
    expect(again.status).toBe(303);
    expect(location(again)).toMatch(/\/_test-payment\//);
  });

  it("returns a declined payment to the checkout with the reason and the cart intact", async () => {
    const cookie = await visitorWithCard();
    const html = await (await request("/kasse", { cookie })).text();
    const placed = await post(
      "/kasse",
      {
        ...hidden(html),
        email: "erika@example.com",
        ...ADDRESS,
        shippingMethod: "standard",
        paymentMethod: "test",
        acceptTerms: "on",
        intent: "order",
      },
      cookie,
    );
    const declined = await post(location(placed), { outcome: "decline" });
    const back = await request(location(declined), { cookie });
    expect(location(back)).toMatch(/^\/kasse\?payment=declined&order=/);
    const checkout = await (await request(location(back), { cookie })).text();
    expect(checkout).toContain("Die Zahlung wurde nicht ausgeführt (abgelehnt).");
    expect(checkout).toContain("Karte");
    expect(checkout).toContain("Zahlungspflichtig bestellen");
  });

  it("takes a Swiss order in CHF with 8.1 % and shows the QR-bill of the invoice method", async () => {
    const origin = "http://ch.cards.localhost";
    const cookie = await visitorWithCard(origin);
    const html = await (await request(`${origin}/kasse`, { cookie })).text();
    expect(html).toMatch(/enthaltene MwSt\. 8\.1\s%/);
    expect(html).toContain("CHF");
    const placed = await post(
      `${origin}/kasse`,
      {
        ...hidden(html),
        email: "heidi@example.com",
        ...ADDRESS,
        "ship.postalCode": "8001",
        "ship.city": "Zürich",
        shippingMethod: "standard",
        paymentMethod: "invoice",
        acceptTerms: "on",
        intent: "order",
      },
      cookie,
    );
    expect(placed.status).toBe(303);
    expect(location(placed)).toMatch(/^\/bestellung\/[A-Za-z0-9_-]+$/);
    const page = await (await request(`${origin}${location(placed)}`, { cookie })).text();
    expect(page).toContain("Bitte überweisen Sie den Betrag");
    expect(page).toContain('data-qr-kind="swiss_qr_bill"');
    expect(page).toContain("<svg");
    expect(page).toMatch(/enthaltene MwSt\. 8\.1\s%/);
    expect(page).toMatch(/\d+\.\d{2}\sCHF/);
  });

  it("lets a guest who signs up with the same e-mail find the order, order again and reuse the address", async () => {
    const email = `gast.${Date.now()}@example.com`;
    const cookie = await visitorWithCard();
    const html = await (await request("/kasse", { cookie })).text();
    const placed = await post(
      "/kasse",
      {
        ...hidden(html),
        email,
        ...ADDRESS,
        shippingMethod: "standard",
        paymentMethod: "invoice",
        acceptTerms: "on",
        intent: "order",
      },
      cookie,
    );
    const token = /\/bestellung\/([A-Za-z0-9_-]+)$/.exec(location(placed))![1]!;
    const order = await test.services.commerce.orders.get(token);

    const session = await loggedInCustomer(test.services, test.shop.app, {
      email,
      firstName: "Erika",
      lastName: "Muster",
    });
    const list = await (await request("/konto/bestellungen", { cookie: session })).text();
    expect(list).toContain(`Bestellung ${order!.orderNumber}`);
    expect(list).toContain(`href="/bestellung/${token}"`);

    // Besides the designed card, the order holds what older orders hold: ten cards without a
    // design and a product the shop no longer sells.
    const { db } = test.services.database;
    const [row] = await db.select().from(orders).where(eq(orders.token, token));
    const old = {
      orderId: row!.id,
      title: "Karte",
      quantity: 10,
      lineTotalMinor: 2060,
      unitPriceMinor: 206,
      vatRateBasisPoints: 1900,
      personalised: true,
    };
    await db.insert(orderLines).values([
      { ...old, position: 2, product: "card", configuration: THEME_CARD },
      { ...old, position: 3, product: "no-longer-sold", configuration: {} },
    ]);
    const again = await post("/konto/bestellungen", { token }, session);
    expect(again.status).toBe(303);
    expect(location(again)).toBe("/warenkorb?notOrderedAgain=1");
    const cart = await (await request(location(again), { cookie: session })).text();
    // The designed card comes with a copy of its design, priced; the card ordered without one
    // is there to be designed in the studio; the cart says what it could not take.
    const designed = order!.lines[0]!.designId!;
    expect(cart).toMatch(/\/web-api\/studio\/designs\/[A-Za-z0-9_-]+\/proof\/1\.jpg/);
    expect(cart).not.toContain(`/web-api/studio/designs/${designed}/`);
    expect(cart).toContain('class="cart-line__price">20,60\u00a0€<');
    expect(cart).toContain('class="cart-line__gone">Noch ohne Entwurf<');
    expect(cart).toContain("Im Studio gestalten");
    expect(cart).toContain(
      "1 Artikel Ihrer Bestellung gibt es so nicht mehr; er ist nicht in Ihrem Warenkorb.",
    );

    const checkout = await (await request("/kasse", { cookie: session })).text();
    expect(checkout).toContain("Ihre Adressen aus früheren Bestellungen:");
    expect(checkout).toContain("Erika Muster, Hauptstraße 5, 10115 Berlin");
    const filled = await (await request("/kasse?address=0", { cookie: session })).text();
    expect(filled).toMatch(/name="ship\.street" value="Hauptstraße 5"/);
  });

  it("tells the shopper a line is no longer sold when the catalogue dropped it meanwhile, the cart kept", async () => {
    const cookie = await visitorWithCard();
    const html = await (await request("/kasse", { cookie })).text();
    // An import of a catalogue without the card's theme after the page was shown.
    const dir = mkdtempSync(path.join(os.tmpdir(), "shop-catalogue-"));
    try {
      cpSync(path.resolve("catalogue"), dir, { recursive: true });
      const file = path.join(dir, "cards", "themes.json");
      const data = JSON.parse(readFileSync(file, "utf8")) as { themes: { id: string }[] };
      const themes = data.themes.filter((t) => t.id !== "einschulung-001");
      writeFileSync(file, JSON.stringify({ ...data, themes }));
      const importer = await createCatalogueService({
        db: test.services.database.db,
        log: createLogger("silent"),
        dir,
        importOnStart: false,
      });
      expect((await importer.sync()).changed).toBe(true);
      expect(await test.services.catalogue.refresh()).toBe(true);

      const refused = await post(
        "/kasse",
        {
          ...hidden(html),
          email: "erika@example.com",
          ...ADDRESS,
          shippingMethod: "standard",
          paymentMethod: "test",
          acceptTerms: "on",
          intent: "order",
        },
        cookie,
      );
      expect(refused.status).toBe(409);
      const page = await refused.text();
      expect(page).toContain(
        "Nicht mehr erhältlich: 10 × Karte. Bitte prüfen Sie Ihren Warenkorb.",
      );
      // The summary marks the line that is no longer sold.
      expect(page).toMatch(/checkout-line__price">Nicht mehr erhältlich</);
      // The cart keeps the line for the shopper to change.
      const cart = await (await request("/warenkorb", { cookie })).text();
      expect(cart).toContain('class="cart-line__gone">Nicht mehr erhältlich<');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await test.services.catalogue.sync(true);
    }
  });
  it("names a card kept without its design before and when the order is refused, and leaves it out of the total", async () => {
    const cookie = await visitorWithCard();
    // The same ten cards without a design, as a cart from before the cart asked for one holds them.
    const { db } = test.services.database;
    const visitor = cookie.slice("visitor_key=".length);
    const [cart] = await db.select().from(carts).where(eq(carts.visitorKey, visitor));
    await db
      .insert(cartLines)
      .values({ cartId: cart!.id, product: "card", options: THEME_CARD, quantity: 10 });
    const html = await (await request("/kasse", { cookie })).text();
    const named =
      "Noch ohne Entwurf: 10 × Karte. Bitte gestalten Sie diese Artikel im Warenkorb, bevor Sie bestellen.";
    expect(html).toContain(named);
    expect(html).toContain('checkout-line__price">Noch ohne Entwurf<');
    // Only the designed line counts: 20,60 € and the shipping.
    expect(html).toContain('data-testid="checkout-total">25,55\u00a0€<');
    const refused = await post(
      "/kasse",
      {
        ...hidden(html),
        email: "erika@example.com",
        ...ADDRESS,
        shippingMethod: "standard",
        paymentMethod: "test",
        acceptTerms: "on",
        intent: "order",
      },
      cookie,
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(named);
  });

  it("shows the proof of a studio design's line in the summary, an image its shopper can load", async () => {
    const card = {
      kind: "card",
      cardType: "folded-card",
      size: "148x105",
      refinement: "none",
      envelope: "accessory-envelope-162x114",
      quantity: 20,
    };
    const json = { "content-type": "application/json", origin: "http://localhost" };
    const made = await request("/web-api/studio/designs", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ configuration: card }),
    });
    expect(made.status).toBe(201);
    const cookie = (made.headers.get("set-cookie") ?? "").split(";")[0]!;
    const { id } = (await made.json()) as { id: string };
    // Its frames filled first: the cart takes no design with an empty frame.
    await fillDesignFrames(test.request, "http://localhost", id, cookie);
    const added = await request("/web-api/cart/items", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ ...card, studioDesign: id }),
      cookie,
    });
    expect(added.status).toBe(201);

    const html = (await (await request("/kasse", { cookie })).text()).replaceAll("&amp;", "&");
    const img = /<img [^>]*src="([^"]*\/proof\/1\.jpg[^"]*)"[^>]*>/.exec(html);
    expect(img?.[1]).toContain(`/web-api/studio/designs/${id}/proof/1.jpg`);
    expect(img![0]).toContain('alt="Vorschau Ihres Entwurfs"');
    const proof = await request(new URL(img![1]!, "http://localhost").href, { cookie });
    expect(proof.status).toBe(200);
    expect(proof.headers.get("content-type")).toBe("image/jpeg");
    // A JPEG's first bytes, not an error page.
    expect([...new Uint8Array(await proof.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});
