/** USP teaser block: the shop's promises (fast delivery, quality, …) with an icon each. */
import type { BlockProps, UspTeaserBlock } from "../types";
import { BlockHeading } from "../parts/BlockHeading";

export function UspTeaser({ block }: BlockProps<UspTeaserBlock>) {
  const titleId = block.headline ? `usp-${block._uid}` : undefined;
  return (
    <section className="usp-teaser" aria-labelledby={titleId}>
      <BlockHeading id={titleId} headline={block.headline} />
      <ul className="usp-teaser__list" role="list">
        {block.items.map((item) => (
          <li key={item._uid} className="usp">
            <svg className="usp__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={item.iconPath} />
            </svg>
            <span className="usp__title">{item.title}</span>
            {item.text ? <span className="usp__text">{item.text}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
