/** What the catalogue's lists show: design cards and product tiles, prepared on the server. */
import type { Label, PreparedPrice } from "../ui/types";

/** One design in a list (a ThemeCard): its preview, label, name and from-price. */
export interface ThemeCardData {
  id: string;
  name: string;
  image: string;
  label: Label | null;
  price: PreparedPrice | null;
}

/** A tile of a product or design overview: picture, name, a detail line, from-price, link. */
export interface ProductTileData {
  key: string;
  name: string;
  href: string;
  picture: string | null;
  /** A short line under the name ("4 formats", "9 photos · 3:2"). */
  details?: string | null;
  price: PreparedPrice | null;
  /** The catalogue product the price is the from-price of (domain/priceProducts.ts). */
  priceProduct?: string | null;
  /** An article bought from the tile itself (an express production): the cart form's fields. */
  cart?: { product: string; article: string; name: string } | null;
}
