/** The sub-teasers' fields (content/BLOCKS.md): a list of linked tiles in one of four variants. */
import { z } from "zod";
import { assetField, labelField, linkField, optionField } from "../../lib/fields.server";
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
import { SUB_TEASER_VARIANTS } from "../types";

const subTeaser = z.object({
  _uid: uid,
  component: z.literal("SubTeaser").optional(),
  title: requiredText.max(120),
  text,
  image: assetField,
  link: linkField,
  linkText: text,
  priceProduct,
  label: labelField,
});

const subTeasers = z.object({
  _uid: uid,
  component: z.literal("SubTeasers"),
  variant: optionField(SUB_TEASER_VARIANTS, "tiles"),
  headline: text,
  text,
  items: items(subTeaser, 12),
});

export const SUB_TEASERS = defineBlock(
  "SubTeasers",
  subTeasers,
  (raw, ctx) => ({
    _uid: raw._uid,
    component: "SubTeasers",
    variant: raw.variant,
    headline: raw.headline,
    text: raw.text,
    items: raw.items.map((item) => ({
      _uid: item._uid,
      title: item.title,
      text: item.text,
      image: item.image ? toAsset(item.image, ctx) : null,
      link: toSafeLink(item.link, ctx),
      linkText: item.linkText,
      priceProduct: item.priceProduct,
      price: null,
      label: item.label,
    })),
  }),
  (block, productPrice: ProductPriceSource) => withItemPrices(block, productPrice),
);
