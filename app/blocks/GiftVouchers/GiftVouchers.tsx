/**
 * Gift vouchers block: the gift vouchers the shop sells, each with its price (what it is
 * worth) and a button that puts one into the cart through the cart's own form, with or
 * without JavaScript. The prices are the catalogue's, in the shop's currency.
 */
import { useT } from "../../i18n/i18n";
import { AddArticleForm, PriceList, useCartHref } from "../parts/PriceList";
import type { BlockProps, GiftVouchersBlock } from "../types";

export function GiftVouchers({ block }: BlockProps<GiftVouchersBlock>) {
  const t = useT();
  const cart = useCartHref();
  const rows = (block.rows ?? []).filter((row) => row.price !== null);
  if (rows.length === 0) return null;
  return (
    <PriceList
      uid={block._uid}
      className="accessories gift-vouchers"
      title={block.headline || t("blocks.giftVouchers.title")}
      text={block.text}
      itemLabel={t("blocks.giftVouchers.voucher")}
      priceLabel={t("blocks.giftVouchers.price")}
    >
      {rows.map((row) => {
        const name = t("blocks.giftVouchers.name", { price: row.price });
        return (
          <tr key={row.article}>
            <th scope="row">{name}</th>
            <td className="accessories__price">{row.price}</td>
            <td>
              {cart ? (
                <AddArticleForm
                  cart={cart}
                  product="gift-voucher"
                  article={row.article}
                  name={name}
                />
              ) : null}
            </td>
          </tr>
        );
      })}
    </PriceList>
  );
}
