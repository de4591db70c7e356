/**
 * The seed catalogue files (`catalogue/{channel}/*.json`) and their schemas. Every
 * vocabulary value is checked against `domain/catalogue.ts`, every format must be a
 * 'WxH' mm string, and every price list must cover the four currencies, so a typo in a
 * seed file stops the import with the file and the field named.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CHANNEL_IDS, type ChannelId } from "../../config/channels";
import { COUNTRY_CODES, type Country } from "../../domain/locales";
import { currencyOfCountry } from "../../domain/cataloguePrices";
import {
  CALENDAR_FORMATS,
  CALENDAR_MOUNTINGS,
  CALENDAR_TYPES,
  CARD_ACCESSORY_TYPES,
  CARD_ASPECT_RATIOS,
  CARD_COLORS,
  CARD_LABELS,
  CARD_PRODUCTS,
  CARD_PUNCHINGS,
  CARD_STYLES,
  DESIGN_STATUSES,
  FRAME_TYPES,
  MATERIALS,
  OCCASIONS,
  OPTION_GROUP_NAMES,
  PAPER_FINISHES,
  PHOTOBOOK_BINDINGS,
  PHOTOBOOK_CATEGORY_IDS,
  PHOTOBOOK_COVER_LAMINATIONS,
  PHOTOBOOK_COVERS,
  PHOTOBOOK_FORMAT_KEYS,
  PHOTOBOOK_ORIENTATIONS,
  PHOTOBOOK_PAPERS,
  PHOTOBOOK_TYPES,
  PHOTOBOOK_VARIANT_KEYS,
  PHOTOBOX_TYPES,
  PRINT_RATIOS,
  type OptionGroup,
} from "../../domain/catalogue";
import { isValidFormat } from "../../domain/formats";
import { isOptionValue, optionArticle } from "../../domain/wallArtOptions";
import { PRODUCT_FAMILIES, PRODUCT_TYPES } from "../../domain/productFamilies";

const format = z.string().refine(isValidFormat, "a 'WxH' format in mm");
const minor = z.number().int().nonnegative();
const tier = z
  .object({ minQuantity: z.number().int().min(1), current: minor, original: minor.optional() })
  .strict();
const priceList = z.array(tier).min(1);
const prices = z
  .object({ eur: priceList, chf: priceList, gbp: priceList, usd: priceList })
  .strict();

const calendarAttributes = z.object({
  calendarType: z.enum(CALENDAR_TYPES),
  formatCode: z.enum(Object.keys(CALENDAR_FORMATS) as [string, ...string[]]),
  mounting: z.enum(CALENDAR_MOUNTINGS),
  months: z.number().int().min(1).max(24),
  designGroupId: z.number().int(),
});
const photobookAttributes = z.object({
  photobookType: z.enum(PHOTOBOOK_TYPES),
  cover: z.enum(PHOTOBOOK_COVERS),
  binding: z.enum(PHOTOBOOK_BINDINGS),
  paper: z.enum(PHOTOBOOK_PAPERS),
  coverLamination: z.enum(PHOTOBOOK_COVER_LAMINATIONS),
  variantKey: z.enum(PHOTOBOOK_VARIANT_KEYS),
  formatKey: z.enum(PHOTOBOOK_FORMAT_KEYS as [string, ...string[]]),
  pagesMin: z.number().int().positive(),
  pagesMax: z.number().int().positive(),
  pagesStep: z.number().int().positive(),
  printing: z.enum(["digital", "photo"]),
});
const photoboxAttributes = z.object({
  photoboxType: z.enum(PHOTOBOX_TYPES),
  paperFinish: z.enum(PAPER_FINISHES),
  paper: z.string(),
  maxQuantity: z.number().int().min(1).max(5000),
  boxPriceIncluded: z.boolean(),
});
const wallartAttributes = z.object({
  material: z.enum(MATERIALS),
  ratio: z.enum(PRINT_RATIOS),
  variants: z.array(z.string()).min(1),
});

/** The attributes each kind of article must carry. */
export const ATTRIBUTE_SCHEMAS = {
  calendar: calendarAttributes,
  photobook: photobookAttributes,
  "photobook-pages": z.object({ forArticle: z.string(), pages: z.number().int().positive() }),
  photobox: photoboxAttributes,
  photoprint: photoboxAttributes,
  card: z.object({ product: z.enum(CARD_PRODUCTS), refinements: z.array(z.string()) }),
  "card-refinement": z.object({ refinement: z.enum(["gold", "relief", "rosegold", "silver"]) }),
  "card-accessory": z.object({
    accessoryType: z.enum(CARD_ACCESSORY_TYPES),
    envelope: z.string().optional(),
    colours: z.array(z.string()).optional(),
  }),
  "gift-voucher": z.object({ value: z.number().int().positive(), delivery: z.array(z.string()) }),
  express: z.object({
    forArticle: z.string(),
    productionHours: z.number().int().positive(),
    cutOff: z.string().regex(/^\d\d:\d\d$/),
  }),
  wallart: wallartAttributes,
  frame: z.object({
    frameType: z.enum(FRAME_TYPES),
    matTypes: z.array(z.enum(["mat-none", "mat-weiss"])),
    matSizes: z.array(z.number().int()),
    glass: z.array(z.enum(["museum-glass", "museum-acrylic"])),
    back: z.literal("normal"),
  }),
  collage: z.object({ material: z.enum(MATERIALS), ratio: z.enum(PRINT_RATIOS) }),
  // What a wall-art option value adds per piece (a deeper stretcher frame, drilled corners).
  "wallart-option": z
    .object({
      group: z.enum(OPTION_GROUP_NAMES),
      value: z.string(),
    })
    .refine((o) => isOptionValue(o.group, o.value), "a value of the option group"),
} as const;
export type ArticleKind = keyof typeof ATTRIBUTE_SCHEMAS;
export const ARTICLE_KINDS = Object.keys(ATTRIBUTE_SCHEMAS) as ArticleKind[];

const articleSchema = z
  .object({
    article: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{0,119}$/, "lowercase letters, digits, '-' and '.'"),
    kind: z.enum(ARTICLE_KINDS as [ArticleKind, ...ArticleKind[]]),
    productType: z.enum(PRODUCT_TYPES),
    format: format.optional(),
    formatGroup: z.string().min(1).optional(),
    attributes: z.record(z.string(), z.unknown()),
    prices,
    sortOrder: z.number().int(),
  })
  .strict()
  .superRefine((a, ctx) => {
    const parsed = ATTRIBUTE_SCHEMAS[a.kind].safeParse(a.attributes);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({
          code: "custom",
          path: ["attributes", ...issue.path],
          message: issue.message,
        });
    }
    // An option's surcharge is found by its name: the name must be the one the rules ask for.
    if (a.kind === "wallart-option") {
      const { group, value } = a.attributes as { group: OptionGroup; value: string };
      if (a.article !== optionArticle(group, value))
        ctx.addIssue({
          code: "custom",
          path: ["article"],
          message: `an option's article is named ${optionArticle(group, value)}`,
        });
    }
  });
export type SeedArticle = z.infer<typeof articleSchema>;

const themeSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,80}$/),
    occasion: z.enum(OCCASIONS),
    category: z.enum(["private", "business"]),
    color: z.enum(CARD_COLORS),
    style: z.enum(CARD_STYLES),
    aspectRatio: z.enum(CARD_ASPECT_RATIOS),
    label: z.enum(CARD_LABELS).nullable(),
    product: z.enum([...CARD_PRODUCTS, "collage"]),
    punching: z.enum(CARD_PUNCHINGS),
    format,
    article: z.string(),
    popularity: z.number().int().nonnegative(),
    status: z.enum(DESIGN_STATUSES),
    names: z
      .record(z.string(), z.string().min(1))
      .refine((n) => "en" in n && "de" in n, "de and en names"),
    palette: z
      .array(z.string().regex(/^#[0-9a-f]{6}$/))
      .min(1)
      .max(4),
    createdAt: z.iso.datetime(),
  })
  .strict();
export type SeedTheme = z.infer<typeof themeSchema>;

const designGroupSchema = z
  .object({
    kind: z.enum(["calendar", "photobook", "collage"]),
    id: z.number().int().positive(),
    setId: z.number().int().positive().optional(),
    name: z.string().min(1),
    attributes: z.record(z.string(), z.unknown()),
  })
  .strict()
  .superRefine((g, ctx) => {
    if (g.kind !== "photobook") return;
    const a = g.attributes;
    if (g.setId === undefined)
      ctx.addIssue({ code: "custom", path: ["setId"], message: "required" });
    if (!PHOTOBOOK_CATEGORY_IDS.includes(a.categoryId as number))
      ctx.addIssue({
        code: "custom",
        path: ["attributes", "categoryId"],
        message: "unknown category",
      });
    if (!(PHOTOBOOK_ORIENTATIONS as readonly unknown[]).includes(a.orientation))
      ctx.addIssue({
        code: "custom",
        path: ["attributes", "orientation"],
        message: "unknown orientation",
      });
  });
export type SeedDesignGroup = z.infer<typeof designGroupSchema>;

const country = z.enum(COUNTRY_CODES as [Country, ...Country[]]);
const byCurrency = z.partialRecord(z.enum(["eur", "chf", "gbp", "usd"]), minor);
const voucherSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9-]{4,40}$/),
    // "shipping" waives the cart's shipping; it carries no amount of its own.
    kind: z.enum(["voucher", "gift", "shipping"]),
    countries: z.array(country).min(1),
    percent: z.number().int().min(1).max(100).optional(),
    valueMinor: minor.optional(),
    minOrderMinor: minor.optional(),
    amounts: byCurrency.optional(),
    minOrder: byCurrency.optional(),
    maxTotal: z.number().int().positive().optional(),
    maxPerCustomer: z.number().int().positive().optional(),
    // The product families (as cart lines name them) it discounts; absent: the whole cart.
    products: z
      .array(z.enum([...PRODUCT_FAMILIES, "accessory"]))
      .min(1)
      .optional(),
    validFrom: z.iso.datetime(),
    validUntil: z.iso.datetime(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const given = [v.percent, v.valueMinor, v.amounts].filter((x) => x !== undefined).length;
    if (v.kind === "shipping" ? given !== 0 : given !== 1)
      ctx.addIssue({ code: "custom", message: "one of percent, valueMinor or amounts" });
    if (v.minOrderMinor !== undefined && v.minOrder !== undefined)
      ctx.addIssue({ code: "custom", message: "minOrderMinor or minOrder, not both" });
    // Money per currency must cover every currency the voucher's countries pay in.
    for (const field of ["amounts", "minOrder"] as const) {
      const table = v[field];
      if (!table) continue;
      for (const c of v.countries)
        if (table[currencyOfCountry(c)] === undefined)
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: `no ${currencyOfCountry(c)} amount for ${c}`,
          });
    }
  });
export type SeedVoucher = z.infer<typeof voucherSchema>;

const shippingSchema = z
  .object({
    country,
    method: z.enum(["standard", "express"]),
    priceMinor: minor,
    freeFromMinor: minor.nullable(),
    daysMin: z.number().int().positive(),
    daysMax: z.number().int().positive(),
  })
  .strict();
export type SeedShipping = z.infer<typeof shippingSchema>;

const skuSchema = z
  .object({
    sku: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
    articles: z.array(z.string()).min(1),
    attributes: z.record(z.string(), z.unknown()),
  })
  .strict();
export type SeedSkuContainer = z.infer<typeof skuSchema>;

/** The files of one channel and the list each holds. */
export const SEED_FILES = {
  "articles.json": z.object({ articles: z.array(articleSchema) }).strict(),
  "themes.json": z.object({ themes: z.array(themeSchema) }).strict(),
  "design-groups.json": z.object({ designGroups: z.array(designGroupSchema) }).strict(),
  "vouchers.json": z.object({ vouchers: z.array(voucherSchema) }).strict(),
  "shipping.json": z.object({ shipping: z.array(shippingSchema) }).strict(),
  "sku-containers.json": z.object({ skuContainers: z.array(skuSchema) }).strict(),
} as const;

export interface ChannelSeed {
  articles: SeedArticle[];
  themes: SeedTheme[];
  designGroups: SeedDesignGroup[];
  vouchers: SeedVoucher[];
  shipping: SeedShipping[];
  skuContainers: SeedSkuContainer[];
}

export interface CatalogueSeed {
  channels: Record<ChannelId, ChannelSeed>;
  /** SHA-256 over every file's name and bytes. */
  hash: string;
}

/** Reads and validates `dir`; throws naming the file and the field on the first problem. */
export function readCatalogueSeed(dir: string): CatalogueSeed {
  const hash = createHash("sha256");
  const channels = {} as Record<ChannelId, ChannelSeed>;
  for (const channel of CHANNEL_IDS) {
    const seed: Partial<ChannelSeed> = {};
    for (const [file, schema] of Object.entries(SEED_FILES)) {
      const full = path.join(dir, channel, file);
      if (!existsSync(full)) throw new Error(`catalogue/${channel}/${file} is missing`);
      const bytes = readFileSync(full);
      hash.update(`${channel}/${file}\n`).update(bytes);
      let json: unknown;
      try {
        json = JSON.parse(bytes.toString("utf8"));
      } catch (error) {
        throw new Error(`catalogue/${channel}/${file}: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success)
        throw new Error(`catalogue/${channel}/${file}: ${z.prettifyError(parsed.error)}`);
      Object.assign(seed, parsed.data);
    }
    channels[channel] = checkReferences(channel, seed as ChannelSeed);
  }
  return { channels, hash: hash.digest("hex") };
}

/** Articles are unique, and themes, SKU containers and add-ons name existing articles. */
function checkReferences(channel: ChannelId, seed: ChannelSeed): ChannelSeed {
  const ids = new Set<string>();
  for (const a of seed.articles) {
    if (ids.has(a.article)) throw new Error(`catalogue/${channel}: article ${a.article} twice`);
    ids.add(a.article);
  }
  const must = (id: string, where: string) => {
    if (!ids.has(id)) throw new Error(`catalogue/${channel}/${where}: unknown article ${id}`);
  };
  for (const t of seed.themes) must(t.article, `themes.json ${t.id}`);
  for (const s of seed.skuContainers)
    for (const id of s.articles) must(id, `sku-containers.json ${s.sku}`);
  for (const a of seed.articles) {
    const target = (a.attributes as { forArticle?: string }).forArticle;
    if (target) must(target, `articles.json ${a.article}`);
  }
  return seed;
}
