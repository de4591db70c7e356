/**
 * After payment every line with a design gets its print file, a proof image and a preflight
 * report, made from the design as it was frozen with the order (a later edit changes
 * nothing). Each line is one durable job; when the last designed line of an order has its
 * file, the order is marked ready for production and moves from paid to in production.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNull, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLines, orders, type FrozenDesign } from "../../db/schema";
import {
  designDocumentSchema,
  emptyFrames,
  photoIdsOf,
  type Rect,
} from "../../domain/studio/document";
import { copiesOf, copiesProblem, hasCopies, printCount } from "../../domain/studio/copies";
import { printProfile } from "../../domain/studio/profiles";
import type { JobQueue } from "../jobs/queue";
import { renderPrintPdf } from "../studio/pdf";
import type { ConvertToCmyk } from "../studio/cmyk";
import { bookPdfFile } from "../studio/photobookPdf";
import { pagesOfSurface } from "../studio/proof";
import type { StudioStorage } from "../studio/storage";
import { JOB_KINDS, type OrderService } from "./service";

/**
 * A print file the renderer wrote to disk (a photo book's, hundreds of MB): streamed into
 * storage from there, then discarded, so the job never holds it in memory.
 */
export interface PrintFileOnDisk {
  path: string;
  size: number;
  /** Removes the file and its temporary folder. */
  discard(): Promise<void>;
}

export interface PrintArtefacts {
  print: Buffer | PrintFileOnDisk;
  /** A JPEG of the first page as the shopper will hold it (null when it cannot be drawn). */
  proof: Buffer | null;
  preflight: Record<string, unknown>;
}

/** Makes a line's print file, proof and preflight from its frozen design. */
export type RenderDesign = (design: FrozenDesign, title: string) => Promise<PrintArtefacts>;

/**
 * Draws page `page` (from 1) of a print file (its bytes, or the path of the file on disk) as
 * a JPEG showing `box` (mm), `width` pixels wide.
 */
export type Rasterise = (
  pdf: Buffer | string,
  page: number,
  box: Rect,
  width: number,
) => Promise<Buffer>;

/**
 * The studio's renderer: the document checked, its photos' originals read from storage; the
 * proof is drawn from the print file itself when a rasteriser is given. With a CMYK
 * converter the print file kept for production is the converted one, while the proof stays
 * drawn from the sRGB file (what the shopper saw and approved in the studio).
 */
export function studioRenderer(
  storage: StudioStorage,
  rasterise?: Rasterise,
  toCmyk?: ConvertToCmyk | null,
): RenderDesign {
  return async (design, title) => {
    const doc = designDocumentSchema.parse(design.document);
    const profile = printProfile(doc.product);
    if (!profile)
      throw new Error(`No print profile for ${doc.product.family} ${doc.product.format}`);
    const missing: string[] = [];
    let print: Buffer | PrintFileOnDisk;
    const book = profile.book;
    if (book) {
      // A photo book is written page by page to a file, each photo read for the first page
      // showing it and let go once written; the file goes to storage from disk.
      const dir = await mkdtemp(path.join(tmpdir(), "shop-print-"));
      const file = path.join(dir, "print.pdf");
      const discard = () => rm(dir, { recursive: true, force: true });
      try {
        const size = await bookPdfFile(
          doc,
          { ...profile, book },
          async (id) => {
            const data = await storage.get(`photos/${id}/original`);
            if (!data) missing.push(id);
            return data;
          },
          file,
          { title },
        );
        print = { path: file, size, discard };
      } catch (error) {
        await discard();
        throw error;
      }
    } else {
      const photos = new Map<string, Buffer>();
      for (const id of photoIdsOf(doc)) {
        const data = await storage.get(`photos/${id}/original`);
        if (data) photos.set(id, data);
        else missing.push(id);
      }
      print = await renderPrintPdf(doc, profile, photos, { title });
    }
    let proof: Buffer | null = null;
    // The first surface (a card's front, a book's cover) wherever the file prints it.
    const [first] = pagesOfSurface(doc, profile, 0);
    if (first && rasterise) {
      try {
        proof = await rasterise(
          Buffer.isBuffer(print) ? print : print.path,
          first.page,
          first.sheet.trim,
          800,
        );
      } catch {
        proof = null;
      }
    }
    const empty = emptyFrames(doc);
    // Prints and the photo box: each picture is one page of the file, printed as many
    // times as its copies say; production reads the copies from here (and the batch's
    // manifest), page by page, never from repeated pages.
    const copies = hasCopies(doc.product)
      ? { prints: printCount(doc), copies: doc.surfaces.map(copiesOf) }
      : {};
    const copiesWrong = copiesProblem(doc) !== null;
    return {
      print: toCmyk ? await converted(print, (pdf) => toCmyk(pdf, title)) : print,
      proof,
      preflight: {
        ok: missing.length === 0 && empty.length === 0 && !copiesWrong,
        pages: doc.surfaces.length,
        ...copies,
        missingPhotos: missing,
        emptyFrames: empty,
        profile: profile.key,
        colour: toCmyk ? "cmyk" : "srgb",
        designVersion: design.version,
      },
    };
  };
}

/**
 * A print file converted (CMYK) into a file on disk of its own, stored from there like a
 * book's; a source file on disk is converted from where it is, then discarded.
 */
async function converted(
  print: Buffer | PrintFileOnDisk,
  convert: (pdf: Buffer | string) => Promise<PrintFileOnDisk>,
): Promise<PrintFileOnDisk> {
  if (Buffer.isBuffer(print)) return convert(print);
  try {
    return await convert(print.path);
  } finally {
    await print.discard();
  }
}

export function registerPrintFiles({
  db,
  queue,
  orders: orderService,
  storage,
  render,
}: {
  db: Db;
  queue: JobQueue;
  orders: OrderService;
  storage: StudioStorage;
  render: RenderDesign;
}) {
  /** Marks the order ready once every designed line has its file (idempotent). */
  async function readyCheck(orderId: number) {
    const waiting = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.orderId, orderId),
          isNotNull(orderLines.designId),
          isNull(orderLines.printFile),
        ),
      );
    if (waiting.length > 0) return false;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.productionReadyAt) return true;
    await db.update(orders).set({ productionReadyAt: new Date() }).where(eq(orders.id, orderId));
    if (order.state === "paid") await orderService.startProduction(order.token, "job");
    return true;
  }

  queue.register(JOB_KINDS.printLine, async (payload) => {
    const lineId = Number(payload.lineId);
    const [line] = await db.select().from(orderLines).where(eq(orderLines.id, lineId));
    if (!line) throw new Error(`No order line ${lineId}`);
    const [order] = await db.select().from(orders).where(eq(orders.id, line.orderId));
    if (!order) throw new Error(`No order ${line.orderId}`);
    // Made once; an operator's re-render (`again`) makes it anew from the frozen design.
    if (!line.printFile || payload.again === true) {
      if (!line.design) throw new Error(`Line ${lineId} has no frozen design to print`);
      const made = await render(line.design, `${order.number} / ${line.position}`);
      const base = `orders/${order.number}/${line.position}`;
      if (Buffer.isBuffer(made.print))
        await storage.put(`${base}-print.pdf`, made.print, "application/pdf");
      else {
        const onDisk = made.print;
        try {
          await storage.putFile(`${base}-print.pdf`, onDisk.path, "application/pdf");
        } finally {
          await onDisk.discard();
        }
      }
      if (made.proof) await storage.put(`${base}-proof.jpg`, made.proof, "image/jpeg");
      await db
        .update(orderLines)
        .set({
          printFile: `${base}-print.pdf`,
          proofFile: made.proof ? `${base}-proof.jpg` : null,
          preflight: made.preflight,
        })
        .where(eq(orderLines.id, lineId));
      await orderService.note(order.id, "print_file.made", "job", {
        line: line.position,
        ...(payload.again === true ? { again: true } : {}),
        preflight: made.preflight,
      });
    }
    await readyCheck(order.id);
  });

  queue.register(JOB_KINDS.readyCheck, async (payload) => {
    await readyCheck(Number(payload.orderId));
  });

  return { readyCheck };
}
