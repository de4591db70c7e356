/** A grid of product tiles (families, calendar types, designs): picture, name, from-price, link. */
import { CART_PATHS } from "../../domain/cart";
import { useT } from "../i18n/i18n";
import { useRootData } from "../lib/rootData";
import { PriceTag } from "../ui/PriceTag";
import type { ProductTileData } from "./types";
import { LocaleLink, useLocaleHref } from "../ui/LocaleLink";
import { CatalogueStyles } from "./CatalogueStyles";

export function ProductTiles({
  tiles,
  labelledBy,
}: {
  tiles: ProductTileData[];
  labelledBy?: string;
}) {
  const t = useT();
  const language = useRootData()?.language ?? "de";
  const cartPage = useLocaleHref(CART_PATHS[language]);
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
            {tile.cart && cartPage ? (
              // Bought from the tile through the cart's own form, with or without JavaScript.
              <form method="post" action={cartPage.href} className="product-tile__cart">
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="product" value={tile.cart.product} />
                <input type="hidden" name="options" value={`article=${tile.cart.article}`} />
                <input type="hidden" name="quantity" value="1" />
                <button
                  type="submit"
                  className="button button--ghost"
                  aria-label={`${t("cart.add")}: ${tile.cart.name}`}
                >
                  {t("cart.add")}
                </button>
              </form>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
