/**
 * Production from the back office: the print files and proofs of order lines, the queue
 * of orders ready for production (paid, every print file made) by brand and product
 * family, a batch as one ZIP of print files with a manifest CSV, and shipping from an
 * uploaded CSV of order numbers and tracking numbers with a report of the rows that could
 * not be matched.
 */
import { Readable } from "node:stream";
import { and, asc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import { strToU8, Zip, ZipPassThrough } from "fflate";
import { z } from "zod";
import type { Db } from "../../db/client";
import { orderLines, orders } from "../../db/schema";
import { PRODUCT_FAMILIES } from "../../domain/productFamilies";
import type { StudioStorage } from "../studio/storage";
import { blank } from "./orders";

/**
 * The queue's filters as the page's form sends them (an empty field is no filter): a brand,
 * and a product family, the catalogue's own list, so a batch holds the print files one
 * machine prints (all calendars, say). The batch download takes the family too.
 */
export const productionFilterSchema = z.object({
  channel: blank(z.enum(["cards", "wallart"], { error: "Choose a brand" })),
  family: blank(z.enum(PRODUCT_FAMILIES, { error: "Choose a product family" })),
});
export type ProductionFilter = z.output<typeof productionFilterSchema>;

export interface QueueOrder {
  id: number;
  number: string;
  channel: string;
  country: string;
  state: string;
  readyAt: Date;
  families: string[];
  lines: number;
}

/** A CSV field, quoted when it needs to be (commas, quotes, line breaks). */
export function csvField(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet: keep it text.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows of a simple CSV (commas or semicolons, optional quotes, a header row or not). */
export function parseShipmentCsv(
  text: string,
): { line: number; number: string; tracking: string }[] {
  const rows: { line: number; number: string; tracking: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const cells = raw.split(/[;,]/).map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    );
    if (cells.every((c) => c === "")) return;
    if (index === 0 && !/\d/.test(cells[0] ?? "")) return; // a header row
    rows.push({ line: index + 1, number: cells[0] ?? "", tracking: cells[1] ?? "" });
  });
  return rows;
}

export function createProduction(options: { db: Db; storage: StudioStorage | null }) {
  const { db, storage } = options;

  async function file(lineId: number, kind: "print" | "proof") {
    if (!storage) return null;
    const [line] = await db
      .select({
        printFile: orderLines.printFile,
        proofFile: orderLines.proofFile,
        position: orderLines.position,
        number: orders.number,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.id, lineId));
    const name = kind === "print" ? line?.printFile : line?.proofFile;
    if (!line || !name) return null;
    // Streamed from storage as it is sent: a photo book's print file is hundreds of MB.
    const opened = await storage.open(name);
    if (!opened) return null;
    return {
      body: Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>,
      size: opened.size,
      name: `${line.number}-${line.position}${kind === "print" ? ".pdf" : "-proof.jpg"}`,
      type: kind === "print" ? "application/pdf" : "image/jpeg",
    };
  }

  return {
    /** The shipment CSV's reader (the page parses the upload with it). */
    csv: { parseShipmentCsv },
    /** The queue's filter rules (the page and the batch download check their fields with them). */
    schemas: { productionFilterSchema },

    /**
     * A line's print file (PDF) or proof (JPEG) as a web stream with its size, or null when
     * it is not made (yet).
     */
    file,

    /**
     * Orders ready for production: paid, every designed line's print file made; of one brand
     * and with lines of one family when the filter says so, and then only those lines count
     * (the families and lines shown are what a batch of that family holds).
     */
    async queue(filter: ProductionFilter = {}): Promise<QueueOrder[]> {
      const where: SQL[] = [
        inArray(orders.state, ["paid", "partly_refunded"]),
        isNotNull(orders.productionReadyAt),
      ];
      if (filter.channel) where.push(eq(orders.channel, filter.channel));
      if (filter.family) where.push(eq(orderLines.product, filter.family));
      const rows = await db
        .select({
          id: orders.id,
          number: orders.number,
          channel: orders.channel,
          country: orders.country,
          state: orders.state,
          readyAt: orders.productionReadyAt,
          product: orderLines.product,
        })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(...where))
        .orderBy(asc(orders.channel), asc(orders.id), asc(orderLines.position));
      const byOrder = new Map<number, QueueOrder>();
      for (const r of rows) {
        const entry =
          byOrder.get(r.id) ??
          ({
            id: r.id,
            number: r.number,
            channel: r.channel,
            country: r.country,
            state: r.state,
            readyAt: r.readyAt!,
            families: [],
            lines: 0,
          } satisfies QueueOrder);
        entry.lines += 1;
        if (!entry.families.includes(r.product)) entry.families.push(r.product);
        byOrder.set(r.id, entry);
      }
      return [...byOrder.values()];
    },

    /**
     * One ZIP of the print files of the orders asked for, with manifest.csv (order,
     * line, product, title, quantity, file, runs, copies); lines whose file is missing are
     * listed in the manifest as missing. The quantity is what the shopper ordered (20
     * cards, 900 prints); runs says how many times the whole file is printed: the quantity
     * for a card, 1 for prints and photo boxes, whose file holds each picture once and
     * whose copies column names each page's copies ("1:4 2:4 3:3": page 1 four times …).
     * With a family, only the lines of that family. Streamed:
     * each file is read from storage while the ZIP is sent (a batch of photo books is
     * gigabytes), the manifest last.
     */
    async batchZip(
      orderIds: number[],
      filter: Pick<ProductionFilter, "family"> = {},
    ): Promise<ReadableStream<Uint8Array>> {
      const chosen = [inArray(orders.id, orderIds)];
      if (filter.family) chosen.push(eq(orderLines.product, filter.family));
      const lines = orderIds.length
        ? await db
            .select({
              id: orderLines.id,
              number: orders.number,
              position: orderLines.position,
              product: orderLines.product,
              title: orderLines.title,
              quantity: orderLines.quantity,
              printFile: orderLines.printFile,
              preflight: orderLines.preflight,
            })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .where(and(...chosen))
            .orderBy(asc(orders.id), asc(orderLines.position))
        : [];
      async function* archive(): AsyncGenerator<Uint8Array> {
        // fflate hands the archive's bytes over as each piece is pushed (files are stored,
        // not compressed); they wait here only until the reader asks for more.
        let ready: Uint8Array[] = [];
        const zip = new Zip((error, chunk) => {
          if (error) throw error;
          ready.push(chunk);
        });
        function* taken() {
          const chunks = ready;
          ready = [];
          yield* chunks;
        }
        const manifest = [
          ["order", "line", "product", "title", "quantity", "file", "runs", "copies"].join(","),
        ];
        for (const line of lines) {
          const name = `${line.number}-${line.position}.pdf`;
          const opened = line.printFile && storage ? await storage.open(line.printFile) : null;
          if (opened) {
            const entry = new ZipPassThrough(name);
            zip.add(entry);
            for await (const chunk of opened.stream) {
              entry.push(chunk as Uint8Array);
              yield* taken();
            }
            entry.push(new Uint8Array(0), true);
          }
          manifest.push(
            [
              line.number,
              line.position,
              line.product,
              line.title,
              line.quantity,
              opened ? name : "missing",
              fileRuns(line.quantity, line.preflight),
              pageCopies(line.preflight),
            ]
              .map(csvField)
              .join(","),
          );
        }
        const list = new ZipPassThrough("manifest.csv");
        zip.add(list);
        list.push(strToU8(`${manifest.join("\r\n")}\r\n`), true);
        zip.end();
        yield* taken();
      }
      return Readable.toWeb(
        Readable.from(archive(), { objectMode: false }),
      ) as ReadableStream<Uint8Array>;
    },
  };
}

export type Production = ReturnType<typeof createProduction>;

/**
 * How many times a line's whole print file is printed: once for prints and photo boxes
 * (their pages' copies say the rest), the ordered quantity for anything else.
 */
export function fileRuns(quantity: number, preflight: Record<string, unknown> | null): number {
  return Array.isArray(preflight?.copies) ? 1 : quantity;
}

/**
 * A prints line's copies page by page as its print job recorded them ("1:4 2:4 3:3"),
 * empty for a line printed once a page.
 */
export function pageCopies(preflight: Record<string, unknown> | null): string {
  const copies = preflight?.copies;
  if (!Array.isArray(copies)) return "";
  return copies.map((n, i) => `${i + 1}:${Number(n)}`).join(" ");
}
