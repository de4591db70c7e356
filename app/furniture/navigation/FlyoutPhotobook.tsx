import { FLYOUT_IMAGE_WIDTHS } from "../../../domain/constants";
import { FlyoutGroupBlock, RemainingGroups } from "./FlyoutParts";
import { groupsById } from "./navigationItems";
import type { FlyoutGroup } from "../types";

const PLACED = [
  "types",
  "categories",
  "start-without-design",
  "photobook-assistant",
  "more",
] as const;
const [TYPE_WIDTH, CATEGORY_WIDTH, TILE_WIDTH] = FLYOUT_IMAGE_WIDTHS.photobook;

/**
 * The photobook flyout with the three image widths: the types as the largest
 * tiles (170) beside the start-without-design and photobook-assistant tiles (73); below
 * them the categories as tiles (153) and more.
 */
export function FlyoutPhotobook({ groups }: { groups: FlyoutGroup[] }) {
  const byId = groupsById(groups);
  const types = byId.get("types");
  const categories = byId.get("categories");
  const start = byId.get("start-without-design");
  const assistant = byId.get("photobook-assistant");
  const more = byId.get("more");
  return (
    <div className="flyout__layout flyout__layout--photobook">
      {types ? (
        <FlyoutGroupBlock
          group={types}
          imageWidth={TYPE_WIDTH}
          layout="tiles"
          className="flyout__main"
        />
      ) : null}
      <div className="flyout__aside">
        {start ? <FlyoutGroupBlock group={start} imageWidth={TILE_WIDTH} /> : null}
        {assistant ? <FlyoutGroupBlock group={assistant} imageWidth={TILE_WIDTH} /> : null}
      </div>
      <div className="flyout__lower">
        {categories ? (
          <FlyoutGroupBlock group={categories} imageWidth={CATEGORY_WIDTH} layout="tiles" />
        ) : null}
        {more ? <FlyoutGroupBlock group={more} /> : null}
        <RemainingGroups groups={groups} placed={PLACED} />
      </div>
    </div>
  );
}
