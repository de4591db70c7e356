/**
 * The product configuration a designer link carries: when the link names every option of
 * its product as the product page chose it, the designer prices and adds exactly that
 * configuration, the same question the cart API and the product details answer.
 */
import { CARD_OPTIONS, MAX_CARD_QUANTITY } from "./designerLinks";

/** A card configuration with the fields of the product details (and of the cart API). */
export interface CardConfiguration {
  kind: "card";
  cardType: string;
  size: string;
  refinement: string;
  envelope: string;
  quantity: number;
  sample: boolean;
  themeId?: string;
}

export type DesignerConfiguration = CardConfiguration;

const VALUE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;

/**
 * The configuration of a designer product's parameters, or null when they leave an option
 * open (an older link, a theme page's quantity alone): the designer cannot sell one then.
 */
export function designerConfiguration(
  product: string,
  params: Readonly<Record<string, string | undefined>>,
): DesignerConfiguration | null {
  if (product !== "card") return null;
  const options: Record<string, string> = {};
  for (const name of CARD_OPTIONS) {
    const value = params[name];
    if (value === undefined || !VALUE.test(value)) return null;
    options[name] = value;
  }
  // A sample is one card; a quantity must be a whole number the designer accepts.
  const sample = params.sample === "true" || params.s === "sample";
  const quantity = sample ? 1 : Number(params.quantity ?? "1");
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_CARD_QUANTITY) return null;
  const themeId = params.themeId;
  return {
    kind: "card",
    cardType: options.cardType!,
    size: options.size!,
    refinement: options.refinement!,
    envelope: options.envelope!,
    quantity,
    sample,
    ...(themeId !== undefined && VALUE.test(themeId) ? { themeId } : {}),
  };
}

/** A configuration as form fields (the designer's add-to-cart form posts them). */
export function configurationFields(config: DesignerConfiguration): [string, string][] {
  return Object.entries(config).map(([key, value]) => [key, String(value)]);
}
