import { FLYOUT_IMAGE_WIDTHS } from "../../../domain/constants";
import { FlyoutGroupBlock } from "./FlyoutParts";
import type { FlyoutGroup } from "../types";

/**
 * The calendar flyout (also the accessories flyout): one column per group; the first
 * group's entries as image tiles, the others as lists (images at the calendar width).
 */
export function FlyoutCalendar({ groups }: { groups: FlyoutGroup[] }) {
  const [first, ...others] = groups;
  if (!first) return null;
  return (
    <div className="flyout__layout flyout__layout--calendar">
      <FlyoutGroupBlock
        group={first}
        imageWidth={FLYOUT_IMAGE_WIDTHS.calendar}
        layout="tiles"
        className="flyout__main"
      />
      {others.length > 0 ? (
        <div className="flyout__aside">
          {others.map((group) => (
            <FlyoutGroupBlock
              key={group.id}
              group={group}
              imageWidth={FLYOUT_IMAGE_WIDTHS.calendar}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
