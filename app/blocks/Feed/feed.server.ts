/**
 * The feed's fields (content/BLOCKS.md): up to sixty linked items, each with a picture and
 * the from-price of a product it names, shown a few at a time.
 */
import { z } from "zod";
import { labelField, linkField, requiredAssetField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { withItemPrices, type ProductPriceSource } from "../parts/productPrice.server";
import {
  items,
  priceProduct,
  requiredText,
  text,
  toAsset,
  toSafeLink,
  uid,
} from "../parts/schema.server";

const feedItem = z.object({
  _uid: uid,
  component: z.literal("FeedItem").optional(),
  title: requiredText.max(120),
  subtitle: text,
  image: requiredAssetField,
  link: linkField,
  priceProduct,
  label: labelField,
});

const feed = z.object({
  _uid: uid,
  component: z.literal("Feed"),
  headline: text,
  text,
  items: items(feedItem, 60),
  initialCount: z.coerce.number().int().min(1).max(60).catch(8).default(8),
});

export const FEED = defineBlock(
  "Feed",
  feed,
  (raw, ctx) => ({
    _uid: raw._uid,
    component: "Feed",
    headline: raw.headline,
    text: raw.text,
    initialCount: raw.initialCount,
    // An item without a link the shop accepts leads nowhere: it is left out.
    items: raw.items.flatMap((item) => {
      const link = toSafeLink(item.link, ctx);
      return link
        ? [
            {
              _uid: item._uid,
              title: item.title,
              subtitle: item.subtitle,
              image: toAsset(item.image, ctx),
              link,
              priceProduct: item.priceProduct,
              price: null,
              label: item.label,
            },
          ]
        : [];
    }),
  }),
  (block, productPrice: ProductPriceSource) => withItemPrices(block, productPrice),
);
