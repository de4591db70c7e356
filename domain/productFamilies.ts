/**
 * Where a shopper starts each product family of the product overview: cards and
 * calendars on their own browsing pages, everything else straight in the configurator
 * with the chosen kind (a photo book type, a material …) already set.
 */
export const PRODUCT_FAMILIES = [
  "card",
  "calendar",
  "photobook",
  "photobox",
  "photoprint",
  "photoframe",
  "collage",
] as const;
export type ProductFamily = (typeof PRODUCT_FAMILIES)[number];

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
