/** The information block's fields (content/BLOCKS.md): a note with a variant, title and rich text. */
import { z } from "zod";
import { optionField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { richText, text, toRichText, uid } from "../parts/schema.server";
import type { InformationBlock } from "../types";

/** Each variant's icon as an SVG path (24×24); a prepared note carries its own. */
export const INFORMATION_ICON_PATHS: Record<InformationBlock["variant"], string> = {
  info: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm0-11v6m0-10h.01",
  success: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm-4-10 3 3 5-6",
  warning: "M12 3 2 21h20L12 3Zm0 7v5m0 3h.01",
};

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
  iconPath: INFORMATION_ICON_PATHS[raw.variant],
  title: raw.title,
  text: toRichText(raw.text, ctx, { uid: raw._uid }),
}));
