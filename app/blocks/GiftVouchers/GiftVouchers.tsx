/**
 * Gift vouchers block: the gift vouchers the shop sells, each with its price (what it is
 * worth) and a button that puts one into the cart through the cart's own form, with or
 * without JavaScript. The prices are the catalogue's, in the shop's currency.
 */
import { CART_PATHS } from "../../../domain/cart";
import { useT } from "../../i18n/i18n";
import { useRootData } from "../../lib/rootData";
import { useLocaleHref } from "../../ui/LocaleLink";
import type { BlockProps, GiftVouchersBlock } from "../types";

export function GiftVouchers({ block }: BlockProps<GiftVouchersBlock>) {
  const t = useT();
  const language = useRootData()?.language ?? "de";
  const cart = useLocaleHref(CART_PATHS[language]);
  const rows = (block.rows ?? []).filter((row) => row.price !== null);
  if (rows.length === 0) return null;
  const titleId = `${block._uid}-title`;
  return (
    <section className="accessories gift-vouchers" aria-labelledby={titleId}>
      <h2 id={titleId} className="block-title">
        {block.headline || t("blocks.giftVouchers.title")}
      </h2>
      {block.text ? <p className="block-intro">{block.text}</p> : null}
      <table className="accessories__table">
        <thead>
          <tr>
            <th scope="col">{t("blocks.giftVouchers.voucher")}</th>
            <th scope="col">{t("blocks.giftVouchers.price")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("cart.add")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = t("blocks.giftVouchers.name", { price: row.price });
            return (
              <tr key={row.article}>
                <th scope="row">{name}</th>
                <td className="accessories__price">{row.price}</td>
                <td>
                  {cart ? (
                    <form method="post" action={cart.href}>
                      <input type="hidden" name="intent" value="add" />
                      <input type="hidden" name="product" value="gift-voucher" />
                      <input type="hidden" name="options" value={`article=${row.article}`} />
                      <input type="hidden" name="quantity" value="1" />
                      <button
                        type="submit"
                        className="button button--ghost accessories__add"
                        aria-label={`${t("cart.add")}: ${name}`}
                      >
                        {t("cart.add")}
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
