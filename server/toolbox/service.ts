/**
 * The toolbox's work: a shopper's images optimised for print, converted to another format
 * or made into a PDF (sharp reads and writes every image; pdf-lib lays out the PDF). The
 * results are kept for an hour under an unguessable id and deleted after: their row in the
 * database, their bytes in the shop's file storage (the studio's, shared by every process),
 * because the embedded database stores a value on the event loop itself (half a second for
 * 5 MB, during which no other request is answered).
 * Every image goes through the image gate (server/images/gate.ts): what is no image, too
 * large, or too large for the format asked for is refused before it is decoded, and the
 * decoding waits for one of the process's few places.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import { deleteInBatches } from "../../db/batches";
import { PDFDocument } from "pdf-lib";
import type { ChannelId } from "../../config/channels";
import type { Db } from "../../db/client";
import { toolboxFiles } from "../../db/schema";
import { hit } from "../../db/throttle";
import type { Sharp } from "sharp";
import {
  checkOutput,
  imageGate,
  TOOLBOX_POLICY,
  type ImageGate,
  type ImageHeader,
} from "../images/gate";
import { measureUpload, withUpright, type Upload } from "../images/uploads";
import type { StudioStorage } from "../studio/storage";
import { MS_PER_HOUR } from "../../domain/constants";
import {
  CONTENT_TYPES,
  PRINT_DPI,
  placeOnA4,
  resultFilename,
  TOOLBOX_LIMITS,
  type ConvertTarget,
} from "../../domain/toolbox";

export interface ToolboxResult {
  id: string;
  filename: string;
  contentType: string;
  bytes: number;
  expiresAt: Date;
  width?: number;
  height?: number;
  pages?: number;
}

/** The longest side of an image on a PDF page: A4's long edge at 300 dpi. */
const PDF_EDGE_PIXELS = 3508;

// A JPEG with optimised Huffman tables is written in two passes over a buffer of the whole
// image (about 6 bytes a pixel); one pass streams, for files a few percent larger.
const STREAMED_JPEG = { quality: 92, optimiseCoding: false } as const;

/** Where a result's bytes lie in the file storage. */
const RESULTS_FOLDER = "toolbox/";
const resultName = (id: string) => `${RESULTS_FOLDER}${id}`;

/**
 * The toolbox. With a file storage, results' bytes are kept there and their rows hold none;
 * without one (tests of the operations alone), in the row.
 */
export function createToolbox(options: { db: Db; gate?: ImageGate; storage?: StudioStorage }) {
  const { db, storage } = options;
  const gate = options.gate ?? imageGate;
  const upright = <T>(upload: Upload, work: (image: Sharp) => Promise<T>, header?: ImageHeader) =>
    withUpright(upload, work, { policy: TOOLBOX_POLICY, gate, header });

  async function keep(
    channel: ChannelId,
    file: { filename: string; contentType: string; data: Buffer },
    details: Pick<ToolboxResult, "width" | "height" | "pages"> = {},
  ): Promise<ToolboxResult> {
    // Expired results go whenever a new one comes.
    await db.delete(toolboxFiles).where(lte(toolboxFiles.expiresAt, new Date()));
    const id = randomBytes(24).toString("base64url");
    const expiresAt = new Date(Date.now() + TOOLBOX_LIMITS.keepMs);
    if (storage) await storage.put(resultName(id), file.data, file.contentType);
    await db.insert(toolboxFiles).values({
      id,
      channel,
      ...file,
      // The bytes are in the storage: the row holds none.
      data: storage ? Buffer.alloc(0) : file.data,
      expiresAt,
    });
    return {
      id,
      filename: file.filename,
      contentType: file.contentType,
      bytes: file.data.length,
      expiresAt,
      ...details,
    };
  }

  return {
    /**
     * Reads every upload's header and refuses what is no image or too large (ImageRefused)
     * before anything is decoded or counted; the operations take the headers back.
     */
    measure(uploads: Upload[]): Promise<ImageHeader[]> {
      return Promise.all(uploads.map((upload) => measureUpload(upload, TOOLBOX_POLICY, gate)));
    },

    /** Counts an operation of a network address; false beyond the hourly limit. */
    allow(address: string): Promise<boolean> {
      return hit(db, `toolbox:${address}`, {
        ms: MS_PER_HOUR,
        limit: TOOLBOX_LIMITS.perAddressPerHour,
      });
    },

    /** Upright, sRGB, at most the longest edge, marked 300 dpi, a print-quality JPEG. */
    async optimizeImage(
      channel: ChannelId,
      upload: Upload,
      header?: ImageHeader,
    ): Promise<ToolboxResult> {
      const { data, info } = await upright(
        upload,
        (image) =>
          image
            .resize({
              width: TOOLBOX_LIMITS.maxEdgePixels,
              height: TOOLBOX_LIMITS.maxEdgePixels,
              fit: "inside",
              withoutEnlargement: true,
            })
            .flatten({ background: "#ffffff" })
            .withMetadata({ density: PRINT_DPI })
            .jpeg({ ...STREAMED_JPEG, chromaSubsampling: "4:4:4" })
            .toBuffer({ resolveWithObject: true }),
        header,
      );
      return keep(
        channel,
        {
          filename: resultFilename(upload.name, "jpeg", "-print"),
          contentType: CONTENT_TYPES.jpeg,
          data,
        },
        { width: info.width, height: info.height },
      );
    },

    /** The image in another format (JPEG gets a white background where it was transparent). */
    async convertFile(
      channel: ChannelId,
      upload: Upload,
      to: ConvertTarget,
      measured?: ImageHeader,
    ): Promise<ToolboxResult> {
      const header = measured ?? (await measureUpload(upload, TOOLBOX_POLICY, gate));
      // The converted image keeps the source's size, which the target format must hold.
      checkOutput(header, to);
      const { data, info } = await upright(
        upload,
        (image) => {
          if (to === "jpeg") image = image.flatten({ background: "#ffffff" }).jpeg(STREAMED_JPEG);
          else if (to === "png") image = image.png();
          else image = image.webp({ quality: 90 });
          return image.toBuffer({ resolveWithObject: true });
        },
        header,
      );
      return keep(
        channel,
        { filename: resultFilename(upload.name, to), contentType: CONTENT_TYPES[to], data },
        { width: info.width, height: info.height },
      );
    },

    /** One A4 page per image, turned the image's way, in the order they came. */
    async imagesToPdf(
      channel: ChannelId,
      uploads: Upload[],
      measured?: ImageHeader[],
    ): Promise<ToolboxResult> {
      // Every file is checked before the first is decoded.
      const headers =
        measured ??
        (await Promise.all(uploads.map((upload) => measureUpload(upload, TOOLBOX_POLICY, gate))));
      const pdf = await PDFDocument.create();
      pdf.setTitle(resultFilename(uploads[0]?.name ?? "", "pdf").replace(/\.pdf$/, ""));
      pdf.setProducer("photo-shop toolbox");
      for (const [i, upload] of uploads.entries()) {
        // An A4 page shows no more than 300 dpi; larger images would only fill memory.
        const { data, info } = await upright(
          upload,
          (image) =>
            image
              .resize({
                width: PDF_EDGE_PIXELS,
                height: PDF_EDGE_PIXELS,
                fit: "inside",
                withoutEnlargement: true,
              })
              .flatten({ background: "#ffffff" })
              .jpeg({ quality: 92 })
              .toBuffer({ resolveWithObject: true }),
          headers[i],
        );
        const image = await pdf.embedJpg(data);
        const place = placeOnA4(info);
        const page = pdf.addPage([place.page.width, place.page.height]);
        page.drawImage(image, { x: place.x, y: place.y, width: place.width, height: place.height });
      }
      const data = Buffer.from(await pdf.save());
      return keep(
        channel,
        {
          filename: resultFilename(uploads[0]?.name ?? "", "pdf"),
          contentType: CONTENT_TYPES.pdf,
          data,
        },
        { pages: uploads.length },
      );
    },

    /** Deletes the results whose hour is over, also when no new one comes to do it. */
    async prune(now = new Date()): Promise<{ files: number }> {
      const files = await deleteInBatches(db, toolboxFiles, lte(toolboxFiles.expiresAt, now));
      // A stored file outlives its row by at most a pass: any older than a result lives (and
      // an hour's grace for one being written) has no row any more, or never got one.
      if (storage) {
        const before = now.getTime() - TOOLBOX_LIMITS.keepMs - MS_PER_HOUR;
        for await (const stored of storage.list(RESULTS_FOLDER)) {
          if (stored.modifiedAt.getTime() < before) await storage.delete(stored.name);
        }
      }
      return { files };
    },

    /** A kept result of this brand's shop, until it expires. */
    async download(channel: ChannelId, id: string) {
      const [file] = await db
        .select()
        .from(toolboxFiles)
        .where(
          and(
            eq(toolboxFiles.id, id),
            eq(toolboxFiles.channel, channel),
            gt(toolboxFiles.expiresAt, new Date()),
          ),
        );
      if (!file) return null;
      if (file.data.length > 0 || !storage) return file;
      const data = await storage.get(resultName(file.id));
      return data ? { ...file, data } : null;
    },
  };
}

export type Toolbox = ReturnType<typeof createToolbox>;
