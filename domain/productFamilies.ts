/**
 * Where a shopper starts each product family of the product overview: cards and
 * calendars on their own browsing pages, everything else straight in the configurator
 * with the chosen kind (a photo book type, a material …) already set.
 */

/**
 * The product types: the one list of what the shop sells (the catalogue's articles, the
 * designer's products, the cart's lines name them), in the order the product overview
 * shows them. Here rather than beside the catalogue's tables, so the pages' frame can
 * read it without loading them.
 */
export const PRODUCT_TYPES = [
  "card",
  "calendar",
  "photobook",
  "photobox",
  "photoprint",
  "photoframe",
  "collage",
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The product overview's families are the product types, by their other name. */
export const PRODUCT_FAMILIES = PRODUCT_TYPES;
export type ProductFamily = ProductType;

/** The shop path a family (and optionally one kind of it) starts from. */
export function familyEntry(family: ProductFamily, kind?: string): string {
  const q = (name: string, value: string | undefined) =>
    value ? `?${new URLSearchParams({ [name]: value })}` : "";
  switch (family) {
    case "card":
      return "/vorkonfigurator-karten";
    case "calendar":
      return kind
        ? `/configurator-calendar${q("calendarType", kind)}`
        : "/vorkonfigurator-kalender";
    case "photobook":
      return `/configurator-photobook${q("printing", kind ?? "digitalfotobuch")}`;
    case "photobox":
      return `/configurator-photobox${q("photoboxType", kind ?? "small")}`;
    case "photoprint":
      return `/configurator-photobox${q("photoboxType", "photoprint")}`;
    case "photoframe":
      return `/configurator-photo-frame${q("materialType", kind ?? "leinwand")}`;
    case "collage":
      return `/configurator-collage${q("materialType", kind ?? "poster")}`;
  }
}

/** Colours of the theme labels: white or dark text with at least 4.5:1 contrast. */
export const THEME_LABEL_COLORS: Record<string, { backgroundColor: string; textColor: string }> = {
  new: { backgroundColor: "#1d5c96", textColor: "#ffffff" },
  bestseller: { backgroundColor: "#7a3e00", textColor: "#ffffff" },
  sale: { backgroundColor: "#b3261e", textColor: "#ffffff" },
};

/** The content asset that pictures each family and calendar type (both brands have them). */
export const FAMILY_PICTURES: Record<ProductFamily, string> = {
  card: "furniture-card-folded.svg",
  calendar: "furniture-cal-wall.svg",
  photobook: "furniture-pb-real.svg",
  photobox: "furniture-print-square.svg",
  photoprint: "furniture-print-classic.svg",
  photoframe: "furniture-canvas-landscape.svg",
  collage: "furniture-collage-poster.svg",
};
export const CALENDAR_TYPE_PICTURES: Record<string, string> = {
  wandkalender: "furniture-cal-wall.svg",
  tischkalender: "furniture-cal-desk.svg",
  kuechenkalender: "furniture-cal-kitchen.svg",
  familienplaner: "furniture-cal-family.svg",
  terminkalender: "furniture-cal-planner.svg",
};

/** The picture of a collage design (content asset of both brands); others show the generic one. */
export const COLLAGE_DESIGN_PICTURES: Record<string, string> = {
  heart: "furniture-collage-heart.svg",
  letters: "furniture-collage-letters.svg",
  year: "furniture-collage-year.svg",
  "classic-collage": "furniture-collage-poster.svg",
};
export const COLLAGE_DESIGN_PICTURE = "furniture-collage-multi.svg";

/** The picture of a photo book design category (card shop assets); others show the photo book. */
export const PHOTOBOOK_CATEGORY_PICTURES: Record<number, string> = {
  1: "furniture-pb-cat-wedding.svg",
  2: "furniture-pb-cat-baby.svg",
  8: "furniture-pb-cat-birthday.svg",
  9: "furniture-pb-cat-travel.svg",
  10: "furniture-pb-cat-family.svg",
  18: "furniture-pb-cat-year.svg",
};
export const PHOTOBOOK_CATEGORY_PICTURE = "furniture-pb-real.svg";

/** The designer link of a collage design. */
export function collageDesignEntry(designId: number): string {
  return `/configurator-collage?${new URLSearchParams({ designId: String(designId) })}`;
}

/**
 * The designer link of a photo book design set: the set's template for the orientation
 * (the designer starts the book in that orientation; the others are a choice there).
 */
export function photobookDesignEntry(printing: string, setId: number, orientation: string): string {
  const query = { printing, designGroupId: String(setId), photobookFormat: orientation };
  return `/configurator-photobook?${new URLSearchParams(query)}`;
}

/**
 * Where an article's product is designed (an express article's, a SKU container's): its
 * configurator with the product's kind and format already chosen; cards start from their
 * designs, filtered to the product. A SKU goes along, so the page it leads to preselects.
 */
export function articleEntry(
  productType: string,
  attributes: Readonly<Record<string, unknown>>,
  format: string | null,
  sku: string | null = null,
): string | null {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  const query = (path: string, params: Record<string, string | null>) => {
    const kept = Object.entries({ ...params, sku }).filter(
      (e): e is [string, string] => e[1] !== null,
    );
    return `${path}?${new URLSearchParams(kept)}`;
  };
  switch (productType) {
    case "calendar":
      return query("/configurator-calendar", {
        calendarType: text(attributes.calendarType),
        formatType: text(attributes.formatCode),
        mounting: text(attributes.mounting),
      });
    case "photobook":
      return query("/configurator-photobook", {
        printing: text(attributes.photobookType),
        photobookFormat: format,
      });
    case "photobox":
    case "photoprint":
      return query("/configurator-photobox", {
        photoboxType: text(attributes.photoboxType) ?? productType,
        formatType: format,
      });
    case "card":
      return query("/vorkonfigurator-karten", { product: text(attributes.product) });
    case "photoframe":
      return query("/configurator-photo-frame", {
        materialType: text(attributes.material),
        frameType: text(attributes.frameType),
        formatType: format,
      });
    case "collage":
      return query("/configurator-collage", {
        materialType: text(attributes.material),
        formatType: format,
      });
    default:
      return null;
  }
}

/** The translation key naming a product's kind (calendar type, material, photo book type …). */
export function productKindName(
  productType: string,
  attributes: Readonly<Record<string, unknown>>,
) {
  switch (productType) {
    case "calendar":
      return `products.calendarTypes.${String(attributes.calendarType)}`;
    case "card":
      return `themes.values.${String(attributes.product)}`;
    case "photobook":
      return `catalogue.kinds.${String(attributes.photobookType)}`;
    case "photobox":
    case "photoprint":
      return `catalogue.kinds.${String(attributes.photoboxType ?? productType)}`;
    default:
      return `catalogue.kinds.${String(attributes.material ?? attributes.frameType)}`;
  }
}
