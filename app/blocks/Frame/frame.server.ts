/**
 * The frame block's fields (content/BLOCKS.md): the frame types it shows and the material
 * they are shown for; the frames come from the catalogue (frames.server.ts).
 */
import { z } from "zod";
import { MATERIALS } from "../../../domain/catalogue";
import { framesInColour, isFrameType } from "../../../domain/frames";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { commaList, text, uid } from "../parts/schema.server";
import type { FrameBlock, FrameCard } from "../types";

/** The frame block's frame types for its material, and the colour the page's address asks for. */
export interface FrameSource {
  frames: (block: FrameBlock) => Promise<FrameCard[]>;
  /** The address's `?colour=` (a sub-navigation tile's), or null. */
  colour: string | null;
}

const frame = z.object({
  _uid: uid,
  component: z.literal("Frame"),
  headline: text,
  text,
  // Frame types the catalogue does not know are dropped, not the block.
  frameTypes: commaList.transform((types) => types.filter(isFrameType)),
  material: z.enum(MATERIALS).nullable().catch(null).default(null),
});

export const FRAME = defineBlock(
  "Frame",
  frame,
  (raw) => ({ ...raw, frames: null }),
  async (block, source: FrameSource) => {
    const frames = await source.frames(block).catch((error: unknown) => {
      logError("tile-overview-error", error, { uid: block._uid, component: "Frame" });
      return null;
    });
    // A colour in the address (a sub-navigation tile's ?colour=oak) keeps that colour's frames.
    return { ...block, frames: frames && framesInColour(frames, source.colour) };
  },
);
