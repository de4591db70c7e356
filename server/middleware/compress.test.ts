import { gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chosenCoding, compress, joinedChunks } from "./compress";

/** A page of some size, as a render streams it: in chunks. */
const PAGE = Array.from(
  { length: 400 },
  (_, i) => `<li class="row-${i % 7}">Fotobuch ${i}, Leinwand ${i * 3}</li>`,
).join("");

function app() {
  const shop = new Hono();
  shop.use(compress());
  shop.get("/page", () => {
    const chunks = [PAGE.slice(0, 5000), PAGE.slice(5000)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    return new Response(body, {
      headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"v1"', Vary: "Cookie" },
    });
  });
  shop.get(
    "/small",
    () =>
      new Response("kurz", { headers: { "Content-Type": "text/plain", "Content-Length": "4" } }),
  );
  shop.get(
    "/image",
    () => new Response(new Uint8Array(5000), { headers: { "Content-Type": "image/jpeg" } }),
  );
  shop.get(
    "/kept",
    () =>
      new Response(gzipSync(PAGE), {
        headers: { "Content-Type": "text/html", "Content-Encoding": "gzip" },
      }),
  );
  shop.get(
    "/raw",
    () =>
      new Response(PAGE, {
        headers: { "Content-Type": "text/html", "Cache-Control": "no-transform" },
      }),
  );
  return shop;
}

describe("compressing the answers the page cache does not keep", () => {
  it("gzips a streamed page at the fastest level, whole, with Vary and a weak ETag", async () => {
    const response = await app().request("/page", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Content-Length")).toBeNull();
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(response.headers.get("ETag")).toBe('W/"v1"');
    const body = Buffer.from(await response.arrayBuffer());
    expect(gunzipSync(body).toString()).toBe(PAGE);
    // Level 1 marks its gzip header with "fastest" (XFL 4).
    expect(body[8]).toBe(4);
    expect(body.length).toBeLessThan(PAGE.length / 3);
  });

  it("deflates for a client that takes deflate only, and sends as is what is refused", async () => {
    const deflated = await app().request("/page", { headers: { "Accept-Encoding": "deflate" } });
    expect(deflated.headers.get("Content-Encoding")).toBe("deflate");
    expect(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString()).toBe(PAGE);
    for (const accept of ["gzip;q=0, deflate;q=0", "br", ""]) {
      const plain = await app().request("/page", { headers: { "Accept-Encoding": accept } });
      expect(plain.headers.get("Content-Encoding"), accept).toBeNull();
      expect(await plain.text()).toBe(PAGE);
    }
  });

  it("leaves alone small answers, images, compressed copies, no-transform and HEAD", async () => {
    const gzip = { "Accept-Encoding": "gzip" };
    for (const path of ["/small", "/image", "/raw"]) {
      const response = await app().request(path, { headers: gzip });
      expect(response.headers.get("Content-Encoding"), path).toBeNull();
    }
    const kept = await app().request("/kept", { headers: gzip });
    expect(gunzipSync(Buffer.from(await kept.arrayBuffer())).toString()).toBe(PAGE);
    const head = await app().request("/page", { method: "HEAD", headers: gzip });
    expect(head.headers.get("Content-Encoding")).toBeNull();
  });

  it("chooses by q, gzip before deflate at the same q, * for the codings not named", () => {
    expect(chosenCoding("deflate;q=1, gzip;q=0.5")).toBe("deflate");
    expect(chosenCoding("deflate, gzip")).toBe("gzip");
    expect(chosenCoding("*")).toBe("gzip");
    expect(chosenCoding("*;q=0.2, gzip;q=0")).toBe("deflate");
    expect(chosenCoding("identity")).toBeNull();
    expect(chosenCoding(undefined)).toBeNull();
  });

  it("hands zlib what a render writes at once as one piece, and what comes later on its own", async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    let later!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // The shell: many small writes in one turn, as React flushes it.
        for (let i = 0; i < 30; i++) controller.enqueue(encode(`<p>${i}</p>`));
        // A part that is ready a moment later still goes out when it is ready.
        later = () => {
          controller.enqueue(encode("<p>later</p>"));
          controller.close();
        };
      },
    });
    const reader = body.pipeThrough(joinedChunks()).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(
      Array.from({ length: 30 }, (_, i) => `<p>${i}</p>`).join(""),
    );
    later();
    const second = await reader.read();
    expect(new TextDecoder().decode(second.value)).toBe("<p>later</p>");
    expect((await reader.read()).done).toBe(true);
  });
});
