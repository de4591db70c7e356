/**
 * Production's pure parts (the shipment CSV, CSV fields), and the queue and batch download
 * by brand and product family on PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createDiskStorage } from "../studio/storage";
import { testOrderValues } from "../testing/orders";
import {
  createProduction,
  csvField,
  parseShipmentCsv,
  productionFilterSchema,
  type Production,
  type QueueOrder,
} from "./production";

describe("production files", () => {
  it("reads a shipment CSV with or without a header, commas or semicolons, quotes", () => {
    expect(
      parseShipmentCsv('order;tracking\r\nC-2030-000001;0034\n"C-2030-000002","JJD1"\n\nbroken\n'),
    ).toEqual([
      { line: 2, number: "C-2030-000001", tracking: "0034" },
      { line: 3, number: "C-2030-000002", tracking: "JJD1" },
      { line: 5, number: "broken", tracking: "" },
    ]);
  });

  it("quotes CSV fields that need it and keeps spreadsheet formulas out", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Karte "Liebe", 20 Stück')).toBe('"Karte ""Liebe"", 20 Stück"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
  });
});

describe.each(TEST_DATABASES)("the production queue by brand and product family on %s", (kind) => {
  let database: TestDatabase;
  let dir: string;
  let production: Production;
  const ids: Record<string, number> = {};

  /** An order line of `product` at `position`, its print file named after it when made. */
  const line = (orderId: number, position: number, product: string, printFile: string | null) => ({
    orderId,
    position,
    product,
    configuration: {},
    title: `${product} ${position}`,
    quantity: 1,
    lineTotalMinor: 2000,
    unitPriceMinor: 2000,
    vatRateBasisPoints: 1900,
    personalised: true,
    printFile,
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dir = mkdtempSync(path.join(os.tmpdir(), "shop-production-"));
    const storage = createDiskStorage(dir);
    for (const name of ["card", "calendar", "frame"]) {
      await storage.put(`orders/${name}.pdf`, Buffer.from(`%PDF ${name}`), "application/pdf");
    }
    const ready = { state: "paid" as const, productionReadyAt: new Date() };
    for (const [number, over] of [
      // A card and a calendar in one order of the card shop.
      ["C-2031-000201", ready],
      // Wall art of the other brand.
      ["W-2031-000202", { ...ready, channel: "wallart" }],
      // A calendar not paid yet: never in the queue, whatever the filter.
      ["C-2031-000203", { state: "placed" as const }],
    ] as const) {
      const [row] = await database.db
        .insert(orders)
        .values(testOrderValues(number, over))
        .returning();
      ids[number] = row!.id;
    }
    await database.db
      .insert(orderLines)
      .values([
        line(ids["C-2031-000201"]!, 1, "card", "orders/card.pdf"),
        line(ids["C-2031-000201"]!, 2, "calendar", "orders/calendar.pdf"),
        line(ids["W-2031-000202"]!, 1, "photoframe", "orders/frame.pdf"),
        line(ids["C-2031-000203"]!, 1, "calendar", null),
      ]);
    production = createProduction({ db: database.db, storage });
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The files of a batch's ZIP, read to its end. */
  const unzipped = async (zip: Promise<ReadableStream<Uint8Array>>) =>
    unzipSync(new Uint8Array(await new Response(await zip).arrayBuffer()));

  const summary = (queue: QueueOrder[]) =>
    queue.map((o) => ({ number: o.number, families: o.families, lines: o.lines }));

  it("lists every ready order without a filter, of one brand, or with lines of one family (only those counted)", async () => {
    expect(summary(await production.queue())).toEqual([
      { number: "C-2031-000201", families: ["card", "calendar"], lines: 2 },
      { number: "W-2031-000202", families: ["photoframe"], lines: 1 },
    ]);
    expect(summary(await production.queue({ channel: "wallart" }))).toEqual([
      { number: "W-2031-000202", families: ["photoframe"], lines: 1 },
    ]);
    expect(summary(await production.queue({ family: "calendar" }))).toEqual([
      { number: "C-2031-000201", families: ["calendar"], lines: 1 },
    ]);
    expect(await production.queue({ channel: "wallart", family: "calendar" })).toEqual([]);
  });

  it("puts only the family's print files into a batch of that family, and its lines into the manifest", async () => {
    const chosen = [ids["C-2031-000201"]!, ids["W-2031-000202"]!];
    const calendars = await unzipped(production.batchZip(chosen, { family: "calendar" }));
    expect(Object.keys(calendars).sort()).toEqual(["C-2031-000201-2.pdf", "manifest.csv"]);
    expect(strFromU8(calendars["C-2031-000201-2.pdf"]!)).toBe("%PDF calendar");
    expect(strFromU8(calendars["manifest.csv"]!)).toBe(
      "order,line,product,title,quantity,file,runs,copies\r\n" +
        "C-2031-000201,2,calendar,calendar 2,1,C-2031-000201-2.pdf,1,\r\n",
    );
    const all = await unzipped(production.batchZip(chosen));
    expect(Object.keys(all).sort()).toEqual([
      "C-2031-000201-1.pdf",
      "C-2031-000201-2.pdf",
      "W-2031-000202-1.pdf",
      "manifest.csv",
    ]);
  });

  it("sends a batch as it reads its files: the ZIP begins before a large print file is read whole", async () => {
    // A photo book's file of 8 MB, in an order of its own, read through a storage that
    // counts what it hands out.
    const large = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < large.length; i += 4099) large[i] = i % 233;
    const disk = createDiskStorage(dir);
    await disk.put("orders/book.pdf", large, "application/pdf");
    const [order] = await database.db
      .insert(orders)
      .values(testOrderValues("C-2031-000204", { state: "placed" }))
      .returning();
    await database.db.insert(orderLines).values(line(order!.id, 1, "photobook", "orders/book.pdf"));
    let read = 0;
    const counting: typeof disk = {
      ...disk,
      async open(name) {
        const opened = await disk.open(name);
        opened?.stream.on("data", (chunk: Buffer) => (read += chunk.length));
        return opened;
      },
    };
    const zip = await createProduction({ db: database.db, storage: counting }).batchZip([
      order!.id,
    ]);
    const reader = zip.getReader();
    const first = await reader.read();
    expect(first.value!.length).toBeGreaterThan(0);
    expect(read).toBeLessThan(1024 * 1024);
    const rest: Uint8Array[] = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      rest.push(next.value);
    const files = unzipSync(new Uint8Array(Buffer.concat(rest)));
    expect(Buffer.from(files["C-2031-000204-1.pdf"]!).equals(large)).toBe(true);
    expect(read).toBe(large.length);
  });

  it("says in the manifest how often each file is printed: 20 cards are 20 runs of the file, 900 prints one run of pages with copies", async () => {
    const [order] = await database.db
      .insert(orders)
      .values(testOrderValues("C-2031-000205", { state: "placed" }))
      .returning();
    await database.db.insert(orderLines).values([
      { ...line(order!.id, 1, "card", "orders/card.pdf"), quantity: 20 },
      {
        ...line(order!.id, 2, "photobox", "orders/card.pdf"),
        quantity: 900,
        preflight: { ok: true, pages: 3, prints: 900, copies: [300, 300, 300] },
      },
    ]);
    const files = await unzipped(production.batchZip([order!.id]));
    expect(strFromU8(files["manifest.csv"]!).split("\r\n").slice(1, 3)).toEqual([
      "C-2031-000205,1,card,card 1,20,C-2031-000205-1.pdf,20,",
      "C-2031-000205,2,photobox,photobox 2,900,C-2031-000205-2.pdf,1,1:300 2:300 3:300",
    ]);
  });

  it("refuses a family or brand the shop does not have, field by field, and takes empty fields as no filter", () => {
    const parsed = productionFilterSchema.safeParse({ channel: "shoes", family: "mug" });
    expect(parsed.success).toBe(false);
    expect(
      Object.fromEntries(parsed.error!.issues.map((i) => [String(i.path[0]), i.message])),
    ).toEqual({ channel: "Choose a brand", family: "Choose a product family" });
    expect(productionFilterSchema.parse({ channel: "", family: "" })).toEqual({});
    expect(productionFilterSchema.parse({ family: "photobook" })).toEqual({ family: "photobook" });
  });
});
