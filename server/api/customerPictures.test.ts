/**
 * Customer pictures through the shop API on PGlite and PostgreSQL: a logged-in customer
 * hands in a photo, which shows in the brand's gallery only once an editor approved it;
 * a refused one is gone, and so are the pictures of a deleted account.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { customerPictures, customers } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { loggedInCustomer } from "../testing/customers";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

/** A 2400 × 1600 photo a camera held upright marks as sideways (EXIF orientation 6). */
const photo = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#3a7d44" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe.each(TEST_DATABASES)("customer pictures on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  let session: string;

  const get = (path: string, host = "localhost") =>
    api.request(`http://${host}${path}`, { headers: { host } });
  const upload = (
    fields: Record<string, string | Buffer>,
    options: { cookie?: string; json?: boolean; referer?: string } = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new File([new Uint8Array(value)], "urlaub.jpg"));
    }
    return api.request("http://localhost/customer-picture/upload", {
      method: "POST",
      headers: {
        host: "localhost",
        ...(options.json === false ? {} : { accept: "application/json" }),
        ...(options.cookie === undefined ? { cookie: session } : { cookie: options.cookie }),
        ...(options.referer ? { referer: options.referer } : {}),
      },
      body: form,
    });
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
    api = createApi(services, storefront);
    session = await loggedInCustomer(services, api, {
      email: `bilder-${kind}@example.de`,
      firstName: "Lena",
      lastName: "Berg",
    });
  });
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("shows a customer's photo in the gallery only after an editor approved it", async () => {
    const handedIn = await upload({
      file: await photo(),
      caption: "  Unser Fotobuch\nvom Urlaub ",
      product: "photobook",
      consent: "on",
    });
    expect(handedIn.status).toBe(202);
    expect((await (await get("/customer-picture/get")).json()).total).toBe(0);
    const [pending] = await services.customerPictures.pending("cards");
    expect(pending).toMatchObject({ name: "Lena", caption: "Unser Fotobuch vom Urlaub" });
    expect((await get(`/customer-picture/image/${pending!.id}/small.jpg`)).status).toBe(404);

    expect(await services.customerPictures.approve("cards", pending!.id)).toBe(true);
    const gallery = await get("/customer-picture/get?product=photobook");
    expect(gallery.headers.get("cache-control")).toBe("public, max-age=60");
    const { items, total } = await gallery.json();
    expect(total).toBe(1);
    // Turned upright and scaled to 1600 px on its longest edge.
    expect(items[0]).toMatchObject({
      name: "Lena",
      product: "photobook",
      width: 1067,
      height: 1600,
      src: `/customer-picture/image/${pending!.id}/small.jpg`,
    });
    const tile = await get(items[0].src);
    expect(tile.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await tile.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([320, 480, undefined]);
    // Another brand's gallery and another product show nothing of it.
    expect((await (await get("/customer-picture/get", "wallart.localhost")).json()).total).toBe(0);
    expect((await (await get("/customer-picture/get?product=calendar")).json()).total).toBe(0);
    expect((await get(items[0].src, "wallart.localhost")).status).toBe(404);
  });

  it("takes nothing from a visitor who is not logged in, without consent or without a photo", async () => {
    expect((await upload({ file: await photo(), consent: "on" }, { cookie: "" })).status).toBe(401);
    expect((await upload({ file: await photo() })).status).toBe(400);
    expect((await upload({ consent: "on" })).status).toBe(400);
    const text = await upload({ file: Buffer.from("kein Foto"), consent: "on" });
    expect(text.status).toBe(415);
    expect((await get("/customer-picture/get?limit=500")).status).toBe(400);
    expect((await get("/customer-picture/get?product=../x")).status).toBe(400);
  });

  it("goes back to the page after a plain form post, never to another site", async () => {
    const back = await upload(
      { file: await photo(), consent: "on" },
      { json: false, referer: "http://localhost/ueber-uns?x=1" },
    );
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/ueber-uns?x=1");
    const foreign = await upload(
      { file: await photo(), consent: "on" },
      { json: false, referer: "https://evil.example/phish" },
    );
    expect(foreign.headers.get("location")).toBe("/");
  });

  it("takes at most five photos a day from a customer, counting only photos that passed their header check", async () => {
    // Three photos counted above; the file that was none was refused from its header, not counted.
    expect((await upload({ file: await photo(), consent: "on" })).status).toBe(202);
    expect((await upload({ file: await photo(), consent: "on" })).status).toBe(202);
    expect((await upload({ file: await photo(), consent: "on" })).status).toBe(429);
    // What is no photo is still told so once the day's five are used: the header comes first.
    expect((await upload({ file: Buffer.from("kein Foto"), consent: "on" })).status).toBe(415);
  });

  it("removes a refused picture, and every picture of a deleted account", async () => {
    const pending = await services.customerPictures.pending("cards");
    expect(await services.customerPictures.refuse("cards", pending[0]!.id)).toBe(true);
    expect(await services.customerPictures.pending("cards")).toHaveLength(pending.length - 1);
    await database.db.delete(customers).where(eq(customers.email, `bilder-${kind}@example.de`));
    expect(await database.db.select().from(customerPictures)).toEqual([]);
  });
});
