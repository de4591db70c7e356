/**
 * The teaser's fields (content/BLOCKS.md): a hero or split picture with headline, text,
 * calls to action, a label, a countdown and the from-price of a product it names.
 */
import { z } from "zod";
import { contentInstant } from "../../../domain/dates";
import {
  assetField,
  colourField,
  labelField,
  optionField,
  requiredAssetField,
} from "../../lib/fields.server";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { withProductPrice, type ProductPriceSource } from "../parts/productPrice.server";
import {
  ctaSchema,
  optional,
  priceProduct,
  requiredText,
  richText,
  text,
  toAsset,
  toCta,
  toRichText,
  uid,
} from "../parts/schema.server";

const teaser = z.object({
  _uid: uid,
  component: z.literal("Teaser"),
  layout: optionField(["hero", "split"], "hero"),
  headline: requiredText.max(200),
  subline: text,
  text: richText,
  image: requiredAssetField,
  imageMobile: assetField,
  imagePosition: optionField(["left", "right"], "right"),
  cta: optional(ctaSchema),
  secondaryCta: optional(ctaSchema),
  priceProduct,
  label: labelField,
  countdownEndDate: z.string().catch("").default(""),
  countdownText: text,
  backgroundColor: colourField,
  theme: optionField(["light", "dark"], "light"),
});

export const TEASER = defineBlock(
  "Teaser",
  teaser,
  (raw, ctx) => {
    // A countdown that has ended is left out (and logged): the campaign is over.
    let countdownEndDate = "";
    const end = contentInstant(raw.countdownEndDate);
    if (end !== null && end > ctx.now) countdownEndDate = new Date(end).toISOString();
    else if (end !== null) {
      logError("countdown-date-in-past", undefined, {
        uid: raw._uid,
        endDate: raw.countdownEndDate,
      });
    }
    return {
      _uid: raw._uid,
      component: "Teaser",
      layout: raw.layout,
      headline: raw.headline,
      subline: raw.subline,
      text: toRichText(raw.text, ctx, { uid: raw._uid }),
      image: toAsset(raw.image, ctx),
      imageMobile: raw.imageMobile ? toAsset(raw.imageMobile, ctx) : null,
      imagePosition: raw.imagePosition,
      cta: toCta(raw.cta, ctx),
      secondaryCta: toCta(raw.secondaryCta, ctx),
      priceProduct: raw.priceProduct,
      price: null,
      label: raw.label,
      countdownEndDate,
      countdownText: raw.countdownText,
      backgroundColor: raw.backgroundColor ?? "",
      theme: raw.theme,
    };
  },
  (block, productPrice: ProductPriceSource) => withProductPrice(block, productPrice),
);
