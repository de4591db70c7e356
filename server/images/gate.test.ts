import { Hono } from "hono";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  checkOutput,
  createImageGate,
  ImageBusy,
  ImageRefused,
  IMAGE_WORK_LIMITS,
  OUTPUT_MAX_SIDE,
  UPLOAD_POLICY,
  uploadBudget,
  type GateLimits,
} from "./gate";
import { pngHeaderOnly } from "./testImages";

const limits = (overrides: Partial<GateLimits>): GateLimits => ({
  ...IMAGE_WORK_LIMITS,
  ...overrides,
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRefused);
  return error as ImageRefused;
};

describe("the image gate's header check", () => {
  it("refuses 100 megapixels from the header alone: the work never runs and takes no place", async () => {
    const gate = createImageGate();
    let decoded = false;
    const refused = await refusal(
      gate.decode(pngHeaderOnly(10_000, 10_000), UPLOAD_POLICY, async () => {
        decoded = true;
      }),
    );
    expect([refused.status, refused.reason]).toEqual([413, "too-many-pixels"]);
    expect(refused.message).toMatch(/10000×10000 px; at most 50 megapixels/);
    expect(decoded).toBe(false);
    expect(gate.load()).toEqual({ running: 0, waiting: 0, admitted: 0, inLine: 0, uploadBytes: 0 });
  });

  it("refuses a side longer than the policy's even when the image has few pixels", async () => {
    const gate = createImageGate();
    for (const [width, height] of [
      [1, 10_000_000],
      [100_000_000, 1],
      [UPLOAD_POLICY.maxSide + 1, 1],
    ] as const) {
      const refused = await refusal(gate.inspect(pngHeaderOnly(width, height), UPLOAD_POLICY));
      expect([refused.status, refused.reason]).toEqual([413, "side-too-long"]);
    }
    const longest = await gate.inspect(pngHeaderOnly(UPLOAD_POLICY.maxSide, 1), UPLOAD_POLICY);
    expect(longest.width).toBe(UPLOAD_POLICY.maxSide);
  });

  it("refuses what is no image, and SVG unless the policy allows it", async () => {
    const gate = createImageGate();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const input of [Buffer.from("not a photo"), Buffer.alloc(0), svg]) {
      const refused = await refusal(gate.inspect(input, UPLOAD_POLICY));
      expect([refused.status, refused.reason]).toEqual([415, "not-an-image"]);
    }
    const allowed = await gate.inspect(svg, { ...UPLOAD_POLICY, allowSvg: true });
    expect(allowed).toMatchObject({ width: 10, height: 10, format: "svg" });
  });

  it("reads the size as the image will be shown, turned by its EXIF orientation", async () => {
    const sideways = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#3366aa" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await createImageGate().inspect(sideways, UPLOAD_POLICY)).toEqual({
      width: 200,
      height: 300,
      hasAlpha: false,
      format: "jpeg",
    });
  });

  it("decodes an accepted image in one of its places, at most one page", async () => {
    const gate = createImageGate();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const result = await gate.decode(png, UPLOAD_POLICY, async (image, header) => {
      expect(gate.load().running).toBe(1);
      const { info } = await image.jpeg().toBuffer({ resolveWithObject: true });
      return { header, info };
    });
    expect(result.header).toMatchObject({ width: 40, height: 30 });
    expect([result.info.width, result.info.height]).toEqual([40, 30]);
    expect(gate.load().running).toBe(0);
  });
});

describe("the output formats' limits", () => {
  it("refuses with 422 what a format cannot hold, before anything is encoded", () => {
    expect(() => checkOutput({ width: 16_383, height: 1000 }, "webp")).not.toThrow();
    for (const [size, format] of [
      [{ width: 20_000, height: 1000 }, "webp"],
      [{ width: 1000, height: 16_385 }, "avif"],
      [{ width: 70_000, height: 1000 }, "jpeg"],
    ] as const) {
      let error: unknown;
      try {
        checkOutput(size, format);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ImageRefused);
      expect((error as ImageRefused).status).toBe(422);
      expect((error as ImageRefused).message).toContain(`at most ${OUTPUT_MAX_SIDE[format]} px`);
    }
    expect(() => checkOutput({ width: 100_000, height: 1 }, "png")).not.toThrow();
  });

  it("names the sides the encoders really stop at", async () => {
    const encode = (width: number, format: "webp" | "avif" | "jpeg") =>
      sharp({ create: { width, height: 2, channels: 3, background: "#888" } })
        .toFormat(format)
        .toBuffer();
    for (const format of ["webp", "avif", "jpeg"] as const) {
      const max = OUTPUT_MAX_SIDE[format];
      await expect(encode(max, format)).resolves.toBeInstanceOf(Buffer);
      await expect(encode(max + 1, format)).rejects.toThrow();
    }
  });
});

describe("the image gate's places", () => {
  it("lets a decode wait for a place only so long, then answers busy with a retry time", async () => {
    const gate = createImageGate(limits({ concurrency: 1, maxQueue: 1, timeoutMs: 20 }));
    const first = deferred();
    const running = gate.run(() => first.promise);
    const waited = await gate.run(async () => "late").catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(ImageBusy);
    expect((waited as ImageBusy).retryAfterSeconds).toBe(IMAGE_WORK_LIMITS.retryAfterSeconds);
    first.resolve();
    await running;
    expect(await gate.run(async () => "next")).toBe("next");
  });

  it("never decodes two images side by side that together exceed its pixels", async () => {
    const gate = createImageGate(limits({ concurrency: 2, maxWeight: 60_000_000 }));
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#fff" } })
        .png()
        .toBuffer();
    const [large, small] = await Promise.all([png(5000, 10_000), png(4000, 4000)]);
    const headers = await Promise.all([large, small].map((p) => gate.inspect(p, UPLOAD_POLICY)));
    const first = deferred();
    const order: string[] = [];
    const work = (name: string, wait?: Promise<void>) => async () => {
      order.push(name);
      await wait;
    };
    const decoding = gate.decode(large, UPLOAD_POLICY, work("50 MP", first.promise), {
      header: headers[0],
    });
    const next = gate.decode(small, UPLOAD_POLICY, work("16 MP"), { header: headers[1] });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(["50 MP"]);
    expect(gate.load()).toMatchObject({ running: 1, waiting: 1 });
    first.resolve();
    await Promise.all([decoding, next]);
    expect(order).toEqual(["50 MP", "16 MP"]);
  });

  it("answers busy at once when the queue is full", async () => {
    const gate = createImageGate(limits({ concurrency: 1, maxQueue: 1, timeoutMs: 1000 }));
    const first = deferred();
    const running = gate.run(() => first.promise);
    const queued = gate.run(async () => "queued");
    const started = Date.now();
    await expect(gate.run(async () => "third")).rejects.toBeInstanceOf(ImageBusy);
    expect(Date.now() - started).toBeLessThan(100);
    first.resolve();
    await running;
    expect(await queued).toBe("queued");
  });

  it("holds upload bytes up to its budget and frees them once", () => {
    const gate = createImageGate(limits({ maxUploadBytes: 100 }));
    const release = gate.reserveUploadBytes(60);
    expect(() => gate.reserveUploadBytes(41)).toThrow(ImageBusy);
    release();
    release();
    expect(gate.load().uploadBytes).toBe(0);
    gate.reserveUploadBytes(100)();
  });

  it("takes upload requests in one at a time here, each body read before it waits in line, and answers one that waits too long busy", async () => {
    const gate = createImageGate(
      limits({ intake: { concurrency: 1, maxQueue: 5, timeoutMs: 150 } }),
    );
    const first = deferred();
    const handled: string[] = [];
    const app = new Hono();
    app.post(
      "/upload",
      uploadBudget(gate, 800, (c, busy) => {
        c.header("Retry-After", String(busy.retryAfterSeconds));
        return c.text("busy", 503);
      }),
      async (c) => {
        const body = await c.req.text();
        handled.push(body);
        if (body === "first") await first.promise;
        return c.text("done");
      },
    );
    const read = new Set<string>();
    // A body that notes when it has been read to its end.
    const post = (body: string) =>
      app.request("/upload", {
        method: "POST",
        headers: { "content-length": String(body.length) },
        body: new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.enqueue(new TextEncoder().encode(body));
            controller.close();
            read.add(body);
          },
        }),
        duplex: "half",
      } as RequestInit);
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
      expect(done()).toBe(true);
    };
    const running = post("first");
    await until(() => gate.load().admitted === 1);
    const waiting = post("second");
    await until(() => gate.load().inLine === 1);
    // In line with its body in memory, not yet handled.
    expect(read.has("second")).toBe(true);
    expect(handled).toEqual(["first"]);
    const refused = await waiting;
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe(String(IMAGE_WORK_LIMITS.retryAfterSeconds));
    expect(handled).toEqual(["first"]);
    first.resolve();
    expect(await (await running).text()).toBe("done");
    expect(await (await post("third")).text()).toBe("done");
    expect(gate.load()).toMatchObject({ admitted: 0, inLine: 0, uploadBytes: 0 });
  });

  it("answers an upload beyond the budget with the route's 503 after reading its body to the end, and holds nothing after a request", async () => {
    const gate = createImageGate(limits({ maxUploadBytes: 1000 }));
    const app = new Hono();
    app.post(
      "/upload",
      uploadBudget(gate, 800, (c, busy) => {
        c.header("Retry-After", String(busy.retryAfterSeconds));
        return c.text("busy", 503);
      }),
      async (c) => c.text(String(gate.load().uploadBytes)),
    );
    const post = (bytes: number) =>
      app.request("/upload", {
        method: "POST",
        headers: { "content-length": String(bytes) },
        body: "x".repeat(bytes),
      });
    // A request is held at its declared size while it is handled.
    expect(await (await post(300)).text()).toBe("300");
    // One that declares no size is held at the route's limit.
    const undeclared = await app.request("/upload", { method: "POST", body: "x" });
    expect(await undeclared.text()).toBe("800");
    expect(gate.load().uploadBytes).toBe(0);
    const held = gate.reserveUploadBytes(500);
    // The refused body is still read to its end (and dropped), so the sender hears the
    // 503 instead of a connection closed while it writes.
    let readToEnd = false;
    const refused = await app.request("/upload", {
      method: "POST",
      headers: { "content-length": "600" },
      body: new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            controller.enqueue(new Uint8Array(600));
            controller.close();
            readToEnd = true;
          },
          // Nothing is pulled before the shop reads.
        },
        { highWaterMark: 0 },
      ),
      duplex: "half",
    } as RequestInit);
    expect(readToEnd).toBe(true);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe(String(IMAGE_WORK_LIMITS.retryAfterSeconds));
    held();
    expect((await post(600)).status).toBe(200);
  });
});
