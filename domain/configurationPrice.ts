/**
 * The one price rule set: what a configuration costs, in minor units, from a catalogue's
 * articles and their quantity tiers for one country. Every price the shop shows or charges
 * (product pages, price endpoints, the designer, the cart) comes from `configurationPrice`
 * or the tier rule below it; nothing else multiplies a tier.
 */
import {
  cardFormatClass,
  cardAccessoryPriceMinor,
  type MinorPrice,
  type QuantityTier,
} from "./cataloguePrices";
import { isFrameType, frameOptionProblem, type FrameOptions } from "./frames";
import type { Country } from "./locales";
import { isPhotoboxQuantityOf } from "./photobox";
import { defaultOption, isOptionGroup, optionArticle, optionProblem } from "./wallArtOptions";

/** What the rules read of a catalogue article. */
export interface PricedArticle {
  article: string;
  kind: string;
  format: string | null;
  formatGroup: string | null;
  attributes: Readonly<Record<string, unknown>>;
}

/** A catalogue as the price rules see it: its articles and their tiers in a country. */
export interface PriceCatalogue {
  article(id: string): PricedArticle | undefined;
  tiers(article: string): readonly QuantityTier[];
}

/** A configuration to price: the article chosen and what comes with it. */
export type Configuration =
  | { product: "article"; article: string; quantity: number }
  | { product: "photobook"; article: string; pages: number; quantity: number }
  | {
      product: "card";
      article: string;
      refinement: string;
      /** An envelope article per card, or null. */
      envelope: string | null;
      quantity: number;
    }
  | { product: "accessory"; article: string; quantity: number }
  | { product: "photobox"; article: string; quantity: number }
  | {
      product: "wallart";
      article: string;
      frame: string | null;
      /** The material's chosen options by group (edge, stretcher depth …); none: defaults. */
      options?: Readonly<Record<string, string>>;
      /** The frame's colour, mat and glazing; what is left out is the frame's default. */
      frameOptions?: FrameOptions;
      quantity: number;
    };

/** Why a configuration has no price, naming the part that is wrong. */
export interface Unpriced {
  field: "article" | "pages" | "refinement" | "envelope" | "frame" | "options" | "quantity";
  message: string;
}

export type Priced = { ok: true; price: MinorPrice } | ({ ok: false } & Unpriced);

/**
 * The price of `quantity` pieces: the tier with the highest minimum not above the quantity
 * applies to every piece. Null without a tier for the quantity.
 */
export function tierPrice(tiers: readonly QuantityTier[], quantity: number): MinorPrice | null {
  let tier: QuantityTier | undefined;
  for (const t of tiers)
    if (t.minQuantity <= quantity && (!tier || t.minQuantity > tier.minQuantity)) tier = t;
  if (!tier) return null;
  return {
    current: tier.unit * quantity,
    original: tier.unitOriginal ? tier.unitOriginal * quantity : null,
  };
}

/**
 * Two prices together: an addition without a crossed-out price of its own adds its
 * current price to the crossed-out one, so the discount stays the base's.
 */
export function addPrices(base: MinorPrice, addition: MinorPrice | null): MinorPrice {
  if (!addition) return base;
  return {
    current: base.current + addition.current,
    original:
      base.original === null ? null : base.original + (addition.original ?? addition.current),
  };
}

/** A price times a number of copies. */
export function timesQuantity(price: MinorPrice, quantity: number): MinorPrice {
  return {
    current: price.current * quantity,
    original: price.original === null ? null : price.original * quantity,
  };
}

/** Envelopes and inlays come in a card's size; the other accessories in one size. */
const isSized = (a: PricedArticle) => a.formatGroup === "envelope" || a.formatGroup === "inlay";

/**
 * The price of `quantity` accessories: in Germany, Austria and Switzerland an envelope or
 * inlay costs the fixed price of the card format class it is made for (the card's, when
 * bought with one); anything else its tiers.
 */
export function accessoryPrice(
  catalogue: PriceCatalogue,
  country: Country,
  a: PricedArticle,
  quantity: number,
  card: PricedArticle | null = null,
): MinorPrice | null {
  const format = card ? card.format : a.format;
  const formatClass = format && isSized(a) ? cardFormatClass(format) : null;
  const fixed = formatClass ? cardAccessoryPriceMinor(formatClass, country) : null;
  if (fixed === null) return tierPrice(catalogue.tiers(a.article), quantity);
  return { current: fixed * quantity, original: null };
}

/**
 * What one option value of a wall-art material adds for `quantity` pieces: nothing for a
 * group's default or a value the catalogue sells at no charge (no surcharge article), else
 * its article's tiers. Never discounted: it adds to the crossed-out price too.
 */
export function optionSurcharge(
  catalogue: PriceCatalogue,
  group: string,
  value: string,
  quantity: number,
): MinorPrice {
  const none = { current: 0, original: null };
  if (!isOptionGroup(group) || value === defaultOption(group)) return none;
  const article = optionArticle(group, value);
  if (!catalogue.article(article)) return none;
  const price = tierPrice(catalogue.tiers(article), quantity);
  return price ? { current: price.current, original: null } : none;
}

/** The page limits a photo book article carries. */
export function pageLimits(book: PricedArticle) {
  const { pagesMin, pagesMax, pagesStep } = book.attributes as {
    pagesMin: number;
    pagesMax: number;
    pagesStep: number;
  };
  return { min: pagesMin, max: pagesMax, step: pagesStep };
}

/**
 * The whole price of a configuration in the catalogue's country: the article's tiers for
 * the quantity, a photo book's extra pages per step above its minimum, a card's refinement
 * and envelopes, a picture's frame only when one is chosen (its colour, mat and glazing
 * checked against what the frame type sells), a photo box's steps.
 */
export function configurationPrice(
  catalogue: PriceCatalogue,
  country: Country,
  config: Configuration,
): Priced {
  const fail = (field: Unpriced["field"], message: string): Priced => ({
    ok: false,
    field,
    message,
  });
  const a = catalogue.article(config.article);
  if (!a) return fail("article", `No article ${config.article}`);
  const tiers = (article: string, quantity: number) =>
    tierPrice(catalogue.tiers(article), quantity);
  switch (config.product) {
    case "article": {
      const price = tiers(a.article, config.quantity);
      return price ? { ok: true, price } : fail("article", `No price for ${a.article}`);
    }
    case "accessory": {
      const price = accessoryPrice(catalogue, country, a, config.quantity);
      return price ? { ok: true, price } : fail("article", `No price for ${a.article}`);
    }
    case "photobox": {
      // The grid's steps, up to the box type's own most (a small box holds 250).
      const most = a.attributes.maxQuantity;
      if (!isPhotoboxQuantityOf(config.quantity, typeof most === "number" ? most : undefined))
        return fail(
          "quantity",
          typeof most === "number"
            ? `quantity is not one of the photobox steps up to ${most}`
            : "quantity is not one of the photobox steps",
        );
      const price = tiers(a.article, config.quantity);
      return price ? { ok: true, price } : fail("article", `No price for ${a.article}`);
    }
    case "photobook": {
      const limits = pageLimits(a);
      const { pages } = config;
      if (pages < limits.min || pages > limits.max || (pages - limits.min) % limits.step !== 0)
        return fail(
          "pages",
          `pages must be ${limits.min} to ${limits.max} in steps of ${limits.step}`,
        );
      const base = tiers(a.article, 1);
      const extra = tiers(`${a.article}-extra-pages`, 1);
      if (!base || !extra) return fail("article", `No price for ${a.article}`);
      const steps = (pages - limits.min) / limits.step;
      // Extra pages are never discounted: they add to both prices.
      const unit = addPrices(base, { current: steps * extra.current, original: null });
      return { ok: true, price: timesQuantity(unit, config.quantity) };
    }
    case "card": {
      const base = tiers(a.article, config.quantity);
      if (!base) return fail("article", `No price for ${a.article}`);
      let price = base;
      if (config.refinement !== "none") {
        const refinement = tiers(`card-refinement-${config.refinement}`, config.quantity);
        if (!refinement)
          return fail("refinement", `no refinement ${config.refinement} in this shop`);
        price = addPrices(price, { current: refinement.current, original: null });
      }
      if (config.envelope !== null) {
        const envelope = catalogue.article(config.envelope);
        const envelopes =
          envelope && accessoryPrice(catalogue, country, envelope, config.quantity, a);
        if (!envelopes) return fail("envelope", `No envelope ${config.envelope}`);
        price = addPrices(price, { current: envelopes.current, original: null });
      }
      return { ok: true, price };
    }
    case "wallart": {
      const base = tiers(a.article, config.quantity);
      if (!base) return fail("article", `No price for ${a.article}`);
      // The material's options: each one it offers adds its surcharge; another's is refused.
      const options = config.options ?? {};
      const problem = optionProblem(String(a.attributes.material ?? ""), options);
      if (problem) return fail("options", problem);
      let picture = base;
      for (const [group, value] of Object.entries(options))
        picture = addPrices(picture, optionSurcharge(catalogue, group, value, config.quantity));
      const frameOptions = config.frameOptions ?? {};
      if (config.frame === null)
        return Object.keys(frameOptions).length === 0
          ? { ok: true, price: picture }
          : fail("frame", "frame options without a frame");
      const frameArticle = catalogue.article(config.frame);
      const frame = tiers(config.frame, config.quantity);
      if (!frameArticle || !frame) return fail("frame", `No frame ${config.frame} in ${a.format}`);
      const frameType = frameArticle.formatGroup ?? "";
      const frameProblem = isFrameType(frameType)
        ? frameOptionProblem(frameType, frameOptions)
        : `No frame type ${frameType}`;
      if (frameProblem) return fail("frame", frameProblem);
      // The frame's colour, mat and glazing are checked, never added: the catalogue sells
      // each frame with any of its finishes, its mat and its glazing at the frame's one
      // price (it has no surcharge article for them), so they change what is made, not
      // what it costs.
      return { ok: true, price: addPrices(picture, { current: frame.current, original: null }) };
    }
  }
}
