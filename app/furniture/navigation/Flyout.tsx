/**
 * A main navigation item's flyout panel (code and groups load on the first hover or focus
 * of the bar): the layout of the item's type, accessories in the calendar layout.
 */
import { FlyoutCalendar } from "./FlyoutCalendar";
import { FlyoutCard } from "./FlyoutCard";
import { FlyoutCollage } from "./FlyoutCollage";
import { FlyoutFrame } from "./FlyoutFrame";
import { FlyoutPhotobook } from "./FlyoutPhotobook";
import { FlyoutWandbilder } from "./FlyoutWandbilder";
import { useNavigationDetails } from "./navigationDetails";
import type { FlyoutGroup, FlyoutType, NavigationItem } from "../types";
import "./flyout.css";

const LAYOUTS: Record<FlyoutType, (props: { groups: FlyoutGroup[] }) => React.ReactNode> = {
  calendar: FlyoutCalendar,
  accessories: FlyoutCalendar,
  card: FlyoutCard,
  collage: FlyoutCollage,
  frame: FlyoutFrame,
  photobook: FlyoutPhotobook,
  wandbilder: FlyoutWandbilder,
};

export default function Flyout({
  id,
  item,
  label,
}: {
  id: string;
  item: NavigationItem;
  label: string;
}) {
  const groups = useNavigationDetails().flyouts[item.id] ?? [];
  const type = item.flyoutType;
  if (!type || groups.length === 0) return null;
  const Layout = LAYOUTS[type];
  return (
    <section id={id} className={`flyout flyout--${type}`} aria-label={label} data-flyout={type}>
      <div className="flyout__inner">
        <Layout groups={groups} />
      </div>
    </section>
  );
}
