/** The card accessories' price list (content/BLOCKS.md): the accessory types it lists. */
import { z } from "zod";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { accessoryTypes, text, uid } from "../parts/schema.server";
import type { AccessoryRow } from "../types";

/** The shop's card accessories (of the given types) as a price list. */
export type AccessoriesSource = (types: readonly string[]) => Promise<AccessoryRow[]>;

const accessories = z.object({
  _uid: uid,
  component: z.literal("Accessories"),
  headline: text,
  text,
  accessoryTypes,
});

export const ACCESSORIES = defineBlock(
  "Accessories",
  accessories,
  (raw) => ({ ...raw, rows: null }),
  // Without its rows the list renders nothing.
  async (block, accessories: AccessoriesSource) => {
    const rows = await accessories(block.accessoryTypes).catch((error: unknown) => {
      logError("product-details-error", error, { uid: block._uid, kind: "accessory" });
      return null;
    });
    return { ...block, rows };
  },
);
