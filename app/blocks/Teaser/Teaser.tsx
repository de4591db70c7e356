/**
 * Teaser block: a large image with headline, text, price, calls to action and, while a
 * campaign runs, its countdown. "hero" lays the text over the image, "split" beside it.
 * The page's first teaser carries the page's h1 and its image may load eagerly.
 */
import { Countdown } from "../../ui/Countdown";
import { Image } from "../../ui/Image";
import { ShopLink } from "../../ui/ShopLink";
import { LabelBadge } from "../../ui/LabelBadge";
import { PriceTag } from "../../ui/PriceTag";
import { RichText } from "../parts/RichText";
import type { BlockProps, TeaserBlock } from "../types";

/** Image sizes (CSS px) per layout: desktop box and the phone crop. */
const SIZES = {
  hero: { width: 1200, ratio: 12 / 5, mobile: { ratio: 4 / 3 } },
  split: { width: 600, ratio: 4 / 3, mobile: { ratio: 4 / 3 } },
} as const;

/** The phone crop's widths: phones up to 479 px get a smaller file than small tablets. */
const MOBILE_WIDTHS = [
  { media: "(max-width: 479px)", width: 480 },
  { media: "(max-width: 767px)", width: 768 },
] as const;

export function Teaser({ block, index }: BlockProps<TeaserBlock>) {
  const Title = index === 0 ? "h1" : "h2";
  const size = SIZES[block.layout];
  const titleId = `teaser-${block._uid}`;
  return (
    <section
      className="teaser"
      data-layout={block.layout}
      data-theme={block.theme}
      data-image={block.imagePosition}
      style={block.backgroundColor ? { backgroundColor: block.backgroundColor } : undefined}
      aria-labelledby={titleId}
    >
      <div className="teaser__media">
        <Image
          src={block.image.src}
          alt={block.image.alt}
          meta={block.image.meta}
          focus={block.image.focus}
          width={size.width}
          ratio={size.ratio}
          priority={index === 0}
          sources={MOBILE_WIDTHS.map(({ media, width }) => ({
            media,
            width,
            ratio: size.mobile.ratio,
            src: block.imageMobile?.src ?? block.image.src,
          }))}
        />
      </div>
      <div className="teaser__body">
        {block.label ? <LabelBadge label={block.label} /> : null}
        <Title id={titleId} className="teaser__title">
          {block.headline}
        </Title>
        {block.subline ? <p className="teaser__subline">{block.subline}</p> : null}
        <RichText className="teaser__text" text={block.text} />
        {block.price ? (
          <PriceTag className="teaser__price" price={block.price} product={block.priceProduct} />
        ) : null}
        {block.countdownEndDate ? (
          <Countdown
            className="teaser__countdown"
            endDate={block.countdownEndDate}
            label={block.countdownText || undefined}
          />
        ) : null}
        {block.cta || block.secondaryCta ? (
          <div className="teaser__actions">
            {block.cta ? (
              <ShopLink className="button" link={block.cta.link}>
                {block.cta.text}
              </ShopLink>
            ) : null}
            {block.secondaryCta ? (
              <ShopLink className="button button--ghost" link={block.secondaryCta.link}>
                {block.secondaryCta.text}
              </ShopLink>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
