/**
 * The order mails: what each says in the order's language and brand, and that they land in
 * the outbox (PGlite and PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHostTable } from "../../config/hosts";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createMailer } from "../customers/mail";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { createOrderMails, orderMail, siteRootFrom } from "./mails";
import { orderDocumentOf } from "./orderDocument";
import { germanOrder, swissOrder } from "./testOrders";

const root = "http://cards.localhost:3000";

describe("the order confirmation", () => {
  const mail = orderMail(germanOrder(), { kind: "order-confirmation" }, root);

  it("lists every line, marking the personalised one, with totals and the VAT contained", () => {
    expect(mail.subject).toBe("Ihre Bestellung C-2026-000042 – Cardelia");
    expect(mail.text).toContain(
      "1 × Hochzeitskarte, 20 Stück (personalisiert – vom Widerruf ausgeschlossen) – 39,90\u00a0€",
    );
    expect(mail.text).toContain("10 × Fotoabzug 10×15 – 1,90\u00a0€");
    expect(mail.text).toContain("Versand (Standard): 4,95\u00a0€");
    expect(mail.text).toContain("Gesamtbetrag: 46,75\u00a0€");
    expect(mail.text).toContain("enthaltene MwSt. 19\u00a0%: 7,46\u00a0€");
  });

  it("names both addresses, the terms and the withdrawal notice with its exclusion", () => {
    expect(mail.text).toContain("Lieferadresse\nErika Muster\nHauptstraße 5\n10115 Berlin");
    expect(mail.text).toContain("Rechnungsadresse\nwie Lieferadresse");
    expect(mail.text).toContain(`Es gelten unsere AGB: ${root}/agb`);
    expect(mail.text).toContain("Widerrufsbelehrung");
    expect(mail.text).toContain("nach Ihren Vorgaben angefertigt");
    expect(mail.text).toContain(`${root}/bestellung/tok-de-0001`);
    expect(mail.html).toContain(`<a href="${root}/agb">`);
  });

  it("writes a Swiss order in CHF with 8.1 % and a French one in French", () => {
    const swiss = orderMail(swissOrder(), { kind: "order-confirmation" }, root);
    expect(swiss.text).toContain("Gesamtbetrag: 62.80\u00a0CHF");
    expect(swiss.text).toContain("enthaltene MwSt. 8.1\u00a0%: 4.71\u00a0CHF");
    const french = orderMail(
      swissOrder({ locale: "fr-CH" }),
      { kind: "order-confirmation" },
      `${root}/fr`,
    );
    expect(french.subject).toBe("Votre commande C-2026-000043 – Cardelia");
    expect(french.text).toContain("Droit de rétractation");
    expect(french.text).toContain(`${root}/fr/cgv`);
    expect(french.text).toContain(`${root}/fr/commande/tok-ch-0001`);
  });

  it("escapes what the customer typed in the HTML part", () => {
    const hostile = orderMail(
      germanOrder({
        shippingAddress: { ...germanOrder().shippingAddress, firstName: "<script>x</script>" },
      }),
      { kind: "order-confirmation" },
      root,
    );
    expect(hostile.html).not.toContain("<script>");
  });
});

describe("the other order mails", () => {
  it("link the stored invoice, the carrier's tracking page and say the refunded amount", () => {
    const invoice = orderMail(
      germanOrder(),
      { kind: "invoice", invoiceNumber: "C-INV-2026-000001" },
      root,
    );
    expect(invoice.text).toContain(
      "Rechnung herunterladen C-INV-2026-000001: http://cards.localhost:3000/web-api/orders/tok-de-0001/invoices/C-INV-2026-000001",
    );
    const shipped = orderMail(
      germanOrder({ locale: "en-GB", country: "GB" }),
      {
        kind: "shipped",
        carrier: "DHL",
        trackingNumber: "00340434",
        trackingUrl: "https://www.dhl.de/track?piececode=00340434",
      },
      root,
    );
    expect(shipped.subject).toBe("Your order C-2026-000042 is on its way – Cardelia");
    expect(shipped.text).toContain(
      "Track your parcel (DHL, 00340434): https://www.dhl.de/track?piececode=00340434",
    );
    const bare = orderMail(
      germanOrder(),
      { kind: "shipped", trackingUrl: "https://track.example/1" },
      root,
    );
    expect(bare.text).toContain("Sendungsverfolgung: https://track.example/1");
    const untracked = orderMail(germanOrder(), { kind: "shipped", trackingUrl: null }, root);
    expect(untracked.text).not.toContain("Sendungsverfolgung");
    const refunded = orderMail(germanOrder(), { kind: "refunded", amountMinor: 1190 }, root);
    expect(refunded.text).toContain("Erstatteter Betrag: 11,90\u00a0€");
    const cancelled = orderMail(germanOrder({ channel: "wallart" }), { kind: "cancelled" }, root);
    expect(cancelled.subject).toBe("Ihre Bestellung C-2026-000042 wurde storniert – Wallora");
  });
});

describe.each(TEST_DATABASES)("order mails in the outbox on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("go to the customer with links to the order's own brand and country", async () => {
    const env = parseEnv({ NODE_ENV: "test" });
    const mailer = createMailer({ db: database.db, env, log: createLogger("silent") });
    const mails = createOrderMails({
      mailer,
      siteRoot: siteRootFrom(createHostTable(), new URL("http://localhost:3000/")),
    });
    await mails.confirmation(swissOrder({ locale: "fr-CH" }));
    await mails.paymentReceived(germanOrder({ channel: "wallart" }));
    const [paid, confirmation] = await mailer.latest(2);
    expect(confirmation?.recipient).toBe("erika@example.com");
    expect(confirmation?.kind).toBe("order-confirmation");
    expect(confirmation?.text).toContain("http://ch.cards.localhost:3000/fr/commande/tok-ch-0001");
    expect(paid?.subject).toBe("Zahlung erhalten für Bestellung C-2026-000042 – Wallora");
    expect(paid?.text).toContain("http://wallart.localhost:3000/bestellung/tok-de-0001");
  });
});

describe("the order service's view as a document", () => {
  it("keeps lines, totals and the VAT per rate", () => {
    const doc = orderDocumentOf({
      orderNumber: "W-2026-000007",
      token: "tok-view-00000001",
      channel: "wallart",
      locale: "de-CH",
      country: "CH",
      email: "a@example.com",
      placedAt: "2026-04-01T08:00:00.000Z",
      shippingAddress: swissOrder().shippingAddress,
      billingAddress: null,
      shippingMethod: "express",
      paymentMethod: "invoice",
      voucherCode: null,
      lines: [
        {
          title: "Poster",
          quantity: 2,
          unitPriceMinor: 1000,
          totalMinor: 2000,
          vatRate: 8.1,
          personalised: true,
          designId: null,
        },
      ],
      totals: { subtotalMinor: 2000, discountMinor: 0, shippingMinor: 900, totalMinor: 2900 },
      taxLines: [{ rate: 8.1, grossMinor: 2900, vatMinor: 217 }],
    });
    expect(doc.number).toBe("W-2026-000007");
    expect(doc.placedAt.toISOString()).toBe("2026-04-01T08:00:00.000Z");
    expect(doc.taxLines).toEqual([{ rate: 8.1, grossMinor: 2900, taxMinor: 217 }]);
    const mail = orderMail(doc, { kind: "order-confirmation" }, root);
    expect(mail.text).toContain("enthaltene MwSt. 8.1\u00a0%: 2.17\u00a0CHF");
  });
});
