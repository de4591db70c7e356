/** The USP teaser's fields (content/BLOCKS.md): up to eight promises, each with an icon. */
import { z } from "zod";
import { optionField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { items, requiredText, text, uid } from "../parts/schema.server";
import { USP_ICONS } from "../types";

const usp = z.object({
  _uid: uid,
  component: z.literal("Usp").optional(),
  icon: optionField(USP_ICONS, "star"),
  title: requiredText.max(80),
  text,
});

const uspTeaser = z.object({
  _uid: uid,
  component: z.literal("UspTeaser"),
  headline: text,
  items: items(usp, 8),
});

export const USP_TEASER = defineBlock("UspTeaser", uspTeaser, (raw) => ({
  _uid: raw._uid,
  component: "UspTeaser",
  headline: raw.headline,
  items: raw.items.map(({ _uid, icon, title, text: body }) => ({ _uid, icon, title, text: body })),
}));
