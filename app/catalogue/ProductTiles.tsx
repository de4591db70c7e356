/** A grid of product tiles (families, calendar types, designs): picture, name, from-price, link. */
import { PriceTag } from "../ui/PriceTag";
import type { ProductTileData } from "./types";
import { LocaleLink } from "../ui/LocaleLink";
import { CatalogueStyles } from "./CatalogueStyles";

export function ProductTiles({
  tiles,
  labelledBy,
}: {
  tiles: ProductTileData[];
  labelledBy?: string;
}) {
  return (
    <>
      <CatalogueStyles />
      <ul className="product-tiles" role="list" aria-labelledby={labelledBy}>
        {tiles.map((tile) => (
          <li key={tile.key}>
            <LocaleLink className="product-tile" to={tile.href}>
              {tile.picture ? (
                <img
                  className="product-tile__picture"
                  src={tile.picture}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <span className="product-tile__name">{tile.name}</span>
              {tile.details ? <span className="product-tile__details">{tile.details}</span> : null}
              {tile.price ? (
                <PriceTag
                  className="product-tile__price"
                  price={tile.price}
                  product={tile.priceProduct}
                />
              ) : null}
            </LocaleLink>
          </li>
        ))}
      </ul>
    </>
  );
}
