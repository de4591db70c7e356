/**
 * FormatsAndPrices block: every format of a product's materials with its price in the
 * shop's currency (struck-through original where it is on sale), one table per material,
 * formats in the shop's units (inches in the US). The same catalogue data the calculator
 * shows, so the two never disagree.
 */
import { useT } from "../../i18n/i18n";
import { PriceTag } from "../../ui/PriceTag";
import type { BlockProps, FormatsAndPricesBlock } from "../types";

export function FormatsAndPrices({ block }: BlockProps<FormatsAndPricesBlock>) {
  const t = useT();
  if (!block.data || block.data.length === 0) return null;
  const titleId = `${block._uid}-title`;
  return (
    <section className="formats-prices" aria-labelledby={titleId}>
      <h2 id={titleId} className="block-title">
        {block.headline || t("blocks.formatsAndPrices.title")}
      </h2>
      {block.text ? <p className="block-intro">{block.text}</p> : null}
      <div className="formats-prices__tables">
        {block.data.map((material) => (
          <table key={material.value} className="formats-prices__table">
            <caption>{material.label}</caption>
            <thead>
              <tr>
                <th scope="col">{t("blocks.formatsAndPrices.format")}</th>
                <th scope="col">{t("blocks.formatsAndPrices.price")}</th>
              </tr>
            </thead>
            <tbody>
              {material.formats.map((format) => (
                <tr key={format.value}>
                  <th scope="row">{format.label}</th>
                  <td>
                    {format.price ? (
                      <PriceTag price={format.price} />
                    ) : (
                      t("blocks.calculator.notAvailable")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
