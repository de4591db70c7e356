/** The toolbox's fields (content/BLOCKS.md): the tools it offers, in the editor's order. */
import { z } from "zod";
import { isToolboxOperation, type ToolboxOperation } from "../../../domain/toolbox";
import { defineBlock } from "../parts/block.server";
import { text, uid } from "../parts/schema.server";

const toolbox = z.object({
  _uid: uid,
  component: z.literal("Toolbox"),
  headline: text,
  intro: text,
  /** The tools offered, in this order; an unknown one is left out, none at all is invalid. */
  tools: z
    .array(z.unknown())
    .max(10)
    .transform((tools) => [
      ...new Set(tools.filter((tool): tool is ToolboxOperation => isToolboxOperation(tool))),
    ])
    .refine((tools) => tools.length >= 1, "needs at least one tool"),
});

export const TOOLBOX = defineBlock("Toolbox", toolbox, (raw) => raw);
