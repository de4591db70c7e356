/**
 * The frame block's frames, read in-process from the catalogue for the request's shop:
 * each frame type the shop sells with its finishes, mats, glass, from-price and the
 * materials it holds. A frame type that holds none of the shop's materials is logged
 * (error-no-materials-for-frame-type) and left out; a block material without a default
 * frame is logged (error-no-default-option-for-material-type) and shown without one. A
 * block about one material shows only the frames that hold it, its default frame first.
 */
import type { RouterContextProvider } from "react-router";
import { FRAME_TYPES } from "../../../domain/catalogue";
import { defaultFrameFor, framedMaterials } from "../../../domain/frames";
import type { FrameBlock, FrameCard } from "../types";
import { logError } from "../../lib/log";
import { catalogueOf } from "../../catalogue/browsing.server";
import { prepared } from "../../ui/preparedPrice";

type Context = Readonly<RouterContextProvider>;

export function frameSource(context: Context) {
  const { catalogue, ctx } = catalogueOf(context);
  return async (block: FrameBlock): Promise<FrameCard[]> => {
    const wallArt = await catalogue.articlesOf(ctx, "wallart");
    const sold = [...new Set(wallArt.map((a) => String(a.attributes.material)))];
    const preferred = block.material ? defaultFrameFor(block.material) : null;
    if (block.material && !preferred)
      logError("error-no-default-option-for-material-type", undefined, {
        uid: block._uid,
        material: block.material,
      });
    const types = block.frameTypes.length > 0 ? block.frameTypes : [...FRAME_TYPES];
    const cards: FrameCard[] = [];
    for (const frameType of types) {
      // A frame type this shop does not sell is simply not shown.
      const variants = await catalogue.frameVariants(ctx, [frameType]).catch(() => null);
      const frame = variants?.frameTypes[0];
      if (!frame) continue;
      const materials = framedMaterials(frame.frameType as (typeof FRAME_TYPES)[number], sold);
      if (materials.length === 0) {
        logError("error-no-materials-for-frame-type", undefined, { uid: block._uid, frameType });
        continue;
      }
      // A block about one material shows the frames that hold it.
      if (block.material && !(materials as string[]).includes(block.material)) continue;
      const material = block.material ?? materials[0]!;
      cards.push({
        frameType,
        finishes: [...frame.finishes],
        matSizes: frame.matSizes.filter((size) => size > 0),
        glass: [...frame.glass],
        materials,
        defaultFor: frameType === preferred ? block.material : null,
        price: prepared(frame.from, true),
        href: `/configurator-photo-frame?${new URLSearchParams({ materialType: material, frameType })}`,
      });
    }
    // The material's own frame first.
    return cards.sort((a, b) => Number(b.defaultFor !== null) - Number(a.defaultFor !== null));
  };
}
