/**
 * Every endpoint that takes an image goes through the image gate, on PGlite and
 * PostgreSQL: sizes a decode would pay for dearly are refused from the header (413), sizes
 * the target format cannot hold answer 422, a saturated gate 503 with Retry-After; and a
 * customer picture's plain form post never goes back to another site.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { createApi } from ".";
import { backTo } from "./customerPictures";
import { clientAddressOf } from "../middleware/clientAddress";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createImageGate, IMAGE_WORK_LIMITS, imageGate } from "../images/gate";
import { pngHeaderOnly } from "../images/testImages";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { loggedInCustomer } from "../testing/customers";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";
import { createToolbox } from "../toolbox/service";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

describe("a customer picture's way back", () => {
  it.each([
    ["http://localhost/ueber-uns?x=1", "/ueber-uns?x=1"],
    ["http://LOCALHOST/fotos", "/fotos"],
    ["https://evil.example/phish", "/"],
    ["//evil.example/x", "/"],
    ["http://localhost//evil.example/x", "/"],
    ["http://localhost/\\evil.example", "/"],
    ["http://localhost/\\/evil.example", "/"],
    ["http://localhost:8080/fotos", "/"],
    ["javascript:alert(1)", "/"],
    ["/relative/only", "/"],
    ["", "/"],
  ])("goes from the Referer %j to %j", (referer, expected) => {
    expect(backTo(referer, "localhost")).toBe(expected);
  });
});

describe.each(TEST_DATABASES)("image uploads on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: Hono;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
    api = new Hono();
    api.use(clientAddressOf(["unknown"]));
    api.route("/", createApi(services, storefront));
  });
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  let address = 0;
  const toolbox = async (
    operation: string,
    file: Buffer,
    fields: Record<string, string> = {},
    app = api,
  ) => {
    const form = new FormData();
    const field = operation === "convert-pdf" ? "files" : "file";
    form.append(field, new File([new Uint8Array(file)], "x.png"));
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return app.request(`http://localhost/web-api/toolbox-${operation}`, {
      method: "POST",
      // A new address each time: the hourly limit per address is not what is tested here.
      headers: {
        host: "localhost",
        accept: "application/json",
        "x-forwarded-for": `192.0.2.${++address}`,
      },
      body: form,
    });
  };
  const detail = async (response: Response) => {
    const body = (await response.json()) as { detail?: string; message?: string };
    return body.detail ?? body.message ?? "";
  };

  it("refuses 100 megapixels and sides of millions of pixels on every toolbox endpoint from the header", async () => {
    for (const operation of ["optimize-image", "convert-pdf", "convert-file"]) {
      const fields: Record<string, string> = operation === "convert-file" ? { to: "jpeg" } : {};
      const square = await toolbox(operation, pngHeaderOnly(10_000, 10_000), fields);
      expect(square.status).toBe(413);
      expect(await detail(square)).toMatch(/at most 50 megapixels/);
      for (const [width, height] of [
        [1, 10_000_000],
        [1, 100_000_000],
        [70_000, 1000],
      ] as const) {
        const thin = await toolbox(operation, pngHeaderOnly(width, height), fields);
        expect(thin.status).toBe(413);
        expect(await detail(thin)).toMatch(/each side may be at most 20000 px/);
      }
    }
  });

  it("refuses a conversion the target format cannot hold with 422, and converts it to a format that can", async () => {
    const wide = pngHeaderOnly(20_000, 1000);
    const webp = await toolbox("convert-file", wide, { to: "webp" });
    expect(webp.status).toBe(422);
    expect(await detail(webp)).toMatch(/WEBP image may be at most 16383 px/);
    const real = await sharp({
      create: { width: 20_000, height: 10, channels: 3, background: "#abc" },
    })
      .png()
      .toBuffer();
    expect((await toolbox("convert-file", real, { to: "webp" })).status).toBe(422);
    const jpeg = await toolbox("convert-file", real, { to: "jpeg" });
    expect(jpeg.status).toBe(201);
    expect(await jpeg.json()).toMatchObject({ width: 20_000, height: 10 });
  });

  it("answers 503 with Retry-After when no place frees in time, and when upload bytes are spent", async () => {
    // A toolbox whose gate has no place and no queue: every decode is refused at once.
    const busyApi = new Hono();
    busyApi.use(clientAddressOf(["unknown"]));
    const toolboxWithoutPlaces = createToolbox({
      db: database.db,
      gate: createImageGate({ ...IMAGE_WORK_LIMITS, concurrency: 0, maxQueue: 0 }),
    });
    busyApi.route("/", createApi({ ...services, toolbox: toolboxWithoutPlaces }, storefront));
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#abc" } })
      .png()
      .toBuffer();
    const busy = await toolbox("optimize-image", png, {}, busyApi);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
    // The process's gate with its upload bytes spent: refused before the body is read.
    const held = imageGate.reserveUploadBytes(IMAGE_WORK_LIMITS.maxUploadBytes);
    try {
      const spent = await toolbox("optimize-image", pngHeaderOnly(10, 10));
      expect(spent.status).toBe(503);
      expect(spent.headers.get("retry-after")).toBe("5");
    } finally {
      held();
    }
  });

  it("refuses the same sizes as customer pictures, and goes back to no other site", async () => {
    const session = await loggedInCustomer(services, api, {
      email: `gate-${kind}@example.de`,
      firstName: "Mia",
      lastName: "Stein",
    });
    const upload = (file: Buffer, referer?: string) => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(file)], "bild.png"));
      form.append("consent", "on");
      return api.request("http://localhost/customer-picture/upload", {
        method: "POST",
        headers: {
          host: "localhost",
          cookie: session,
          ...(referer ? { referer } : { accept: "application/json" }),
        },
        body: form,
      });
    };
    expect((await upload(pngHeaderOnly(10_000, 10_000))).status).toBe(413);
    expect((await upload(pngHeaderOnly(1, 10_000_000))).status).toBe(413);
    const photo = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#3a7d44" },
    })
      .jpeg()
      .toBuffer();
    for (const referer of ["http://localhost//evil.example/x", "http://localhost/\\evil.example"]) {
      const back = await upload(photo, referer);
      expect(back.status).toBe(303);
      expect(back.headers.get("location")).toBe("/");
    }
  });
});
