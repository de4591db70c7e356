/**
 * The zod schemas of the catalogue API: query, path and body inputs (the same schemas
 * the loaders use to read a URL's query) and the response shapes the OpenAPI document
 * shows. Query arrays are written `name[]=a&name[]=b`; filters also take `a,b`.
 */
import { z } from "@hono/zod-openapi";
import {
  CALENDAR_FORMAT_CODES,
  CALENDAR_MOUNTINGS,
  CALENDAR_TYPES,
  CARD_ACCESSORY_TYPES,
  FRAME_TYPES,
  MATERIALS,
  PAPER_FINISHES,
  PHOTOBOOK_COVERS,
  PHOTOBOOK_FORMAT_KEYS,
  PHOTOBOOK_TYPES,
  PHOTOBOOK_VARIANT_KEYS,
  PHOTOBOX_TYPES,
  REFINEMENTS,
  THEME_SORTS,
} from "../../domain/catalogue";
import { CALCULATOR_PRODUCTS } from "../../domain/calculator";
import { isValidFormat } from "../../domain/formats";
import { DETAIL_KINDS, DETAIL_OPTIONS } from "../../domain/productDetails";
import { queryList } from "../../domain/themeQuery";

const enumOf = <T extends string>(list: readonly T[]) => z.enum(list as unknown as [T, ...T[]]);

const format = z
  .string()
  .refine(isValidFormat, "a format 'WxH' in mm")
  .openapi({ example: "600x400" });
const article = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]{0,119}$/, "an article id")
  .openapi({ example: "wallart-leinwand-600x400" });
const quantity = (max = 5000) => z.coerce.number().int().min(1).max(max).default(1);

export const headersSchema = z.object({
  "x-channel": z.string().optional().openapi({
    description: "Channel and country of the site, e.g. cards-DE; must match the host",
  }),
  "x-locale": z
    .string()
    .optional()
    .openapi({ description: "The visitor's locale, e.g. de-CH; one of the host country's" }),
});

export { themesQuery } from "../../domain/themeQuery";
export type { ThemesQuery } from "../../domain/themeBrowsing";

export const themeParams = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, "a theme id")
    .openapi({ param: { name: "id", in: "path" }, example: "hochzeit-001" }),
});

export const articleQuery = z.object({ article, quantity: quantity() });
export const accessoryListQuery = z.object({
  type: z
    .union([enumOf(CARD_ACCESSORY_TYPES), z.enum(["gold", "silver", "rosegold", "relief"])])
    .optional(),
});
/** The calculator's products, and the calendar, whose reference lists its types and formats. */
export const calculatorQuery = z.object({
  product: enumOf([...CALCULATOR_PRODUCTS, "calendar"]).optional(),
  sku: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "a SKU")
    .optional(),
});
export const calendarGroupQuery = z.object({ calendarType: enumOf(CALENDAR_TYPES).optional() });
export const calendarPriceQuery = z.object({
  calendarType: enumOf(CALENDAR_TYPES),
  format: enumOf(CALENDAR_FORMAT_CODES),
  mounting: enumOf(CALENDAR_MOUNTINGS),
  quantity: quantity(500),
});
export const formatGroupQuery = z.object({
  formatGroup: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, "a format group")
    .openapi({ example: "leinwand" }),
  product: z
    .string()
    .regex(/^[a-z-]{1,40}$/, "an article kind")
    .optional()
    .openapi({
      description:
        "The product (article kind: wallart, collage …) to list; default: the group's first",
      example: "wallart",
    }),
});
export const formatsQuery = formatGroupQuery.extend({ "formats[]": queryList(format) });
export type FormatGroupQuery = z.infer<typeof formatGroupQuery>;
export const frameQuery = z.object({ frameType: enumOf(FRAME_TYPES), format });
export const frameTypesQuery = z.object({ "frameTypes[]": queryList(enumOf(FRAME_TYPES)) });
export const materialQuery = z.object({ material: enumOf(MATERIALS) });
export const optionalMaterialQuery = z.object({ material: enumOf(MATERIALS).optional() });
export const pricesFormatsQuery = materialQuery.extend({ "formats[]": queryList(format) });
export const photobookSetQuery = z.object({
  "categoryIds[]": queryList(z.coerce.number().int().positive()),
});
export const photobookSetParams = z.object({
  setId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "setId", in: "path" }, example: 500 }),
});
export const photobookPriceQuery = z.object({
  type: enumOf(PHOTOBOOK_TYPES),
  cover: enumOf(PHOTOBOOK_COVERS),
  variantKey: enumOf(PHOTOBOOK_VARIANT_KEYS),
  format: enumOf(PHOTOBOOK_FORMAT_KEYS),
  pages: z.coerce.number().int().positive().optional(),
  quantity: quantity(100),
});
export const photoboxDataQuery = z.object({ type: enumOf(PHOTOBOX_TYPES).optional() });
export const photoboxPriceQuery = z.object({
  type: enumOf(PHOTOBOX_TYPES),
  format,
  finish: enumOf(PAPER_FINISHES),
  quantity: z.coerce.number().int().min(1).max(5000).default(50),
});
export const localizedUrlsQuery = z.object({
  path: z
    .string()
    .max(600)
    .regex(/^\/[^\s\\]*$/, "a path starting with /")
    .openapi({ example: "/fotobox" }),
});
export const skuQuery = z.object({
  sku: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "a SKU")
    .openapi({ example: "photobox" }),
});
const voucherCode = z
  .string()
  .regex(/^[A-Za-z0-9-]{4,40}$/, "a voucher code")
  .openapi({ example: "C-WELCOME10" });
export const voucherQuery = z.object({
  code: voucherCode,
  orderValue: z.coerce.number().int().nonnegative().optional().openapi({
    description: "Order value in minor units of the country's currency",
  }),
});
export const giftVoucherParams = z.object({
  code: voucherCode.openapi({ param: { name: "code", in: "path" } }),
});
export const cardAccessoriesQuery = z.object({ article });
export const cardAccessoryPriceQuery = z.object({ format });
export const cardAccessoryOrderBody = z.object({
  card: article,
  quantity: z.number().int().min(1).max(1000),
  accessories: z
    .array(z.object({ article, quantity: z.number().int().min(1).max(1000).optional() }))
    .max(20),
});
export const cardPriceQuery = z.object({
  article,
  quantity: quantity(1000),
  refinement: enumOf(REFINEMENTS).default("none"),
});
export const collageGroupsQuery = z.object({
  "name[]": queryList(z.string().regex(/^[a-z0-9-]{1,40}$/)),
});
export const collageGroupQuery = z.object({ id: z.coerce.number().int().positive() });
export const whitelabelBody = z.object({ whitelabel: z.boolean() });
export const previewParams = z.object({
  group: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .openapi({ param: { name: "group", in: "path" }, example: "leinwand" }),
  file: z
    .string()
    .regex(/^\d+x\d+\.svg$/, "'WxH.svg'")
    .openapi({ param: { name: "file", in: "path" }, example: "600x400.svg" }),
});

// ---------------------------------------------------------------- responses

export const priceSchema = z
  .object({
    currency: z.enum(["eur", "chf", "gbp", "usd"]),
    priceCurrent: z.number(),
    priceOriginal: z.number().nullable(),
    priceCurrentMinor: z.number().int(),
    priceOriginalMinor: z.number().int().nullable(),
    hasDiscount: z.boolean(),
    discountPercent: z.number().int(),
    formatted: z.object({ current: z.string(), original: z.string().nullable() }),
  })
  .openapi("Price");

export const fromPriceSchema = priceSchema.extend({ label: z.string() }).openapi("FromPrice");

export const articleSchema = z
  .object({
    article: z.string(),
    kind: z.string(),
    productType: z.string(),
    format: z.string().nullable(),
    formatLabel: z.string().nullable(),
    formatGroup: z.string().nullable(),
    attributes: z.record(z.string(), z.unknown()),
    price: priceSchema.nullable(),
  })
  .openapi("Article");

export const themeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    occasion: z.string(),
    category: z.string(),
    color: z.string(),
    style: z.string(),
    aspectRatio: z.string(),
    label: z.string().nullable(),
    product: z.string(),
    punching: z.string(),
    format: z.string(),
    formatLabel: z.string().nullable(),
    popularity: z.number().int(),
    createdAt: z.string(),
    previewImage: z.string(),
    article: z.string(),
    price: fromPriceSchema.nullable(),
  })
  .openapi("Theme");

export const themesSchema = z
  .object({
    themes: z.array(themeSchema),
    pagination: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      pages: z.number().int(),
    }),
    sort: z.enum(THEME_SORTS),
    facets: z.record(z.string(), z.record(z.string(), z.number().int())),
  })
  .openapi("Themes");

/** A response object whose main fields are listed; further fields may follow. */
export const loose = (name: string, shape: Record<string, z.ZodType>) =>
  z.looseObject(shape).openapi(name);

// ---------------------------------------------------------------- product detail containers

const catalogueValue = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, "a catalogue value (letters, digits, - and _)")
  .optional();
const amount = z
  .string()
  .regex(/^\d{1,6}$/, "a whole number")
  .optional();
const names = z
  .string()
  .regex(/^[a-z0-9-]{1,40}(,[a-z0-9-]{1,40}){0,19}$/, "names separated by commas")
  .optional();

/** A detail container's question: the product, the asked options and amounts, the editor's presets. */
export const productDetailsQuery = z.object({
  kind: enumOf(DETAIL_KINDS),
  ...Object.fromEntries(
    [...new Set(Object.values(DETAIL_OPTIONS).flat())].map((name) => [name, catalogueValue]),
  ),
  quantity: amount,
  pages: amount,
  sample: z.enum(["true", "false"]).optional(),
  themeId: catalogueValue,
  designGroupId: catalogueValue,
  designs: names,
  accessoryTypes: names,
});

const detailChoice = z.object({
  value: z.string(),
  label: z.string().nullable(),
  labelKey: z.string(),
  extra: z.string().nullable(),
  nameKey: z.string().nullable(),
});
export const productDetailsSchema = z
  .object({
    kind: enumOf(DETAIL_KINDS),
    options: z.array(
      z.object({ name: z.string(), value: z.string(), choices: z.array(detailChoice) }),
    ),
    amounts: z.array(
      z.object({
        name: z.enum(["quantity", "pages"]),
        value: z.number(),
        min: z.number(),
        max: z.number(),
        step: z.number(),
      }),
    ),
    sample: z.boolean().nullable(),
    price: z
      .object({ current: z.string(), original: z.string().nullable(), currentMinor: z.number() })
      .nullable(),
    article: z.string().nullable(),
    link: z.string().nullable(),
    notes: z.array(z.object({ key: z.string(), value: z.string() })),
    delivery: z
      .object({
        daysMin: z.number(),
        daysMax: z.number(),
        price: z.string(),
        freeFrom: z.string().nullable(),
      })
      .nullable(),
  })
  .openapi("ProductDetails");
