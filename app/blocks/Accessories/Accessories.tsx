/**
 * Accessories block: the shop's card accessories as a price list (envelopes and inlays
 * with the card sizes they are made for), each with its price per piece and a button that
 * puts one into the cart (the cart's own form, with or without JavaScript). In Germany,
 * Austria and Switzerland an envelope or inlay costs the fixed price of its card format.
 */
import { CART_PATHS } from "../../../domain/cart";
import { useT } from "../../i18n/i18n";
import { useRootData } from "../../lib/rootData";
import { useLocaleHref } from "../../ui/LocaleLink";
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
          <form method="post" action={cart}>
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="product" value="accessory" />
            <input type="hidden" name="options" value={`article=${row.article}`} />
            <input type="hidden" name="quantity" value="1" />
            <button
              type="submit"
              className="button button--ghost accessories__add"
              // The visible words first, so a voice command that says them finds the button.
              aria-label={`${t("cart.add")}: ${name}`}
            >
              {t("cart.add")}
            </button>
          </form>
        ) : null}
      </td>
    </tr>
  );
}

export function Accessories({ block }: BlockProps<AccessoriesBlock>) {
  const t = useT();
  const language = useRootData()?.language ?? "de";
  const cart = useLocaleHref(CART_PATHS[language]);
  if (!block.rows || block.rows.length === 0) return null;
  const titleId = `${block._uid}-title`;
  return (
    <section className="accessories" aria-labelledby={titleId}>
      <h2 id={titleId} className="block-title">
        {block.headline || t("blocks.accessories.title")}
      </h2>
      {block.text ? <p className="block-intro">{block.text}</p> : null}
      <table className="accessories__table">
        <thead>
          <tr>
            <th scope="col">{t("blocks.accessories.accessory")}</th>
            <th scope="col">{t("blocks.accessories.price")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("cart.add")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => (
            <Row key={row.article} row={row} cart={cart?.href ?? null} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
