/**
 * Customer pictures: a logged-in customer hands in a photo (kept as a large JPEG and a
 * tile, upright, sRGB, without the camera's metadata), an editor approves or refuses it,
 * and the gallery shows the approved ones of the brand, newest approval first. A refused
 * picture is deleted; so is every picture of an account that is deleted.
 */
import { and, count, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import type { ChannelId } from "../../config/channels";
import type { Db } from "../../db/client";
import { customerPictures } from "../../db/schema";
import { hit } from "../../db/throttle";
import {
  cleanCaption,
  CUSTOMER_PICTURE_LIMITS,
  customerPictureSrc,
  type CustomerPictureCard,
  type CustomerPictureSize,
} from "../../domain/customerPictures";
import { imageGate, UPLOAD_POLICY, type ImageGate, type ImageHeader } from "../images/gate";
import { measureUpload, withUpright, type Upload } from "../images/uploads";

const LIMITS = CUSTOMER_PICTURE_LIMITS;

export interface PendingPicture {
  id: number;
  name: string;
  caption: string;
  product: string;
  createdAt: Date;
  /** The tile, for the editor to look at. */
  small: Buffer;
}

export function createCustomerPictures(options: { db: Db; gate?: ImageGate }) {
  const { db } = options;
  const gate = options.gate ?? imageGate;
  const shown = (channel: ChannelId, product: string) =>
    and(
      eq(customerPictures.channel, channel),
      eq(customerPictures.status, "approved"),
      product ? eq(customerPictures.product, product) : undefined,
    );

  return {
    /**
     * Reads a photo's header and refuses what is no image or too large (ImageRefused)
     * before anything is decoded or counted; `submit` takes the header back.
     */
    measure(upload: Upload): Promise<ImageHeader> {
      return measureUpload(upload, UPLOAD_POLICY, gate);
    },

    /** Counts a hand-in of the customer; false beyond the daily limit. */
    allow(customerId: number): Promise<boolean> {
      return hit(db, `pictures:${customerId}`, {
        ms: LIMITS.dayMs,
        limit: LIMITS.perCustomerPerDay,
      });
    },

    /** Keeps a customer's photo for the editor to look at. */
    async submit(input: {
      channel: ChannelId;
      customerId: number;
      name: string;
      caption: string;
      product: string;
      upload: Upload;
      /** The header `measure` read, when the caller checked it first. */
      header?: ImageHeader;
    }): Promise<{ id: number }> {
      const header = input.header ?? (await measureUpload(input.upload, UPLOAD_POLICY, gate));
      // One decode of the upload, in one of the gate's places; the tile is cut from the
      // large JPEG, which costs a fraction of decoding the original again.
      const [large, small] = await withUpright(
        input.upload,
        async (image) => {
          const fit = (edge: number) =>
            ({ width: edge, height: edge, fit: "inside", withoutEnlargement: true }) as const;
          const large = await image
            .resize(fit(LIMITS.largeEdge))
            .flatten({ background: "#ffffff" })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer({ resolveWithObject: true });
          const small = await sharp(large.data)
            .resize(fit(LIMITS.smallEdge))
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer({ resolveWithObject: true });
          return [large, small] as const;
        },
        { policy: UPLOAD_POLICY, gate, header },
      );
      const [row] = await db
        .insert(customerPictures)
        .values({
          channel: input.channel,
          customerId: input.customerId,
          name: input.name.trim().slice(0, 60) || "–",
          caption: cleanCaption(input.caption),
          product: input.product,
          width: large.info.width,
          height: large.info.height,
          large: large.data,
          small: small.data,
        })
        .returning({ id: customerPictures.id });
      return { id: row!.id };
    },

    /** The approved pictures of the brand (of a product), newest approval first. */
    async list(
      channel: ChannelId,
      query: { product?: string; limit: number; offset?: number },
    ): Promise<{ items: CustomerPictureCard[]; total: number }> {
      const where = shown(channel, query.product ?? "");
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: customerPictures.id,
            name: customerPictures.name,
            caption: customerPictures.caption,
            product: customerPictures.product,
            width: customerPictures.width,
            height: customerPictures.height,
          })
          .from(customerPictures)
          .where(where)
          .orderBy(desc(customerPictures.approvedAt), desc(customerPictures.id))
          .limit(Math.min(query.limit, LIMITS.maxPage))
          .offset(query.offset ?? 0),
        db.select({ n: count() }).from(customerPictures).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          ...row,
          src: customerPictureSrc(row.id, "small"),
          large: customerPictureSrc(row.id, "large"),
        })),
        total: total?.n ?? 0,
      };
    },

    /** An approved picture's image of the brand, or null. */
    async image(channel: ChannelId, id: number, size: CustomerPictureSize) {
      const [row] = await db
        .select({ data: size === "large" ? customerPictures.large : customerPictures.small })
        .from(customerPictures)
        .where(and(eq(customerPictures.id, id), shown(channel, "")));
      return row?.data ?? null;
    },

    /** What waits for the editor, oldest first. */
    async pending(channel: ChannelId, limit = 50): Promise<PendingPicture[]> {
      return db
        .select({
          id: customerPictures.id,
          name: customerPictures.name,
          caption: customerPictures.caption,
          product: customerPictures.product,
          createdAt: customerPictures.createdAt,
          small: customerPictures.small,
        })
        .from(customerPictures)
        .where(and(eq(customerPictures.channel, channel), eq(customerPictures.status, "pending")))
        .orderBy(customerPictures.createdAt)
        .limit(limit);
    },

    /** Shows a picture in the gallery from now on; false when there is no such pending one. */
    async approve(channel: ChannelId, id: number): Promise<boolean> {
      const rows = await db
        .update(customerPictures)
        .set({ status: "approved", approvedAt: new Date() })
        .where(
          and(
            eq(customerPictures.id, id),
            eq(customerPictures.channel, channel),
            eq(customerPictures.status, "pending"),
          ),
        )
        .returning({ id: customerPictures.id });
      return rows.length > 0;
    },

    /** Deletes a picture (pending or shown); false when there is none. */
    async refuse(channel: ChannelId, id: number): Promise<boolean> {
      const rows = await db
        .delete(customerPictures)
        .where(and(eq(customerPictures.id, id), eq(customerPictures.channel, channel)))
        .returning({ id: customerPictures.id });
      return rows.length > 0;
    },
  };
}

export type CustomerPictures = ReturnType<typeof createCustomerPictures>;
