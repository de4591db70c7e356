/** Building blocks shared by the flyout layouts. */
import { FurnitureImage } from "../FurnitureImage";
import { ShopLink } from "~/ui/ShopLink";
import { LabelBadge } from "../../ui/LabelBadge";
import type { FlyoutCustomItem, FlyoutGroup, FlyoutItem } from "../types";

/** One flyout entry: image and title, only the image, or a headline link. */
export function FlyoutEntry({
  item,
  imageWidth,
  onActivate,
}: {
  item: FlyoutItem;
  imageWidth?: number;
  /** Hover or focus on the entry (the card flyout shows the occasion's link lists). */
  onActivate?: () => void;
}) {
  const image =
    imageWidth && item.asset ? (
      <FurnitureImage asset={item.asset} width={imageWidth} alt="" />
    ) : null;
  const className = [
    "flyout-entry",
    image ? "flyout-entry--image" : "",
    item.isHeadlineItem ? "flyout-entry--headline" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <ShopLink
      link={item.link}
      className={className}
      onPointerEnter={onActivate}
      onFocus={onActivate}
      aria-label={item.linkOnlyImage ? item.title : undefined}
    >
      {image}
      {item.linkOnlyImage ? null : <span className="flyout-entry__title">{item.title}</span>}
      {item.label ? <LabelBadge label={item.label} variant="nav" /> : null}
    </ShopLink>
  );
}

/** A call-to-action tile of a group's custom elements. */
export function FlyoutCustom({
  item,
  imageWidth,
}: {
  item: FlyoutCustomItem;
  imageWidth?: number;
}) {
  return (
    <ShopLink link={item.link} className="flyout-custom">
      {imageWidth && item.asset ? (
        <FurnitureImage asset={item.asset} width={imageWidth} alt="" />
      ) : null}
      <span className="flyout-custom__body">
        <span className="flyout-custom__title">{item.title}</span>
        {item.text ? <span className="flyout-custom__text">{item.text}</span> : null}
        {item.ctaText ? <span className="flyout-custom__cta">{item.ctaText}</span> : null}
      </span>
    </ShopLink>
  );
}

/** A group: its title, its entries (with images at `imageWidth`) and its custom elements. */
export function FlyoutGroupBlock({
  group,
  imageWidth,
  layout = "list",
  className,
}: {
  group: FlyoutGroup;
  imageWidth?: number;
  /** "list": entries under each other; "tiles": image tiles in a row. */
  layout?: "list" | "tiles";
  className?: string;
}) {
  const titleId = `flyout-group-${group.id}`;
  return (
    <div
      className={["flyout-group", `flyout-group--${layout}`, className].filter(Boolean).join(" ")}
    >
      <p className="flyout-group__title" id={titleId}>
        {group.title}
      </p>
      {group.items.length > 0 ? (
        <ul aria-labelledby={titleId}>
          {group.items.map((item) => (
            <li key={item.id}>
              <FlyoutEntry item={item} {...(imageWidth ? { imageWidth } : {})} />
            </li>
          ))}
        </ul>
      ) : null}
      {group.customItems.map((item) => (
        <FlyoutCustom key={item.id} item={item} {...(imageWidth ? { imageWidth } : {})} />
      ))}
    </div>
  );
}

/** Groups a layout has no slot for, so no content is lost. */
export function RemainingGroups({
  groups,
  placed,
}: {
  groups: FlyoutGroup[];
  placed: readonly string[];
}) {
  const rest = groups.filter((group) => !placed.includes(group.identifier));
  return (
    <>
      {rest.map((group) => (
        <FlyoutGroupBlock key={group.id} group={group} />
      ))}
    </>
  );
}
