import { useState } from "react";
import { FLYOUT_IMAGE_WIDTHS } from "../../../domain/constants";
import { FlyoutEntry, FlyoutGroupBlock } from "./FlyoutParts";
import { groupsById } from "./navigationItems";
import type { FlyoutGroup } from "../types";

const PLACED = ["occasions"] as const;

/**
 * The card flyout: occasions on top as image tiles; the hovered (or focused) occasion's
 * extra link lists beside them; the other categories below.
 */
export function FlyoutCard({ groups }: { groups: FlyoutGroup[] }) {
  const occasions = groupsById(groups).get("occasions");
  const [activeId, setActiveId] = useState(occasions?.items[0]?.id ?? "");
  const active = occasions?.items.find((item) => item.id === activeId) ?? occasions?.items[0];
  return (
    <div className="flyout__layout flyout__layout--card">
      {occasions ? (
        <div className="flyout__occasions">
          <div className="flyout-group flyout-group--tiles">
            <p className="flyout-group__title" id={`flyout-group-${occasions.id}`}>
              {occasions.title}
            </p>
            <ul aria-labelledby={`flyout-group-${occasions.id}`}>
              {occasions.items.map((item) => (
                <li key={item.id} data-active={item.id === active?.id || undefined}>
                  <FlyoutEntry
                    item={item}
                    imageWidth={FLYOUT_IMAGE_WIDTHS.cards.occasion}
                    onActivate={() => setActiveId(item.id)}
                  />
                </li>
              ))}
            </ul>
          </div>
          {active && active.subFlyoutGroups.length > 0 ? (
            <div className="flyout__occasion-links" aria-live="polite">
              {active.subFlyoutGroups.map((group) => (
                <FlyoutGroupBlock key={group.id} group={group} />
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="flyout__others">
        {groups
          .filter((group) => !PLACED.includes(group.identifier as (typeof PLACED)[number]))
          .map((group) => (
            <FlyoutGroupBlock
              key={group.id}
              group={group}
              imageWidth={FLYOUT_IMAGE_WIDTHS.cards.additional}
              layout="tiles"
            />
          ))}
      </div>
    </div>
  );
}
