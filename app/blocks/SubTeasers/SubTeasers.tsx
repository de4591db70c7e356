/**
 * Sub-teasers block: a group of linked teasers in four variants — "plain" (text cards),
 * "tiles" (square image tiles), "largePhoto" (large photo cards) and "smallPhoto"
 * (thumbnail beside the text).
 */
import { Image } from "../../ui/Image";
import { altBeside } from "../parts/altText";
import { ShopLink } from "../../ui/ShopLink";
import { LabelBadge } from "../../ui/LabelBadge";
import { PriceTag } from "../../ui/PriceTag";
import type { BlockProps, SubTeaserItem, SubTeaserVariant, SubTeasersBlock } from "../types";
import { BlockHeading } from "../parts/BlockHeading";

/** Image box (CSS px) per variant. */
const IMAGE_SIZES: Record<SubTeaserVariant, { width: number; ratio: number } | null> = {
  plain: null,
  tiles: { width: 300, ratio: 1 },
  largePhoto: { width: 600, ratio: 4 / 3 },
  smallPhoto: { width: 120, ratio: 1 },
};

function Item({
  item,
  variant,
  first,
}: {
  item: SubTeaserItem;
  variant: SubTeaserVariant;
  first: boolean;
}) {
  const size = IMAGE_SIZES[variant];
  const content = (
    <>
      {size && item.image ? (
        <span className="sub-teaser__media">
          <Image
            src={item.image.src}
            alt={altBeside(item.image.alt, item.title)}
            meta={item.image.meta}
            focus={item.image.focus}
            width={size.width}
            ratio={size.ratio}
            priority={first}
          />
          {item.label ? <LabelBadge label={item.label} /> : null}
        </span>
      ) : null}
      <span className="sub-teaser__body">
        {!size && item.label ? <LabelBadge label={item.label} /> : null}
        <span className="sub-teaser__title">{item.title}</span>
        {item.text ? <span className="sub-teaser__text">{item.text}</span> : null}
        {item.price ? (
          <PriceTag className="sub-teaser__price" price={item.price} product={item.priceProduct} />
        ) : null}
        {item.link && item.linkText ? (
          <span className="sub-teaser__more" aria-hidden="true">
            {item.linkText}
          </span>
        ) : null}
      </span>
    </>
  );
  return (
    <li className="sub-teaser">
      {item.link ? (
        <ShopLink className="sub-teaser__link" link={item.link}>
          {content}
        </ShopLink>
      ) : (
        <div className="sub-teaser__link">{content}</div>
      )}
    </li>
  );
}

export function SubTeasers({ block, index }: BlockProps<SubTeasersBlock>) {
  const titleId = block.headline ? `sub-teasers-${block._uid}` : undefined;
  return (
    <section className="sub-teasers" data-variant={block.variant} aria-labelledby={titleId}>
      <BlockHeading id={titleId} headline={block.headline} text={block.text} />
      <ul className="sub-teasers__list" role="list">
        {block.items.map((item, position) => (
          <Item
            key={item._uid}
            item={item}
            variant={block.variant}
            first={index === 0 && position === 0}
          />
        ))}
      </ul>
    </section>
  );
}
