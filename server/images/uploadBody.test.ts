/**
 * An upload's body read over a real socket by the upload budget: a body of a declared size
 * is copied chunk by chunk into one buffer of that size (not joined and copied again when
 * it ends), and the route's form reader gets exactly the bytes sent. A body without a
 * declared size (chunked) is still read by the route itself.
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageGate, IMAGE_WORK_LIMITS, uploadBudget } from "./gate";
import { readUploadForm } from "./uploadForm";

describe("the upload budget's body read over a socket", () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    const gate = createImageGate(IMAGE_WORK_LIMITS);
    const app = new Hono();
    app.post(
      "/upload",
      uploadBudget(gate, 8 * 1024 * 1024, (c) => c.text("busy", 503)),
      async (c) => {
        const form = await readUploadForm(c.req);
        const file = form?.files.file?.[0];
        if (!file) return c.text("no form", 400);
        return c.json({ bytes: file.data.length, sum: checksum(file.data) });
      },
    );
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A body of 3 MB: many socket chunks. */
  const data = Buffer.alloc(3 * 1024 * 1024);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 10)) & 0xff;

  it("hands the route exactly the bytes of a body of a declared size", async () => {
    const form = new FormData();
    form.append("file", new Blob([data], { type: "image/png" }), "big.png");
    const answer = await fetch(`${base}/upload`, { method: "POST", body: form });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ bytes: data.length, sum: checksum(data) });
  });

  it("still reads a body sent without a declared size", async () => {
    const boundary = "----h5boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const parts = [head, data, tail];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const answer = await fetch(`${base}/upload`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ bytes: data.length, sum: checksum(data) });
  });
});

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i++) sum = (sum * 33 + bytes[i]!) >>> 0;
  return sum;
}
