/**
 * The customer pictures' fields (content/BLOCKS.md): the product family, how many approved
 * pictures are shown and whether a logged-in customer may hand one in here.
 */
import { z } from "zod";
import { PICTURE_PRODUCT, type CustomerPictureCard } from "../../../domain/customerPictures";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { text, uid } from "../parts/schema.server";

/** The approved customer pictures (of a product family), newest first. */
export type CustomerPicturesSource = (query: {
  product: string;
  limit: number;
}) => Promise<{ items: CustomerPictureCard[]; total: number }>;

const customerPictures = z.object({
  _uid: uid,
  component: z.literal("CustomerPictures"),
  headline: text,
  intro: text,
  product: z.string().regex(PICTURE_PRODUCT).or(z.literal("")).catch("").default(""),
  count: z.coerce.number().int().min(4).max(24).catch(8).default(8),
  showUpload: z.boolean().catch(true).default(true),
});

export const CUSTOMER_PICTURES = defineBlock(
  "CustomerPictures",
  customerPictures,
  (raw) => ({ ...raw, pictures: null }),
  // Without its pictures the gallery shows the upload only.
  async (block, customerPictures: CustomerPicturesSource) => {
    const pictures = await customerPictures({ product: block.product, limit: block.count }).catch(
      (error: unknown) => {
        logError("customer-pictures-error", error, { uid: block._uid });
        return null;
      },
    );
    return { ...block, pictures };
  },
);
