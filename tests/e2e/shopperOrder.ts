/**
 * A shopper's order for the browser tests: a product of the brand configured as its page
 * starts (every option's first choice) into the cart, and, for tests about what follows an
 * order, an order of the shopper's own design placed through the checkout API in Germany and
 * paid with the test provider.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { needsDesign } from "../../domain/studio/studioLinks";
import { expect, url } from "./fixtures";

/**
 * The visitor gets their key on the first page; then the configured product goes into their
 * cart, asked from the page itself (the brand's host resolves in the browser only). A
 * printed product goes in only with its design: one is made for it first, every frame
 * filled through the studio's API.
 */
export async function cartWith(page: Page, host: string, kind: string) {
  await page.goto(url(host, "/warenkorb"));
  const body = await page.evaluate(async (kind) => {
    const details = await fetch(`/web-api/product-details?kind=${kind}`);
    const { options } = (await details.json()) as {
      options: { name: string; choices: { value: string }[] }[];
    };
    const body: Record<string, string> = { kind };
    for (const option of options) body[option.name] = option.choices[0]!.value;
    return body;
  }, kind);
  if (needsDesign(kind)) {
    // Asked from the page too: the brand's host resolves in the browser only.
    const made = await page.evaluate(async (configuration) => {
      const response = await fetch("/web-api/studio/designs", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ configuration }),
      });
      const design = (await response.json()) as {
        id: string;
        document: { surfaces: { elements: { kind: string; photo?: unknown }[] }[] };
      };
      const frames = design.document.surfaces
        .flatMap((s) => s.elements)
        .filter((e) => e.kind === "photo" && !e.photo).length;
      return { status: response.status, id: design.id, frames };
    }, body);
    expect(made.status).toBe(201);
    const jpegs = await Promise.all(
      Array.from({ length: made.frames }, async (_, i) => (await framePhoto(i)).toString("base64")),
    );
    const filled = await page.evaluate(
      async ({ id, jpegs }) => {
        const photos: string[] = [];
        for (const [i, jpeg] of jpegs.entries()) {
          const bytes = Uint8Array.from(atob(jpeg), (c) => c.charCodeAt(0));
          const form = new FormData();
          form.append("file", new Blob([bytes], { type: "image/jpeg" }), `photo-${i}.jpg`);
          const uploaded = await fetch("/web-api/studio/photos", { method: "POST", body: form });
          if (uploaded.status !== 201) return uploaded.status;
          photos.push(((await uploaded.json()) as { id: string }).id);
        }
        const autofill = await fetch(`/web-api/studio/designs/${id}/autofill`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ photos }),
        });
        return autofill.status;
      },
      { id: made.id, jpegs },
    );
    expect(filled).toBe(200);
    body.studioDesign = made.id;
  }
  const status = await page.evaluate(async (body) => {
    const added = await fetch("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return added.status;
  }, body);
  expect(status).toBe(201);
}

export interface PlacedOrder {
  orderNumber: string;
  orderToken: string;
  email: string;
  total: { currency: string; amountMinor: number };
}

/**
 * The cart's order placed through the checkout API from the shop's page, by a guest with a
 * delivery address in Berlin; answers the API's body (201 asserted).
 */
async function checkoutAsGuest(
  page: Page,
  email: string,
  paymentMethod: "invoice" | "test",
): Promise<Record<string, unknown>> {
  const placed = await page.evaluate(
    async ({ email, paymentMethod }) => {
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
          paymentMethod,
          acceptTerms: true,
        }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { email, paymentMethod },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

/** A photo of its own for frame `i` of up to 100 (the same bytes twice are the same photo). */
function framePhoto(i: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1800,
      height: 1200,
      channels: 3,
      background: { r: 40 + (i % 10) * 20, g: 100 + (Math.floor(i / 10) % 10) * 15, b: 60 },
    },
  })
    .jpeg()
    .toBuffer();
}

/**
 * The cart takes no design with an empty frame: a photo of its own goes into each of the
 * design's frames through the studio's API (auto-fill places each photo once, and the same
 * file handed in twice is the same photo).
 */
export async function fillFrames(
  page: Page,
  design: string,
  document: { surfaces: { elements: { kind: string }[] }[] },
  origin: string,
) {
  const frames = document.surfaces.flatMap((s) => s.elements).filter((e) => e.kind === "photo");
  const photos: string[] = [];
  for (const [i] of frames.entries()) {
    const uploaded = await page.request.post(url("localhost", "/web-api/studio/photos"), {
      multipart: {
        file: {
          name: `garden-${i}.jpg`,
          mimeType: "image/jpeg",
          buffer: await sharp({
            create: {
              width: 1800,
              height: 1200,
              channels: 3,
              background: { r: 80, g: 100 + 20 * i, b: 60 },
            },
          })
            .jpeg()
            .toBuffer(),
        },
      },
      headers: { origin },
    });
    expect(uploaded.status()).toBe(201);
    photos.push(((await uploaded.json()) as { id: string }).id);
  }
  if (photos.length === 0) return;
  const filled = await page.request.post(
    url("localhost", `/web-api/studio/designs/${design}/autofill`),
    { data: { photos }, headers: { origin } },
  );
  expect(filled.status()).toBe(200);
}

/**
 * A guest's order of a card with their own design, paid on the test provider's page: the
 * theme page's button opens the studio with a new design (as a shopper starts one), one
 * photo goes into each of its frames through the studio's API, the design goes into the
 * cart, the order is placed through the checkout API with the test provider, and its
 * hosted page approves the payment. Answers once the confirmation page shows.
 */
export async function placeDesignedTestOrder(page: Page): Promise<PlacedOrder> {
  await page.goto(url("localhost", "/themes/hochzeit-001"));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Anzahl").fill("10");
  await page.getByRole("button", { name: "Jetzt gestalten" }).click();
  await expect(page).toHaveURL(/studioDesign=/, { timeout: 20_000 });
  const design = new URL(page.url()).searchParams.get("studioDesign")!;
  const origin = url("localhost", "").replace(/\/$/, "");
  const read = await page.request.get(url("localhost", `/web-api/studio/designs/${design}`));
  expect(read.status()).toBe(200);
  const { configuration, document } = (await read.json()) as {
    configuration: Record<string, unknown>;
    document: { surfaces: { elements: { kind: string }[] }[] };
  };
  await fillFrames(page, design, document, origin);
  const added = await page.request.post(url("localhost", "/web-api/cart/items"), {
    data: { ...configuration, studioDesign: design },
    headers: { origin },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto(url("localhost", "/warenkorb"));
  const email = `gestaltet.${Date.now()}@example.de`;
  const body = (await checkoutAsGuest(page, email, "test")) as unknown as Omit<
    PlacedOrder,
    "email"
  > & { payment: { redirectUrl: string } };
  // The test provider's hosted page: the shopper approves, and comes back to the shop.
  await page.goto(body.payment.redirectUrl);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await expect(page).toHaveURL(/\/bestellung\/[A-Za-z0-9_-]+\/danke\/?$/);
  return {
    orderNumber: body.orderNumber,
    orderToken: body.orderToken,
    total: body.total,
    email,
  };
}
