import { FLYOUT_IMAGE_WIDTHS } from "../../../domain/constants";
import { FlyoutGroupBlock, RemainingGroups } from "./FlyoutParts";
import { groupsById } from "./navigationItems";
import type { FlyoutGroup } from "../types";

const PLACED = ["categories", "start-without-design", "with-multiple-images"] as const;

/**
 * The collage flyout: the categories as image tiles, below them start-without-design and
 * with-multiple-images; every image at the collage width (130).
 */
export function FlyoutCollage({ groups }: { groups: FlyoutGroup[] }) {
  const byId = groupsById(groups);
  const categories = byId.get("categories");
  const start = byId.get("start-without-design");
  const multiple = byId.get("with-multiple-images");
  return (
    <div className="flyout__layout flyout__layout--collage">
      {categories ? (
        <FlyoutGroupBlock
          group={categories}
          imageWidth={FLYOUT_IMAGE_WIDTHS.collage}
          layout="tiles"
          className="flyout__main"
        />
      ) : null}
      <div className="flyout__lower">
        {start ? <FlyoutGroupBlock group={start} imageWidth={FLYOUT_IMAGE_WIDTHS.collage} /> : null}
        {multiple ? (
          <FlyoutGroupBlock group={multiple} imageWidth={FLYOUT_IMAGE_WIDTHS.collage} />
        ) : null}
        <RemainingGroups groups={groups} placed={PLACED} />
      </div>
    </div>
  );
}
