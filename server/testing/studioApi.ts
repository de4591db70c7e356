/**
 * What the studio's API tests share: requests as a shop's page sends them (its host and
 * headers, a visitor's cookie), photo uploads, a design's frames filled, a filled design put
 * into the cart, and (from
 * pdfBoxes.ts, which the browser tests share) the page boxes of a print file as pdfinfo
 * (poppler-utils) reads them.
 */
import { expect } from "vitest";
import { emptyFrames, type DesignDocument } from "../../domain/studio/document";
import type { createApi } from "../api";
import { testPhoto } from "./photos";

export { pdfFile, pdfPageBoxes } from "./pdfBoxes";
export { testPhoto } from "./photos";

type Api = ReturnType<typeof createApi>;

export interface SendOptions {
  cookie?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/**
 * A client of the API (made once the test's services are up, hence the getter) that sends
 * every request with the shop's host and headers.
 */
export function studioClient(api: () => Api, shopHeaders: Record<string, string>) {
  const send = (method: string, url: string, options: SendOptions = {}) =>
    api().request(`http://localhost${url}`, {
      method,
      headers: {
        ...shopHeaders,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
    });
  /** The visitor key cookie an answer set, as a Cookie header's part. */
  const visitorCookie = (response: Response) =>
    /visitor_key=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? "";
  /** Uploads a photo as the tray does; answers its id. */
  const upload = async (data: Buffer, cookie: string) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(data)], "photo.jpg"));
    const response = await api().request("http://localhost/web-api/studio/photos", {
      method: "POST",
      headers: { ...shopHeaders, cookie },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
  const host = shopHeaders.host ?? "localhost";
  /** A browser's request to a full URL of the shop (for the helpers that take one). */
  const request = (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    headers.set("host", host);
    return api().request(url, { ...init, headers });
  };
  /**
   * A design of `configuration` started by a new visitor, every frame filled, as the cart
   * takes it: its id and the visitor's cookie.
   */
  const filledDesign = async (configuration: unknown) => {
    const created = await send("POST", "/web-api/studio/designs", { json: { configuration } });
    expect(created.status).toBe(201);
    const cookie = visitorCookie(created);
    const { id } = (await created.json()) as { id: string };
    await fillDesignFrames(request, `http://${host}`, id, cookie);
    return { id, cookie };
  };
  /** A cart body put into the visitor's cart as the shop's page sends it. */
  const toCart = (cookie: string, body: object) =>
    send("POST", "/web-api/cart/items", {
      cookie,
      json: body,
      headers: { origin: `http://${host}` },
    });
  return { send, visitorCookie, upload, bytes, request, filledDesign, toCart };
}

/**
 * Fills every empty photo frame of a design with one uploaded photo, as a shopper does
 * before ordering (the cart refuses a design with an empty frame). `request` sends a
 * browser's request (the test shop's), `origin` is the shop's, e.g. `http://localhost`.
 */
export async function fillDesignFrames(
  request: (url: string, init: RequestInit) => Response | Promise<Response>,
  origin: string,
  designId: string,
  cookie: string,
) {
  const headers = { origin, cookie };
  const design = await request(`${origin}/web-api/studio/designs/${designId}`, { headers });
  const { document } = (await design.json()) as { document: DesignDocument };
  const frames = emptyFrames(document).length;
  if (frames === 0) return;
  // A photo of its own for each frame: auto-fill places each photo once, and the same file
  // handed in twice is the same photo.
  const photos: string[] = [];
  for (let i = 0; i < frames; i++) {
    // A colour of its own for each of up to 1000 frames (a photo book has dozens).
    const colour = {
      r: 80 + (i % 10) * 17,
      g: 96 + (Math.floor(i / 10) % 10) * 15,
      b: 40 + Math.floor(i / 100) * 20,
    };
    const image = await testPhoto(1800, 1200, colour, 85);
    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(image)], `photo-${i}.jpg`, { type: "image/jpeg" }),
    );
    const uploaded = await request(`${origin}/web-api/studio/photos`, {
      method: "POST",
      headers,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    photos.push(((await uploaded.json()) as { id: string }).id);
  }
  const filled = await request(`${origin}/web-api/studio/designs/${designId}/autofill`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ photos }),
  });
  expect(filled.status).toBe(200);
  const after = (await filled.json()) as { document: DesignDocument };
  expect(emptyFrames(after.document)).toEqual([]);
}
