import { FOOTER_IMAGE_RATIOS } from "../../../domain/constants";
import { Collapsible } from "../Collapsible";
import { FurnitureImage } from "../FurnitureImage";
import { ShopLink } from "~/ui/ShopLink";
import { FurnitureLinkItem } from "../FurnitureLinkItem";
import { LanguageNav } from "../header/LanguageNav";
import type { FooterBox, FooterBoxItem, FooterBoxType } from "../types";

/** Boxes that start open; the others start collapsed (below 720 px). */
export const OPEN_BOXES: readonly FooterBoxType[] = [
  "customerService",
  "awards",
  "appLinks",
  "socialMedia",
];

/** Image sizes per box type. */
const IMAGE_SIZES: Partial<Record<FooterBoxType, { width: number; height: number }>> = {
  appLinks: {
    width: FOOTER_IMAGE_RATIOS.appLinks.width * 1.5,
    height: FOOTER_IMAGE_RATIOS.appLinks.height * 1.5,
  },
  awards: {
    width: FOOTER_IMAGE_RATIOS.awards.width * 2,
    height: FOOTER_IMAGE_RATIOS.awards.height * 2,
  },
  socialMedia: {
    width: 32,
    height: 32 * (FOOTER_IMAGE_RATIOS.socialMedia.height / FOOTER_IMAGE_RATIOS.socialMedia.width),
  },
};

function BoxEntry({ entry, type }: { entry: FooterBoxItem; type: FooterBoxType }) {
  if (entry.kind === "link") return <FurnitureLinkItem item={entry.item} />;
  const size = IMAGE_SIZES[type] ?? { width: 80, height: 50 };
  const image = (
    <FurnitureImage asset={entry.image} width={size.width} height={size.height} alt={entry.title} />
  );
  return entry.link ? (
    <ShopLink link={entry.link} className="footer-box__image-link" rel="noopener noreferrer">
      {image}
    </ShopLink>
  ) : (
    image
  );
}

/** The grid of footer boxes: about, app links, awards, customer service, international, languages, social media. */
export function FooterBoxes({ boxes }: { boxes: FooterBox[] }) {
  if (boxes.length === 0) return null;
  return (
    <div className="footer-boxes">
      {boxes.map((box) => (
        <Collapsible
          key={box.id}
          title={box.title}
          initiallyOpen={OPEN_BOXES.includes(box.type)}
          className={`footer-box footer-box--${box.type}`}
        >
          {box.type === "languages" ? (
            <LanguageNav />
          ) : (
            <ul>
              {box.items.map((entry) => (
                <li key={entry.kind === "link" ? entry.item.id : entry.id}>
                  <BoxEntry entry={entry} type={box.type} />
                </li>
              ))}
            </ul>
          )}
        </Collapsible>
      ))}
    </div>
  );
}
