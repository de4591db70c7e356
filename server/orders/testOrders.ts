/** Orders as their documents see them, for the tests of mails and invoices. */
import type { OrderDocument } from "./orderDocument";

/** A German Cardelia order: a personalised card and a stock print, 19 % VAT contained. */
export function germanOrder(overrides: Partial<OrderDocument> = {}): OrderDocument {
  return {
    number: "C-2026-000042",
    token: "tok-de-0001",
    channel: "cards",
    locale: "de-DE",
    country: "DE",
    email: "erika@example.com",
    placedAt: new Date("2026-03-02T10:00:00Z"),
    shippingAddress: {
      firstName: "Erika",
      lastName: "Muster",
      street: "Hauptstraße 5",
      postalCode: "10115",
      city: "Berlin",
      country: "DE",
    },
    billingAddress: null,
    shippingMethod: "Standard",
    paymentMethod: "test",
    lines: [
      {
        title: "Hochzeitskarte, 20 Stück",
        quantity: 1,
        unitPriceMinor: 3990,
        totalMinor: 3990,
        vatRate: 19,
        personalised: true,
        designId: "d-1",
      },
      {
        title: "Fotoabzug 10×15",
        quantity: 10,
        unitPriceMinor: 19,
        totalMinor: 190,
        vatRate: 19,
        personalised: false,
      },
    ],
    subtotalMinor: 4180,
    discountMinor: 0,
    shippingMinor: 495,
    totalMinor: 4675,
    // 4675 gross at 19 %: 4675 - round(4675 / 1.19) = 746.
    taxLines: [{ rate: 19, grossMinor: 4675, taxMinor: 746 }],
    ...overrides,
  };
}

/** A Swiss order in CHF with 8.1 % VAT contained. */
export function swissOrder(overrides: Partial<OrderDocument> = {}): OrderDocument {
  return germanOrder({
    number: "C-2026-000043",
    token: "tok-ch-0001",
    locale: "de-CH",
    country: "CH",
    shippingAddress: {
      firstName: "Heidi",
      lastName: "Meier",
      street: "Bahnhofstrasse 1",
      postalCode: "8001",
      city: "Zürich",
      country: "CH",
    },
    paymentMethod: "invoice",
    lines: [
      {
        title: "Hochzeitskarte, 20 Stück",
        quantity: 1,
        unitPriceMinor: 5490,
        totalMinor: 5490,
        vatRate: 8.1,
        personalised: true,
      },
    ],
    subtotalMinor: 5490,
    shippingMinor: 790,
    totalMinor: 6280,
    // 6280 gross at 8.1 %: 6280 - round(6280 / 1.081) = 471.
    taxLines: [{ rate: 8.1, grossMinor: 6280, taxMinor: 471 }],
    ...overrides,
  });
}
