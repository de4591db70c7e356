/** The video block's fields (content/BLOCKS.md): a video file of the asset store and its poster. */
import { z } from "zod";
import { requiredAssetField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { bool, text, toAsset, uid } from "../parts/schema.server";

const VIDEO_FILE = /^\/a\/[a-z][a-z0-9-]*\/[a-z0-9][a-z0-9._-]*\.(webm|mp4)$/;

const videoBlock = z.object({
  _uid: uid,
  component: z.literal("VideoBlock"),
  video: z
    .union([z.string(), z.object({ filename: z.string() }).transform((v) => v.filename)])
    .pipe(z.string().regex(VIDEO_FILE, "a .webm or .mp4 file of the asset store")),
  poster: requiredAssetField,
  headline: text,
  caption: text,
  autoplay: bool,
});

export const VIDEO_BLOCK = defineBlock("VideoBlock", videoBlock, (raw, ctx) => ({
  _uid: raw._uid,
  component: "VideoBlock",
  video: raw.video,
  poster: toAsset(raw.poster, ctx),
  headline: raw.headline,
  caption: raw.caption,
  autoplay: raw.autoplay,
}));
