/**
 * A shopper's order for the browser tests: a product of the brand configured as its page
 * starts (every option's first choice) into the cart, and, for tests about what follows an
 * order, the order itself placed through the checkout API by bank transfer in Germany.
 */
import type { Page } from "@playwright/test";
import { expect, url } from "./fixtures";

/**
 * The visitor gets their key on the first page; then the configured product goes into their
 * cart, asked from the page itself (the brand's host resolves in the browser only).
 */
export async function cartWith(page: Page, host: string, kind: string) {
  await page.goto(url(host, "/warenkorb"));
  const status = await page.evaluate(async (kind) => {
    const details = await fetch(`/web-api/product-details?kind=${kind}`);
    const { options } = (await details.json()) as {
      options: { name: string; choices: { value: string }[] }[];
    };
    const body: Record<string, string> = { kind };
    for (const option of options) body[option.name] = option.choices[0]!.value;
    const added = await fetch("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return added.status;
  }, kind);
  expect(status).toBe(201);
}

export interface PlacedOrder {
  orderNumber: string;
  orderToken: string;
  email: string;
  total: { currency: string; amountMinor: number };
}

/** A guest's order of one configured product, paid by bank transfer (so it waits for the operator). */
export async function placeTransferOrder(
  page: Page,
  host: string,
  kind: string,
): Promise<PlacedOrder> {
  await cartWith(page, host, kind);
  const email = `kundin.${Date.now()}@example.de`;
  const placed = await page.evaluate(async (email) => {
    const response = await fetch("/web-api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({
        email,
        shippingAddress: {
          firstName: "Erika",
          lastName: "Muster",
          street: "Hauptstraße 5",
          postalCode: "10115",
          city: "Berlin",
          country: "DE",
        },
        shippingMethod: "standard",
        paymentMethod: "invoice",
        acceptTerms: true,
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }, email);
  expect(placed.status).toBe(201);
  return { ...(placed.body as unknown as Omit<PlacedOrder, "email">), email };
}
