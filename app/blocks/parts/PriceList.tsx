/**
 * A price list of articles a shopper puts into the cart straight from a content page (card
 * accessories, gift vouchers): a table of names and prices, each row with a button that
 * sends the cart page's own form, so it works with or without JavaScript.
 */
import type { ReactNode } from "react";
import { CART_PATHS } from "../../../domain/cart";
import { useT } from "../../i18n/i18n";
import { useRootData } from "../../lib/rootData";
import { useLocaleHref } from "../../ui/LocaleLink";
import { BlockHeading } from "./BlockHeading";

/** The cart page of the shop's language, where the rows' forms go. */
export function useCartHref(): string | null {
  const language = useRootData()?.language ?? "de";
  return useLocaleHref(CART_PATHS[language])?.href ?? null;
}

/** One article into the cart: the cart page's add form with a button naming the article. */
export function AddArticleForm(props: {
  cart: string;
  product: "accessory" | "gift-voucher";
  article: string;
  name: string;
}) {
  const t = useT();
  return (
    <form method="post" action={props.cart}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product" value={props.product} />
      <input type="hidden" name="options" value={`article=${props.article}`} />
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        className="button button--ghost accessories__add"
        // The visible words first, so a voice command that says them finds the button.
        aria-label={`${t("cart.add")}: ${props.name}`}
      >
        {t("cart.add")}
      </button>
    </form>
  );
}

/** The list: its heading and intro, then the table with the rows given as children. */
export function PriceList(props: {
  uid: string;
  className: string;
  title: string;
  text?: string;
  itemLabel: string;
  priceLabel: string;
  children: ReactNode;
}) {
  const t = useT();
  const titleId = `${props.uid}-title`;
  return (
    <section className={props.className} aria-labelledby={titleId}>
      <BlockHeading id={titleId} headline={props.title} text={props.text} />
      <table className="accessories__table">
        <thead>
          <tr>
            <th scope="col">{props.itemLabel}</th>
            <th scope="col">{props.priceLabel}</th>
            <th scope="col">
              <span className="visually-hidden">{t("cart.add")}</span>
            </th>
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </section>
  );
}
