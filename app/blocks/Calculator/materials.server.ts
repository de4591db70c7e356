/**
 * A product's materials and formats with their prices from the catalogue, as the
 * calculator and the formats-and-prices tables show them.
 */
import { serverT } from "../../i18n/messages.server";
import { logError } from "../../lib/log";
import type { CatalogueService } from "../../../server/catalogue/service";
import type { BlockRequest } from "../parts/block.server";
import type { Locale } from "../../../domain/locales";
import type { CalculatorBlock, CalculatorData } from "../types";

/** The catalogue's calculator data for a product kind (and a SKU's preselection). */
export type CalculatorDataSource = (
  product: string,
  sku: string | null,
) => ReturnType<CatalogueService["calculator"]>;

/**
 * The calculator's materials and formats of a product from the catalogue, with labels in
 * the page's language; null (logged) when the catalogue cannot answer. A SKU the catalogue
 * does not know preselects nothing.
 */
export async function calculatorMaterials(
  product: CalculatorBlock["product"],
  uid: string,
  source: CalculatorDataSource,
  sku: string | null,
  request: BlockRequest,
): Promise<CalculatorData | null> {
  const data = await source(product, sku)
    .catch(() => (sku ? source(product, null) : Promise.reject(new Error("no data"))))
    .catch((error: unknown) => {
      logError("calculator-data-error", error, { uid, product });
      return null;
    });
  if (!data) return null;
  // The catalogue's answer is the same object until an import: its view in a language (and
  // a collage page's design group) is made once and kept with it. A page about one collage
  // design group ("…/heart") starts the studio in that group.
  const pageName = request.slug?.split("/").filter(Boolean).at(-1);
  const pageDesign = data.collageDesigns?.find((g) => g.name === pageName);
  const key = `${request.locale}|${pageDesign?.id ?? ""}`;
  const views = viewsByAnswer.get(data) ?? new Map<string, CalculatorData>();
  viewsByAnswer.set(data, views);
  let view = views.get(key);
  if (!view) {
    view = calculatorView(data, request.locale, pageDesign);
    views.set(key, view);
  }
  return view;
}

type CatalogueCalculator = Awaited<ReturnType<CatalogueService["calculator"]>>;

/** The views made of each catalogue answer, by language and page design group. */
const viewsByAnswer = new WeakMap<CatalogueCalculator, Map<string, CalculatorData>>();

/** The catalogue's calculator answer as the page shows it, with labels in the page's language. */
function calculatorView(
  data: CatalogueCalculator,
  locale: Locale,
  pageDesign: { id: number } | undefined,
): CalculatorData {
  const t = serverT(locale);
  const prepared = (price: { formatted: { current: string; original: string | null } } | null) =>
    price
      ? { current: price.formatted.current, original: price.formatted.original, from: false }
      : null;
  return {
    selected: data.selectedValue ?? data.options[0]?.value ?? "",
    materials: data.options.map((option, index) => {
      const label = data.labels.find((l) => l.index === index);
      return {
        value: option.value,
        label: t(`catalogue.kinds.${option.value}`),
        group: null,
        initiallySelectedFormat: option.initiallySelectedFormat ?? null,
        formats: option.formats.map((f) => ({
          value: f.value,
          label: f.label ?? f.value,
          price: prepared(f.price),
          choice: pageDesign ? { ...f.choice, designId: String(pageDesign.id) } : { ...f.choice },
          ratio: f.ratio ?? null,
          ...("tiers" in f && f.tiers ? { tiers: f.tiers } : {}),
          ...("maxQuantity" in f && typeof f.maxQuantity === "number"
            ? { maxQuantity: f.maxQuantity }
            : {}),
          minor: f.price
            ? { current: f.price.priceCurrentMinor, original: f.price.priceOriginalMinor }
            : null,
        })),
        badge: label
          ? { text: label.text, backgroundColor: label.backgroundColor, textColor: label.textColor }
          : null,
        options: (option.optionGroups ?? []).map((g) => ({
          group: g.group,
          label: t(g.labelTranslationKey),
          default: g.default,
          values: g.values.map((v) => ({
            value: v.value,
            // A stretcher's depth is written in the shop's unit beside its name.
            label:
              "label" in v ? `${t(v.labelTranslationKey)} (${v.label})` : t(v.labelTranslationKey),
            explanation: v.explanationTranslationKey ? t(v.explanationTranslationKey) : null,
            surchargeMinor: v.surcharge.priceCurrentMinor,
            surcharge:
              v.surcharge.priceCurrentMinor === 0
                ? t("blocks.calculator.noCharge")
                : t("blocks.calculator.surcharge", { price: v.surcharge.formatted.current }),
          })),
        })),
      };
    }),
    locale,
  };
}
