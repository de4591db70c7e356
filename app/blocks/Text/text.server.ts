/**
 * The text block's fields (content/BLOCKS.md): rich text, its alignment and width, and how
 * its images are sized (`imageOptions`, read for this block's rich text alone).
 */
import { z } from "zod";
import { optionField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { parseRichTextImageOptions } from "../parts/richtext.server";
import { align, richText, toRichText, uid } from "../parts/schema.server";

const textBlock = z.object({
  _uid: uid,
  component: z.literal("Text"),
  text: richText,
  align,
  width: optionField(["narrow", "wide"], "narrow"),
  imageOptions: z.unknown().optional(),
});

export const TEXT = defineBlock("Text", textBlock, (raw, ctx) => ({
  _uid: raw._uid,
  component: "Text",
  text: toRichText(
    raw.text,
    { ...ctx, images: parseRichTextImageOptions(raw.imageOptions, { uid: raw._uid }) },
    { uid: raw._uid },
  ),
  align: raw.align,
  width: raw.width,
}));
