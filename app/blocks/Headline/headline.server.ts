/** The headline block's fields (content/BLOCKS.md): a title with an optional subline and anchor. */
import { z } from "zod";
import { defineBlock } from "../parts/block.server";
import { align, requiredText, text, uid } from "../parts/schema.server";

const headline = z.object({
  _uid: uid,
  component: z.literal("Headline"),
  text: requiredText.max(200),
  subline: text,
  level: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.enum(["1", "2", "3"]).transform(Number)])
    .catch(2)
    .default(2),
  align,
  anchor: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,60}$/)
    .catch("")
    .default(""),
});

export const HEADLINE = defineBlock("Headline", headline, (raw) => ({
  ...raw,
  level: raw.level as 1 | 2 | 3,
}));
