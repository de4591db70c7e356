import { FLYOUT_IMAGE_WIDTHS } from "../../../domain/constants";
import { FLAGS, useFlag } from "~/furniture/flags";
import { FlyoutGroupBlock } from "./FlyoutParts";
import type { FlyoutGroup } from "../types";

/**
 * The wall-art flyout: the first group (materials) as image tiles at 150 px (120 px in
 * the VOLL-1616 variant), the other groups beside it as link lists.
 */
export function FlyoutWandbilder({ groups }: { groups: FlyoutGroup[] }) {
  const small = useFlag(FLAGS.wandbilderFlyoutImage);
  const width = small ? FLYOUT_IMAGE_WIDTHS.wandbilderAbTest : FLYOUT_IMAGE_WIDTHS.wandbilder;
  const [first, ...others] = groups;
  if (!first) return null;
  return (
    <div className="flyout__layout flyout__layout--wandbilder">
      <FlyoutGroupBlock group={first} imageWidth={width} layout="tiles" className="flyout__main" />
      {others.length > 0 ? (
        <div className="flyout__aside">
          {others.map((group) => (
            <FlyoutGroupBlock key={group.id} group={group} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
