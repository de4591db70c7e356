/**
 * The catalogue: articles (one sellable configuration of a product, e.g. a spiral-bound
 * A4 wall calendar or a 60x40 canvas), their prices per country, card themes, design
 * groups, vouchers, shipping and SKU containers. Everything is per channel; prices are
 * per country in that country's currency, integers in minor units. The rows are written
 * by the import of the `catalogue/` seed files only (server/catalogue/import.ts).
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * One article. `kind` groups articles the API lists together (calendar, photobook,
 * photobox, photoprint, wallart, frame, collage, card, card-accessory, gift-voucher,
 * express); `format` is the 'WxH' mm string, `formatGroup` the group a calculator shows
 * together (a material, a ratio, a photobox type …); `attributes` holds the
 * kind-specific vocabulary values (validated by the seed schema).
 */
export const catalogueArticles = pgTable(
  "catalogue_articles",
  {
    channel: text("channel").notNull(),
    article: text("article").notNull(),
    kind: text("kind").notNull(),
    productType: text("product_type").notNull(),
    format: text("format"),
    formatGroup: text("format_group"),
    attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.article] }),
    index("catalogue_articles_kind_idx").on(t.channel, t.kind),
  ],
);

/** The price of an article in a country from `minQuantity` pieces on (1 for single prices). */
export const cataloguePrices = pgTable(
  "catalogue_prices",
  {
    channel: text("channel").notNull(),
    article: text("article").notNull(),
    country: text("country").notNull(),
    minQuantity: integer("min_quantity").notNull().default(1),
    currency: text("currency").notNull(),
    priceCurrent: integer("price_current").notNull(),
    priceOriginal: integer("price_original"),
  },
  (t) => [primaryKey({ columns: [t.channel, t.article, t.country, t.minQuantity] })],
);

/** Card themes (designs) with the filter attributes of the theme overview. */
export const catalogueThemes = pgTable(
  "catalogue_themes",
  {
    id: text("id").primaryKey(),
    channel: text("channel").notNull(),
    productType: text("product_type").notNull(),
    occasion: text("occasion").notNull(),
    category: text("category").notNull(),
    color: text("color").notNull(),
    style: text("style").notNull(),
    aspectRatio: text("aspect_ratio").notNull(),
    label: text("label"),
    product: text("product").notNull(),
    punching: text("punching").notNull(),
    format: text("format").notNull(),
    article: text("article").notNull(),
    popularity: integer("popularity").notNull(),
    status: text("status").notNull(),
    names: jsonb("names").$type<Record<string, string>>().notNull(),
    palette: jsonb("palette").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("catalogue_themes_list_idx").on(t.channel, t.status, t.occasion)],
);

/** Design groups: calendar templates, photo book design-group sets by category, collages. */
export const catalogueDesignGroups = pgTable(
  "catalogue_design_groups",
  {
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    id: integer("id").notNull(),
    setId: integer("set_id"),
    name: text("name").notNull(),
    attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channel, t.kind, t.id] })],
);

/**
 * Voucher codes and gift vouchers: a percentage, or an amount per currency (`amounts`); a
 * minimum order per currency (`minOrder`); limits in all and per customer. `valueMinor` and
 * `minOrderMinor` are a gift voucher's single value in its countries' currency.
 */
export const catalogueVouchers = pgTable(
  "catalogue_vouchers",
  {
    channel: text("channel").notNull(),
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    countries: jsonb("countries").$type<string[]>().notNull(),
    percent: integer("percent"),
    valueMinor: integer("value_minor"),
    minOrderMinor: integer("min_order_minor"),
    amounts: jsonb("amounts").$type<Record<string, number>>(),
    minOrder: jsonb("min_order").$type<Record<string, number>>(),
    maxTotal: integer("max_total"),
    maxPerCustomer: integer("max_per_customer"),
    /** The product families whose lines it discounts; null: the whole cart. */
    products: jsonb("products").$type<string[]>(),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** Only for a shopper who has never ordered in this shop (a recommended friend's voucher). */
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    /**
     * Who keeps the code: 'catalogue' codes are replaced by each catalogue import, an
     * operator's ('operator', made or changed in the back office) and a bought gift
     * voucher's ('order') are never touched by it.
     */
    source: text("source").notNull().default("catalogue"),
    /** A bought gift voucher ('order' source): the order that paid for it. */
    orderId: integer("order_id"),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.code] }),
    index("catalogue_vouchers_order").on(t.orderId),
  ],
);

/** Shipping methods per channel and country. */
export const catalogueShipping = pgTable(
  "catalogue_shipping",
  {
    channel: text("channel").notNull(),
    country: text("country").notNull(),
    method: text("method").notNull(),
    priceMinor: integer("price_minor").notNull(),
    freeFromMinor: integer("free_from_minor"),
    daysMin: integer("days_min").notNull(),
    daysMax: integer("days_max").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.country, t.method] })],
);

/** A SKU container: the articles a content page's SKU block shows. */
export const catalogueSkuContainers = pgTable(
  "catalogue_sku_containers",
  {
    channel: text("channel").notNull(),
    sku: text("sku").notNull(),
    articles: jsonb("articles").$type<string[]>().notNull(),
    attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.sku] })],
);
