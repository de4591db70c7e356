/**
 * One design in a list: its preview, label, name and from-price, leading to its page; in a
 * brand with a wishlist, the heart beside the link saves it.
 */
import { LabelBadge } from "../ui/LabelBadge";
import { PriceTag } from "../ui/PriceTag";
import type { ThemeCardData } from "./types";
import { LocaleLink } from "../ui/LocaleLink";
import { CatalogueStyles } from "./CatalogueStyles";
import { WishlistHeart } from "../wishlist/WishlistHeart";

export function ThemeCard({ theme }: { theme: ThemeCardData }) {
  return (
    <div className="theme-card-frame">
      <LocaleLink className="theme-card" to={`/themes/${theme.id}`}>
        <CatalogueStyles />
        <span className="theme-card__media">
          <img src={theme.image} alt="" width={300} height={300} loading="lazy" decoding="async" />
          {theme.label ? <LabelBadge label={theme.label} /> : null}
        </span>
        <span className="theme-card__name">{theme.name}</span>
        {theme.price ? <PriceTag className="theme-card__price" price={theme.price} /> : null}
      </LocaleLink>
      <WishlistHeart themeId={theme.id} />
    </div>
  );
}
