/**
 * Accessories block: the shop's card accessories as a price list (envelopes and inlays
 * with the card sizes they are made for), each with its price per piece and a button that
 * puts one into the cart (the cart's own form, with or without JavaScript). In Germany,
 * Austria and Switzerland an envelope or inlay costs the fixed price of its card format.
 */
import { useT } from "../../i18n/i18n";
import { AddArticleForm, PriceList, useCartHref } from "../parts/PriceList";
import type { AccessoriesBlock, AccessoryRow, BlockProps } from "../types";

function useAccessoryName(row: AccessoryRow): string {
  const t = useT();
  const type = t(`blocks.details.accessoryTypes.${row.type}`);
  const name = row.name ? `${type} ${t(`blocks.details.envelopes.${row.name}`)}` : type;
  return row.size ? `${name} (${row.size})` : name;
}

function Row({ row, cart }: { row: AccessoryRow; cart: string | null }) {
  const t = useT();
  const name = useAccessoryName(row);
  return (
    <tr>
      <th scope="row">
        {name}
        <span className="accessories__fits">
          {t("blocks.accessories.fits")}{" "}
          {row.fits.length ? row.fits.join(", ") : t("blocks.accessories.anyCard")}
        </span>
      </th>
      <td className="accessories__price">{row.price}</td>
      <td>
        {cart && row.price ? (
          <AddArticleForm cart={cart} product="accessory" article={row.article} name={name} />
        ) : null}
      </td>
    </tr>
  );
}

export function Accessories({ block }: BlockProps<AccessoriesBlock>) {
  const t = useT();
  const cart = useCartHref();
  if (!block.rows || block.rows.length === 0) return null;
  return (
    <PriceList
      uid={block._uid}
      className="accessories"
      title={block.headline || t("blocks.accessories.title")}
      text={block.text}
      itemLabel={t("blocks.accessories.accessory")}
      priceLabel={t("blocks.accessories.price")}
    >
      {block.rows.map((row) => (
        <Row key={row.article} row={row} cart={cart} />
      ))}
    </PriceList>
  );
}
