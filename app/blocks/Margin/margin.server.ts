/** The margin block's fields (content/BLOCKS.md): a space of one of three sizes. */
import { z } from "zod";
import { optionField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { uid } from "../parts/schema.server";

const margin = z.object({
  _uid: uid,
  component: z.literal("Margin"),
  size: optionField(["small", "medium", "large"], "medium"),
});

export const MARGIN = defineBlock("Margin", margin, (raw) => raw);
