/**
 * Feed block: a grid of products (image, name, price, label) showing `initialCount` at
 * first; "show more" reveals the next batch and moves focus to its first product. All
 * products are in the HTML for search engines; hidden ones load no images.
 */
import { useRef, useState } from "react";
import { useT } from "../../i18n/i18n";
import { Image } from "../../ui/Image";
import { altBeside } from "../parts/altText";
import { ShopLink } from "../../ui/ShopLink";
import { LabelBadge } from "../../ui/LabelBadge";
import { PriceTag } from "../../ui/PriceTag";
import type { BlockProps, FeedBlock } from "../types";
import { BlockHeading } from "../parts/BlockHeading";

export function Feed({ block, index }: BlockProps<FeedBlock>) {
  const t = useT();
  const [shown, setShown] = useState(Math.min(block.initialCount, block.items.length));
  const list = useRef<HTMLUListElement>(null);
  const titleId = block.headline ? `feed-${block._uid}` : undefined;

  const showMore = () => {
    const next = Math.min(shown + block.initialCount, block.items.length);
    setShown(next);
    // Focus the first new product once it is visible.
    requestAnimationFrame(() => {
      list.current?.querySelectorAll<HTMLAnchorElement>(".feed-item__link")[shown]?.focus();
    });
  };

  return (
    <section className="feed" aria-labelledby={titleId}>
      <BlockHeading id={titleId} headline={block.headline} text={block.text} />
      <ul ref={list} className="feed__list" role="list">
        {block.items.map((item, position) => (
          <li key={item._uid} className="feed-item" hidden={position >= shown}>
            <ShopLink className="feed-item__link" link={item.link}>
              <span className="feed-item__media">
                <Image
                  src={item.image.src}
                  alt={altBeside(item.image.alt, item.title)}
                  meta={item.image.meta}
                  focus={item.image.focus}
                  width={280}
                  ratio={4 / 5}
                  priority={index === 0 && position === 0}
                />
                {item.label ? <LabelBadge label={item.label} /> : null}
              </span>
              <span className="feed-item__title">{item.title}</span>
              {item.subtitle ? <span className="feed-item__subtitle">{item.subtitle}</span> : null}
              {item.price ? (
                <PriceTag
                  className="feed-item__price"
                  price={item.price}
                  product={item.priceProduct}
                />
              ) : null}
            </ShopLink>
          </li>
        ))}
      </ul>
      <div className="feed__footer">
        <p className="feed__count" aria-live="polite">
          {t("blocks.shownOf", { shown, total: block.items.length })}
        </p>
        {shown < block.items.length ? (
          <button type="button" className="button button--ghost" onClick={showMore}>
            {t("blocks.showMore")}
          </button>
        ) : null}
      </div>
    </section>
  );
}
