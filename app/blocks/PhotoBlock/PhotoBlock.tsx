/** Photo block: one large photo with an optional caption and link, content width or full width. */
import { Image } from "../../ui/Image";
import { ShopLink } from "../../ui/ShopLink";
import type { BlockProps, PhotoBlock as PhotoBlockData } from "../types";

const WIDTHS = { content: 800, full: 1200 } as const;

export function PhotoBlock({ block, index }: BlockProps<PhotoBlockData>) {
  const image = (
    <Image
      src={block.image.src}
      alt={block.image.alt}
      meta={block.image.meta}
      focus={block.image.focus}
      width={WIDTHS[block.width]}
      ratio={block.ratio}
      priority={index === 0}
    />
  );
  return (
    <figure className="block-photo" data-width={block.width}>
      {block.link ? (
        <ShopLink link={block.link} className="block-photo__link">
          {image}
        </ShopLink>
      ) : (
        image
      )}
      {block.caption ? (
        <figcaption className="block-photo__caption">{block.caption}</figcaption>
      ) : null}
    </figure>
  );
}
