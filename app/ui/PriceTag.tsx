/** A price formatted for the locale: "from" prefix, current price, struck-through original. */
import { useT } from "~/i18n/i18n";
import type { PreparedPrice } from "./types";
import "./priceTag.css";

export function PriceTag({ price, className }: { price: PreparedPrice; className?: string }) {
  const t = useT();
  return (
    <span className={["price-tag", className].filter(Boolean).join(" ")}>
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
