/** The information block's fields (content/BLOCKS.md): a note with a variant, title and rich text. */
import { z } from "zod";
import { optionField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { richText, text, toRichText, uid } from "../parts/schema.server";

const information = z.object({
  _uid: uid,
  component: z.literal("Information"),
  variant: optionField(["info", "success", "warning"], "info"),
  title: text,
  text: richText,
});

export const INFORMATION = defineBlock("Information", information, (raw, ctx) => ({
  _uid: raw._uid,
  component: "Information",
  variant: raw.variant,
  title: raw.title,
  text: toRichText(raw.text, ctx, { uid: raw._uid }),
}));
