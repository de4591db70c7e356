/**
 * The photo block's fields (content/BLOCKS.md): one picture with a caption and a link, in
 * the editor's aspect ratio or the picture's own.
 */
import { z } from "zod";
import { parseAspectRatio } from "../../../domain/props";
import { linkField, optionField, requiredAssetField } from "../../lib/fields.server";
import { logWarning } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { text, toAsset, toSafeLink, uid } from "../parts/schema.server";

const photoBlock = z.object({
  _uid: uid,
  component: z.literal("PhotoBlock"),
  image: requiredAssetField,
  caption: text,
  aspectRatio: z.string().optional(),
  link: linkField,
  width: optionField(["content", "full"], "content"),
});

export const PHOTO_BLOCK = defineBlock("PhotoBlock", photoBlock, (raw, ctx) => {
  const image = toAsset(raw.image, ctx);
  const ratio = raw.aspectRatio
    ? parseAspectRatio(raw.aspectRatio, (message) =>
        logWarning("invalid-block", { uid: raw._uid, message }),
      )
    : image.meta.ratio || parseAspectRatio(undefined, () => undefined);
  return {
    _uid: raw._uid,
    component: "PhotoBlock",
    image,
    caption: raw.caption,
    ratio,
    link: toSafeLink(raw.link, ctx),
    width: raw.width,
  };
});
