import { describe, expect, it } from "vitest";
import {
  accessoryPrice,
  addPrices,
  configurationPrice,
  tierPrice,
  type PriceCatalogue,
  type PricedArticle,
} from "./configurationPrice";
import type { QuantityTier } from "./cataloguePrices";

const article = (
  id: string,
  kind: string,
  format: string | null = null,
  formatGroup: string | null = null,
  attributes: Record<string, unknown> = {},
): PricedArticle => ({ article: id, kind, format, formatGroup, attributes });

/** A small catalogue: a card, its refinement and envelopes, a book, a picture, a frame, a photo box. */
const ARTICLES = [
  article("card-148x105", "card", "148x105", "folded-card"),
  article("card-refinement-gold", "card-refinement"),
  article("envelope-c6", "card-accessory", "162x114", "envelope"),
  article("sticker", "card-accessory", null, "sticker"),
  article("book-20x20", "photobook", "200x200", "digitalfotobuch", {
    pagesMin: 24,
    pagesMax: 120,
    pagesStep: 4,
  }),
  article("book-20x20-extra-pages", "photobook-pages"),
  article("canvas-600x400", "wallart", "600x400", "leinwand"),
  article("frame-600x400", "frame", "600x400", "holzrahmen"),
  article("poster-600x400", "wallart", "600x400", "poster"),
  article("frame-fotorahmen-600x400", "frame", "600x400", "fotorahmen"),
  article("frame-shadow-600x400", "frame", "600x400", "schattenfuge-leinwand"),
  article("photobox-small", "photobox", "130x90", "small", { maxQuantity: 250 }),
  // Sold no longer: no tiers.
  article("retired-poster", "wallart", "300x200", "poster"),
];
const TIERS: Record<string, QuantityTier[]> = {
  "card-148x105": [
    { minQuantity: 1, unit: 229, unitOriginal: 300 },
    { minQuantity: 10, unit: 206 },
    { minQuantity: 50, unit: 183 },
  ],
  "card-refinement-gold": [
    { minQuantity: 1, unit: 100 },
    { minQuantity: 50, unit: 80 },
  ],
  "envelope-c6": [{ minQuantity: 1, unit: 40 }],
  sticker: [{ minQuantity: 1, unit: 150 }],
  "book-20x20": [{ minQuantity: 1, unit: 1899, unitOriginal: 2499 }],
  "book-20x20-extra-pages": [{ minQuantity: 1, unit: 100 }],
  "canvas-600x400": [{ minQuantity: 1, unit: 3195, unitOriginal: 3995 }],
  "frame-600x400": [{ minQuantity: 1, unit: 5395 }],
  "poster-600x400": [{ minQuantity: 1, unit: 1995 }],
  "frame-fotorahmen-600x400": [{ minQuantity: 1, unit: 2495 }],
  "frame-shadow-600x400": [{ minQuantity: 1, unit: 4995 }],
  "photobox-small": [
    { minQuantity: 1, unit: 19, unitOriginal: 25 },
    { minQuantity: 100, unit: 15 },
  ],
};
const catalogue: PriceCatalogue = {
  article: (id) => ARTICLES.find((a) => a.article === id),
  tiers: (id) => TIERS[id] ?? [],
};
const price = (config: Parameters<typeof configurationPrice>[2], country: "DE" | "US" = "US") => {
  const priced = configurationPrice(catalogue, country, config);
  if (!priced.ok) throw new Error(`${priced.field}: ${priced.message}`);
  return priced.price;
};
const refused = (config: Parameters<typeof configurationPrice>[2]) => {
  const priced = configurationPrice(catalogue, "US", config);
  return priced.ok ? null : priced.field;
};

describe("the tier rule", () => {
  it("applies the tier with the highest minimum not above the quantity to every piece", () => {
    const tiers = TIERS["card-148x105"]!;
    expect(tierPrice(tiers, 9)).toEqual({ current: 9 * 229, original: 9 * 300 });
    expect(tierPrice(tiers, 10)).toEqual({ current: 10 * 206, original: null });
    expect(tierPrice(tiers, 75)).toEqual({ current: 75 * 183, original: null });
  });

  it("reads tiers in any order", () => {
    expect(tierPrice([...TIERS["card-148x105"]!].reverse(), 12)?.current).toBe(12 * 206);
  });

  it("has no price below the lowest tier or without tiers", () => {
    expect(tierPrice([{ minQuantity: 5, unit: 100 }], 4)).toBeNull();
    expect(tierPrice([], 1)).toBeNull();
  });
});

describe("adding prices", () => {
  it("adds an addition without a crossed-out price to both prices of the base", () => {
    expect(addPrices({ current: 100, original: 150 }, { current: 20, original: null })).toEqual({
      current: 120,
      original: 170,
    });
    expect(addPrices({ current: 100, original: null }, { current: 20, original: null })).toEqual({
      current: 120,
      original: null,
    });
  });
});

describe("the price of a configuration", () => {
  it("prices a plain article by its tiers for the quantity", () => {
    expect(price({ product: "article", article: "canvas-600x400", quantity: 2 })).toEqual({
      current: 6390,
      original: 7990,
    });
  });

  it("adds a photo book's extra pages per step above its minimum, for every copy", () => {
    expect(price({ product: "photobook", article: "book-20x20", pages: 24, quantity: 1 })).toEqual({
      current: 1899,
      original: 2499,
    });
    // 60 pages: nine steps of four above 24.
    expect(price({ product: "photobook", article: "book-20x20", pages: 60, quantity: 2 })).toEqual({
      current: 2 * (1899 + 900),
      original: 2 * (2499 + 900),
    });
  });

  it("refuses a page count off the book's grid or outside its limits", () => {
    expect(refused({ product: "photobook", article: "book-20x20", pages: 25, quantity: 1 })).toBe(
      "pages",
    );
    expect(refused({ product: "photobook", article: "book-20x20", pages: 124, quantity: 1 })).toBe(
      "pages",
    );
  });

  it("adds a card's refinement at the refinement's tier for the same quantity", () => {
    expect(
      price({
        product: "card",
        article: "card-148x105",
        refinement: "gold",
        envelope: null,
        quantity: 50,
      }),
    ).toEqual({ current: 50 * 183 + 50 * 80, original: null });
    expect(
      refused({
        product: "card",
        article: "card-148x105",
        refinement: "platinum",
        envelope: null,
        quantity: 10,
      }),
    ).toBe("refinement");
  });

  it("adds one envelope per card: the catalogue's price abroad, the card's format class price in DE", () => {
    const config = {
      product: "card" as const,
      article: "card-148x105",
      refinement: "none",
      envelope: "envelope-c6",
      quantity: 10,
    };
    expect(price(config, "US").current).toBe(10 * 206 + 10 * 40);
    // A 148x105 card is of the standard class: 0,95 € per envelope in Germany.
    expect(price(config, "DE").current).toBe(10 * 206 + 10 * 95);
    expect(refused({ ...config, envelope: "no-such-envelope" })).toBe("envelope");
  });

  it("prices an accessory on its own by its tiers, or a sized one by its format class in DE", () => {
    const sticker = catalogue.article("sticker")!;
    const envelope = catalogue.article("envelope-c6")!;
    expect(accessoryPrice(catalogue, "DE", sticker, 3)?.current).toBe(450);
    expect(accessoryPrice(catalogue, "US", envelope, 3)?.current).toBe(120);
    expect(accessoryPrice(catalogue, "DE", envelope, 3)?.current).toBe(3 * 95);
  });

  it("adds a frame only when one is chosen", () => {
    const picture = { product: "wallart" as const, article: "canvas-600x400", quantity: 1 };
    expect(price({ ...picture, frame: null })).toEqual({ current: 3195, original: 3995 });
    expect(price({ ...picture, frame: "frame-600x400" })).toEqual({
      current: 3195 + 5395,
      original: 3995 + 5395,
    });
    expect(refused({ ...picture, frame: "frame-900x600" })).toBe("frame");
  });

  it("sells a frame in any of its colours, with or without a mat and in either glazing at the frame's one price", () => {
    // The catalogue has no surcharge for a frame's finish, mat or glazing: the frame's
    // price is the same whichever the shopper picks.
    const framed = {
      product: "wallart" as const,
      article: "poster-600x400",
      frame: "frame-600x400",
      quantity: 2,
    };
    const plain = price(framed);
    expect(plain).toEqual({ current: 2 * (1995 + 5395), original: null });
    for (const frameOptions of [
      { frameColour: "walnut" },
      { frameColour: "black", matType: "mat-weiss", matSize: "30", matColour: "cream" },
      { glass: "museum-acrylic", matType: "mat-none" },
      { frameColour: "oak", matType: "mat-weiss", matSize: "30", glass: "museum-glass" },
    ])
      expect(price({ ...framed, frameOptions })).toEqual(plain);
  });

  it("refuses a frame colour, mat or glazing the frame type is not sold with", () => {
    const framed = {
      product: "wallart" as const,
      article: "poster-600x400",
      frame: "frame-600x400",
      quantity: 1,
    };
    // Wood comes in walnut, not in gold; the mat is 30 mm wide; the glazing is one of two.
    expect(refused({ ...framed, frameOptions: { frameColour: "angular-gold" } })).toBe("frame");
    expect(refused({ ...framed, frameOptions: { matType: "mat-weiss", matSize: "50" } })).toBe(
      "frame",
    );
    expect(refused({ ...framed, frameOptions: { matColour: "pink" } })).toBe("frame");
    expect(refused({ ...framed, frameOptions: { glass: "float-glass" } })).toBe("frame");
    // The standing photo frame has no glazing to choose; a shadow gap takes no mat.
    const standing = { ...framed, frame: "frame-fotorahmen-600x400" };
    expect(price({ ...standing, frameOptions: { frameColour: "baroque" } })?.current).toBe(
      1995 + 2495,
    );
    expect(refused({ ...standing, frameOptions: { glass: "museum-glass" } })).toBe("frame");
    const canvas = { ...framed, article: "canvas-600x400", frame: "frame-shadow-600x400" };
    expect(price({ ...canvas, frameOptions: { frameColour: "black-lacquer" } })?.current).toBe(
      3195 + 4995,
    );
    expect(
      refused({
        ...canvas,
        frameOptions: { matType: "mat-weiss", matSize: "30", matColour: "white" },
      }),
    ).toBe("frame");
    // A frame's options without a frame name nothing that is made.
    expect(refused({ ...framed, frame: null, frameOptions: { frameColour: "oak" } })).toBe("frame");
  });

  it("prices a photo box by its tiers on the quantity steps only", () => {
    const box = { product: "photobox" as const, article: "photobox-small" };
    expect(price({ ...box, quantity: 50 })).toEqual({ current: 950, original: 1250 });
    expect(price({ ...box, quantity: 100 })).toEqual({ current: 1500, original: null });
    expect(refused({ ...box, quantity: 7 })).toBe("quantity");
  });

  it("refuses a photo box above its type's most, on the grid or not", () => {
    const box = { product: "photobox" as const, article: "photobox-small" };
    expect(price({ ...box, quantity: 250 })).not.toBeNull();
    expect(refused({ ...box, quantity: 260 })).toBe("quantity");
    expect(refused({ ...box, quantity: 900 })).toBe("quantity");
  });

  it("names the article when the catalogue has no such article or no price for it", () => {
    expect(refused({ product: "article", article: "nothing", quantity: 1 })).toBe("article");
    expect(refused({ product: "article", article: "retired-poster", quantity: 1 })).toBe("article");
  });
});
