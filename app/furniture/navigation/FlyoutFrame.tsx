import { FLYOUT_IMAGE_WIDTHS } from "../../../domain/constants";
import { FlyoutGroupBlock, RemainingGroups } from "./FlyoutParts";
import { frameUpperRow, groupsById } from "./navigationItems";
import type { FlyoutGroup } from "../types";

const UPPER = ["poster", "leinwand", "platte"] as const;
const PLACED = [...UPPER, "colours", "other", "more"] as const;

/**
 * The frame flyout: the upper row poster, leinwand and platte (only when all three
 * exist); below it the colours, other frames and more.
 */
export function FlyoutFrame({ groups }: { groups: FlyoutGroup[] }) {
  const byId = groupsById(groups);
  const upper = frameUpperRow(groups);
  const colours = byId.get("colours");
  const other = byId.get("other");
  const more = byId.get("more");
  return (
    <div className="flyout__layout flyout__layout--frame">
      {upper ? (
        <div className="flyout__upper">
          {upper.map((group) => (
            <FlyoutGroupBlock
              key={group.id}
              group={group}
              imageWidth={FLYOUT_IMAGE_WIDTHS.frame.poster}
              className="flyout-group--feature"
            />
          ))}
        </div>
      ) : null}
      <div className="flyout__lower">
        {colours ? (
          <FlyoutGroupBlock
            group={colours}
            imageWidth={FLYOUT_IMAGE_WIDTHS.frame.colours}
            layout="tiles"
            className="flyout-group--swatches"
          />
        ) : null}
        {other ? (
          <FlyoutGroupBlock group={other} imageWidth={FLYOUT_IMAGE_WIDTHS.frame.other} />
        ) : null}
        {more ? <FlyoutGroupBlock group={more} /> : null}
        <RemainingGroups
          groups={groups}
          placed={
            upper ? PLACED : PLACED.filter((id) => !UPPER.includes(id as (typeof UPPER)[number]))
          }
        />
      </div>
    </div>
  );
}
