/**
 * A studio design for a cart line in tests that are about the cart, not the studio: a
 * calendar, photo book or collage goes into the cart only with a design of the shopper's
 * that is the line's product and has no empty photo frame, so such a test makes one here.
 */
import sharp from "sharp";
import { expect } from "vitest";
import { studioConfigurationSchema } from "../../domain/studio/configuration";
import { autofill, emptyFrames, type DesignDocument } from "../../domain/studio/document";

/** A request as a browser sends it to the shop (the test shop's, or the API's). */
type Send = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * A design of a cart body's product for the visitor of `cookie` (`visitor_key=…`), every
 * photo frame holding the same small photo (the cart asks that none is empty, not which
 * photos they show): its id, for the line's `studioDesign`. `origin` is the shop's, e.g.
 * `http://localhost`; the body is the cart's JSON body of a configuration (its fields the
 * studio does not read are left out).
 */
export async function designForLine(
  request: Send,
  origin: string,
  cookie: string,
  body: object,
): Promise<string> {
  const headers = { origin, cookie };
  const configuration = studioConfigurationSchema.parse(body);
  const created = await request(`${origin}/web-api/studio/designs`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ configuration }),
  });
  expect(created.status, JSON.stringify(configuration)).toBe(201);
  const design = (await created.json()) as {
    id: string;
    version: number;
    document: DesignDocument;
  };
  const frames = emptyFrames(design.document).length;
  if (frames === 0) return design.id;
  const image = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 90, g: 120, b: 60 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(image)], "line.jpg", { type: "image/jpeg" }));
  const uploaded = await request(`${origin}/web-api/studio/photos`, {
    method: "POST",
    headers,
    body: form,
  });
  // The same bytes handed in again by the same visitor are the photo they have (200).
  expect([200, 201]).toContain(uploaded.status);
  const photo = ((await uploaded.json()) as { id: string }).id;
  const saved = await request(`${origin}/web-api/studio/designs/${design.id}`, {
    method: "PUT",
    headers: { ...headers, "content-type": "application/json", "if-match": `"${design.version}"` },
    body: JSON.stringify({
      document: autofill(design.document, Array<string>(frames).fill(photo)),
    }),
  });
  expect(saved.status).toBe(200);
  return design.id;
}
