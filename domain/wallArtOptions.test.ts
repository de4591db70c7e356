import { describe, expect, it } from "vitest";
import { CART_OPTION_KEYS, cartOptions } from "./cart";
import { MATERIAL_OPTION_GROUPS, MATERIALS, OPTION_GROUP_NAMES } from "./catalogue";
import type { QuantityTier } from "./cataloguePrices";
import {
  configurationPrice,
  optionSurcharge,
  type PriceCatalogue,
  type PricedArticle,
} from "./configurationPrice";
import { designerRequest } from "./designerLinks";
import {
  EXPLAINED_OPTIONS,
  optionArticle,
  optionLabel,
  optionProblem,
  optionsInQuery,
} from "./wallArtOptions";

const canvas: PricedArticle = {
  article: "wallart-leinwand-600x400",
  kind: "wallart",
  format: "600x400",
  formatGroup: "leinwand",
  attributes: { material: "leinwand" },
};
const poster: PricedArticle = {
  article: "wallart-poster-600x400",
  kind: "wallart",
  format: "600x400",
  formatGroup: "poster",
  attributes: { material: "poster" },
};
const deepFrame: PricedArticle = {
  article: optionArticle("canvasStretcherFrame", "38"),
  kind: "wallart-option",
  format: null,
  formatGroup: "option",
  attributes: { group: "canvasStretcherFrame", value: "38" },
};
const TIERS: Record<string, QuantityTier[]> = {
  [canvas.article]: [{ minQuantity: 1, unit: 3995, unitOriginal: 4995 }],
  [poster.article]: [{ minQuantity: 1, unit: 1495 }],
  [deepFrame.article]: [{ minQuantity: 1, unit: 800 }],
};
const catalogue: PriceCatalogue = {
  article: (id) => [canvas, poster, deepFrame].find((a) => a.article === id),
  tiers: (id) => TIERS[id] ?? [],
};
const price = (options: Record<string, string>, quantity = 1) =>
  configurationPrice(catalogue, "GB", {
    product: "wallart",
    article: canvas.article,
    frame: null,
    options,
    quantity,
  });

describe("a wall-art material's options", () => {
  it("reads only option groups with a valid value from a query", () => {
    expect(
      optionsInQuery({
        canvasEdge: "mirrored",
        canvasStretcherFrame: "40",
        drilling: "corners",
        materialType: "leinwand",
      }),
    ).toEqual({ canvasEdge: "mirrored", drilling: "corners" });
  });

  it("refuses a group the material does not offer and a value its group does not have", () => {
    expect(optionProblem("leinwand", { canvasEdge: "mirrored", canvasStretcherFrame: "38" })).toBe(
      null,
    );
    expect(optionProblem("poster", { canvasEdge: "mirrored" })).toMatch(/no option canvasEdge/);
    expect(optionProblem("leinwand", { canvasEdge: "glued" })).toMatch(/no value glued/);
  });

  it("names each option's surcharge article as the catalogue's ids are written", () => {
    expect(optionArticle("canvasStretcherFrame", "38")).toBe(
      "wallart-option-canvasstretcherframe-38",
    );
    for (const group of OPTION_GROUP_NAMES)
      expect(optionArticle(group, "x")).toMatch(/^[a-z0-9][a-z0-9.-]{0,119}$/);
  });

  it("writes a stretcher frame's depth in the shop's unit", () => {
    const t = (key: string) => (key.endsWith(".38") ? "Deep frame" : key);
    expect(optionLabel("canvasStretcherFrame", "38", "en-GB", t)).toBe("Deep frame (3.8 cm)");
    expect(optionLabel("canvasStretcherFrame", "38", "en-US", t)).toBe("Deep frame (1.5 in)");
  });

  it("explains the canvas edges and stretcher depths", () => {
    expect(EXPLAINED_OPTIONS.canvasEdge).toEqual(["coloured", "mirrored", "folded"]);
    expect(EXPLAINED_OPTIONS.canvasStretcherFrame).toEqual(["25", "38"]);
  });
});

describe("the price of a picture with options", () => {
  it("adds a paid option's surcharge, never discounted; a free one adds nothing", () => {
    const plain = price({});
    const chosen = price({ canvasEdge: "mirrored", canvasStretcherFrame: "38" });
    expect(plain).toEqual({ ok: true, price: { current: 3995, original: 4995 } });
    expect(chosen).toEqual({ ok: true, price: { current: 4795, original: 5795 } });
    expect(price({ canvasStretcherFrame: "25" })).toEqual(plain);
  });

  it("multiplies the surcharge with the pieces", () => {
    expect(optionSurcharge(catalogue, "canvasStretcherFrame", "38", 3)).toEqual({
      current: 2400,
      original: null,
    });
    expect(optionSurcharge(catalogue, "canvasEdge", "mirrored", 3)).toEqual({
      current: 0,
      original: null,
    });
  });

  it("refuses another material's option, naming the options", () => {
    const priced = configurationPrice(catalogue, "GB", {
      product: "wallart",
      article: poster.article,
      frame: null,
      options: { canvasEdge: "mirrored" },
      quantity: 1,
    });
    expect(priced).toMatchObject({ ok: false, field: "options" });
  });
});

describe("options on their way to the designer and the cart", () => {
  // The link passes on what reads like a catalogue value; the designer and the cart drop or
  // refuse a value the material does not sell.
  it("the designer link carries the material's options", () => {
    const request = designerRequest(
      {
        materialType: "leinwand",
        formatType: "600x400",
        canvasEdge: "mirrored",
        canvasStretcherFrame: "38",
        drilling: "<script>",
      },
      {
        locale: "en-GB",
        today: new Date("2026-01-01T00:00:00Z"),
        defaultCollageId: 13,
        defaultRefinement: "gold",
      },
    );
    const params = Object.fromEntries(request!.params);
    expect(params).toMatchObject({ canvasEdge: "mirrored", canvasStretcherFrame: "38" });
    expect(params.drilling).toBeUndefined();
  });

  it("a cart line keeps every option group of every material", () => {
    const groups = new Set(MATERIALS.flatMap((m) => MATERIAL_OPTION_GROUPS[m]));
    for (const group of groups) expect(CART_OPTION_KEYS).toContain(group);
    expect(
      cartOptions(new URLSearchParams("materialType=leinwand&canvasEdge=mirrored&x=1")),
    ).toEqual({ materialType: "leinwand", canvasEdge: "mirrored" });
  });
});
