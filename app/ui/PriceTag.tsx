/**
 * A price formatted for the locale: "from" prefix, current price, struck-through original.
 * A from-price of a catalogue product names it in `data-product` (domain/priceProducts.ts),
 * so every page that shows that product's price can be checked to show the same one.
 */
import { useT } from "~/i18n/i18n";
import type { PreparedPrice } from "./types";
import "./priceTag.css";

export function PriceTag({
  price,
  className,
  product,
}: {
  price: PreparedPrice;
  className?: string;
  product?: string | null;
}) {
  const t = useT();
  return (
    <span
      className={["price-tag", className].filter(Boolean).join(" ")}
      data-product={product ?? undefined}
    >
      {price.original ? (
        <>
          <span className="visually-hidden">{t("blocks.originalPrice")}</span>
          <s className="price-tag__original">{price.original}</s>{" "}
          <span className="visually-hidden">{t("blocks.currentPrice")}</span>
        </>
      ) : null}
      <span
        className={
          price.original ? "price-tag__current price-tag__current--sale" : "price-tag__current"
        }
      >
        {price.from ? `${t("common.from")} ` : ""}
        {price.current}
      </span>
    </span>
  );
}
