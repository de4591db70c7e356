/**
 * The blocks' fields as editors write them (content/BLOCKS.md), checked with zod, and
 * the conversion into the prepared shapes of types.ts. Optional fields fall back to
 * their defaults; a block whose required fields are missing or wrong is invalid.
 */
import { z } from "zod";
import { contentInstant } from "../../domain/dates";
import { priceProductField } from "../../domain/priceProducts";
import type { LinkLocale } from "../../domain/links";
import { parseAspectRatio } from "../../domain/props";
import type { FocalArea } from "../../domain/images";
import type { Locale } from "../../domain/locales";
import {
  assetField,
  colourField,
  flagField,
  labelField,
  linkField,
  optionField,
  requiredAssetField,
  richTextField,
  safeLink,
  textField,
  type ContentAsset,
} from "../lib/fields.server";
import { CALCULATOR_PRODUCTS } from "../../domain/calculator";
import { THEME_FILTERS } from "../../domain/themeBrowsing";
import { CONTACT_FORM_LIMITS } from "../../domain/contactForm";
import { PICTURE_PRODUCT } from "../../domain/customerPictures";
import { isFrameType } from "../../domain/frames";
import { isToolboxOperation, type ToolboxOperation } from "../../domain/toolbox";
import {
  CALENDAR_TYPES,
  CARD_ACCESSORY_TYPES,
  MATERIALS,
  OCCASIONS,
  PHOTOBOOK_CATEGORY_IDS,
  PHOTOBOOK_TYPES,
} from "../../domain/catalogue";
import { logError, logWarning } from "../lib/log";
import {
  renderRichTextHtml,
  type RichTextContext,
  type RichTextImageOptions,
} from "./richtext.server";
import {
  DETAIL_CONTAINERS,
  SUB_TEASER_VARIANTS,
  USP_ICONS,
  type DetailContainerBlock,
  type DetailContainerName,
  type ContactPerson,
  type Cta,
  type ImageMeta,
  type PreparedAsset,
  type PreparedBlocks,
  type PreparedRichText,
  type SafeLink,
} from "./types";

// ---------------------------------------------------------------- field schemas

/** An optional text: trimmed, "" when absent or not a string. */
const text = textField;
/** A required, non-empty text. */
const requiredText = z.string().trim().min(1).max(5000);
const uid = z.string().min(1).max(100);
const bool = flagField;
const richText = richTextField;

/**
 * The product whose from-price a teaser, tile or feed item shows (domain/priceProducts.ts):
 * named, never typed, so every shop shows the catalogue's price in its own currency. A
 * reference that cannot name a product is left out (the price with it) and logged.
 */
const priceProduct = z
  .unknown()
  .optional()
  .transform((value): string | null => {
    if (value === undefined || value === null || value === "") return null;
    const parsed = priceProductField.safeParse(value);
    if (parsed.success) return parsed.data;
    logError("unknown-price-product", undefined, { reference: String(value).slice(0, 100) });
    return null;
  });

const ctaSchema = z.object({ text: requiredText.max(80), link: linkField });

/** An optional nested value: absent, empty or invalid gives null (invalid is logged by the caller). */
function optional<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .optional()
    .transform((value): z.output<T> | null => {
      if (value === undefined || value === null || value === "") return null;
      if (Array.isArray(value) && value.length === 0) return null;
      const candidate = Array.isArray(value) ? value[0] : value;
      const parsed = schema.safeParse(candidate);
      return parsed.success ? parsed.data : null;
    });
}

/** A list of nested items (at least `min`); invalid items are left out. */
function items<T extends z.ZodType>(schema: T, max: number, min = 1) {
  return z
    .array(z.unknown())
    .catch([])
    .default([])
    .transform((list): z.output<T>[] =>
      list
        .map((item) => schema.safeParse(item))
        .filter((r) => r.success)
        .map((r) => r.data as z.output<T>)
        .slice(0, max),
    )
    .refine((list) => list.length >= min, `needs at least ${min} valid item(s)`);
}

const align = optionField(["left", "center"], "left");

// ---------------------------------------------------------------- block schemas

const headline = z.object({
  _uid: uid,
  component: z.literal("Headline"),
  text: requiredText.max(200),
  subline: text,
  level: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.enum(["1", "2", "3"]).transform(Number)])
    .catch(2)
    .default(2),
  align,
  anchor: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,60}$/)
    .catch("")
    .default(""),
});

const textBlock = z.object({
  _uid: uid,
  component: z.literal("Text"),
  text: richText,
  align,
  width: optionField(["narrow", "wide"], "narrow"),
  imageOptions: z.unknown().optional(),
});

const information = z.object({
  _uid: uid,
  component: z.literal("Information"),
  variant: optionField(["info", "success", "warning"], "info"),
  title: text,
  text: richText,
});

const margin = z.object({
  _uid: uid,
  component: z.literal("Margin"),
  size: optionField(["small", "medium", "large"], "medium"),
});

const teaser = z.object({
  _uid: uid,
  component: z.literal("Teaser"),
  layout: optionField(["hero", "split"], "hero"),
  headline: requiredText.max(200),
  subline: text,
  text: richText,
  image: requiredAssetField,
  imageMobile: assetField,
  imagePosition: optionField(["left", "right"], "right"),
  cta: optional(ctaSchema),
  secondaryCta: optional(ctaSchema),
  priceProduct,
  label: labelField,
  countdownEndDate: z.string().catch("").default(""),
  countdownText: text,
  backgroundColor: colourField,
  theme: optionField(["light", "dark"], "light"),
});

const subTeaser = z.object({
  _uid: uid,
  component: z.literal("SubTeaser").optional(),
  title: requiredText.max(120),
  text,
  image: assetField,
  link: linkField,
  linkText: text,
  priceProduct,
  label: labelField,
});

const subTeasers = z.object({
  _uid: uid,
  component: z.literal("SubTeasers"),
  variant: optionField(SUB_TEASER_VARIANTS, "tiles"),
  headline: text,
  text,
  items: items(subTeaser, 12),
});

const usp = z.object({
  _uid: uid,
  component: z.literal("Usp").optional(),
  icon: optionField(USP_ICONS, "star"),
  title: requiredText.max(80),
  text,
});

const uspTeaser = z.object({
  _uid: uid,
  component: z.literal("UspTeaser"),
  headline: text,
  items: items(usp, 8),
});

const photoBlock = z.object({
  _uid: uid,
  component: z.literal("PhotoBlock"),
  image: requiredAssetField,
  caption: text,
  aspectRatio: z.string().optional(),
  link: linkField,
  width: optionField(["content", "full"], "content"),
});

const VIDEO_FILE = /^\/a\/[a-z][a-z0-9-]*\/[a-z0-9][a-z0-9._-]*\.(webm|mp4)$/;

const videoBlock = z.object({
  _uid: uid,
  component: z.literal("VideoBlock"),
  video: z
    .union([z.string(), z.object({ filename: z.string() }).transform((v) => v.filename)])
    .pipe(z.string().regex(VIDEO_FILE, "a .webm or .mp4 file of the asset store")),
  poster: requiredAssetField,
  headline: text,
  caption: text,
  autoplay: bool,
});

const feedItem = z.object({
  _uid: uid,
  component: z.literal("FeedItem").optional(),
  title: requiredText.max(120),
  subtitle: text,
  image: requiredAssetField,
  link: linkField,
  priceProduct,
  label: labelField,
});

const feed = z.object({
  _uid: uid,
  component: z.literal("Feed"),
  headline: text,
  text,
  items: items(feedItem, 60),
  initialCount: z.coerce.number().int().min(1).max(60).catch(8).default(8),
});

const calculatorGroup = z.object({
  _uid: uid,
  name: requiredText.max(80),
  /** The materials (or kinds) listed under this heading, comma-separated. */
  materials: z.string().max(500),
});

const calculator = z.object({
  _uid: uid,
  component: z.literal("Calculator"),
  headline: text,
  text,
  product: optionField(CALCULATOR_PRODUCTS, "wallart"),
  listedFormats: z.coerce.number().int().min(2).max(12).catch(6).default(6),
  groups: items(calculatorGroup, 8, 0),
  /** The material (or kind) shown first; one the catalogue does not sell is ignored. */
  material: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .nullable()
    .catch(null)
    .default(null),
  ctaText: text,
  ctaBackgroundColor: colourField,
  ctaTextColor: colourField,
});

const formatsAndPrices = z.object({
  _uid: uid,
  component: z.literal("FormatsAndPrices"),
  headline: text,
  text,
  product: optionField(CALCULATOR_PRODUCTS, "wallart"),
  /** The materials shown, in the catalogue's order; none named: all of them. */
  materials: z
    .array(z.string().regex(/^[a-z0-9-]{1,40}$/))
    .max(20)
    .catch([])
    .default([]),
});

const voucher = z.object({
  _uid: uid,
  component: z.literal("Voucher"),
  headline: text,
  text,
});

const themeOverview = z.object({
  _uid: uid,
  component: z.literal("ThemeOverview"),
  headline: text,
  text,
  occasion: z.enum(OCCASIONS).nullable().catch(null).default(null),
  count: z.coerce.number().int().min(4).max(12).catch(8).default(8),
  linkText: text,
});

const calendarOverview = z.object({
  _uid: uid,
  component: z.literal("CalendarOverview"),
  headline: text,
  text,
  calendarType: z.enum(CALENDAR_TYPES).nullable().catch(null).default(null),
});

/** A comma-separated list in one text field, its entries trimmed, empty ones dropped. */
const commaList = text.transform((value) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const collageOverview = z.object({
  _uid: uid,
  component: z.literal("CollageOverview"),
  headline: text,
  text,
  designs: commaList,
});

const photobookOverview = z.object({
  _uid: uid,
  component: z.literal("PhotobookOverview"),
  headline: text,
  text,
  // Ids the catalogue does not know are dropped, not the block.
  categories: commaList.transform((ids) =>
    ids.map(Number).filter((id) => PHOTOBOOK_CATEGORY_IDS.includes(id)),
  ),
  printing: optionField(PHOTOBOOK_TYPES, "digitalfotobuch"),
});

// The product detail containers share their fields; each adds what its product needs.
const detailFields = { _uid: uid, headline: text, text, ctaText: text };
const calendarDetails = z.object({
  ...detailFields,
  component: z.literal("CalendarDetailContainer"),
  calendarType: z.enum(CALENDAR_TYPES).nullable().catch(null).default(null),
});
const photobookDetails = z.object({
  ...detailFields,
  component: z.literal("PhotobookDetailContainer"),
  photobookType: z.enum(PHOTOBOOK_TYPES).nullable().catch(null).default(null),
  /** The design group whose templates the configurator starts with. */
  designGroupId: z
    .string()
    .regex(/^\d{1,9}$/)
    .nullable()
    .catch(null)
    .default(null),
});
const cardDetails = z.object({
  ...detailFields,
  component: z.literal("CardDetailContainer"),
  /** A card is sold with its design: the container needs one. */
  themeId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
});
const collageDetails = z.object({
  ...detailFields,
  component: z.literal("CollageDetailContainer"),
  /** The collage designs offered, by name; all when empty. */
  designs: commaList,
});
/** Card accessory types the catalogue knows, from a comma-separated list; unknown ones dropped. */
const accessoryTypes = commaList.transform((types) =>
  types.filter((t) => (CARD_ACCESSORY_TYPES as readonly string[]).includes(t)),
);
const accessories = z.object({
  _uid: uid,
  component: z.literal("Accessories"),
  headline: text,
  text,
  accessoryTypes,
});
const giftVouchers = z.object({
  _uid: uid,
  component: z.literal("GiftVouchers"),
  headline: text,
  text,
});
const frame = z.object({
  _uid: uid,
  component: z.literal("Frame"),
  headline: text,
  text,
  // Frame types the catalogue does not know are dropped, not the block.
  frameTypes: commaList.transform((types) => types.filter(isFrameType)),
  material: z.enum(MATERIALS).nullable().catch(null).default(null),
});

const accessoryDetails = z.object({
  ...detailFields,
  component: z.literal("AccessoryDetailContainer"),
  accessoryTypes,
  /** Where the accessories are added (the cards they go with). */
  link: linkField,
});

const shop = z.object({
  _uid: uid,
  component: z.literal("Shop"),
  headline: text,
  text,
});

const skuContainer = z.object({
  _uid: uid,
  component: z.literal("SkuContainer"),
  headline: text,
  text,
  /** The catalogue's SKU container whose articles the block shows. */
  sku: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
});

const themeFeed = z.object({
  _uid: uid,
  component: z.literal("ThemeFeed"),
  headline: text,
  text,
  product: z.enum(THEME_FILTERS.product).nullable().catch(null).default(null),
});

/** A topic a shopper may choose: one line of text. */
const topicText = z
  .string()
  .trim()
  .min(1)
  .max(CONTACT_FORM_LIMITS.topic)
  .regex(/^[^\p{Cc}]*$/u);

/**
 * The contact form's topics: a list of texts or of `{ text }` blocks, or one text with a
 * topic per line. Unusable entries and repeats are left out; at least one must remain.
 */
const contactTopics = z
  .unknown()
  .transform((value): string[] => {
    const entries = Array.isArray(value)
      ? value.map((entry) =>
          typeof entry === "object" && entry !== null ? (entry as { text?: unknown }).text : entry,
        )
      : typeof value === "string"
        ? value.split(/\r?\n/)
        : [];
    const topics = entries.flatMap((entry) => {
      const parsed = topicText.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
    return [...new Set(topics)].slice(0, 20);
  })
  .refine((topics) => topics.length >= 1, "needs at least one topic");

const contactForm = z.object({
  _uid: uid,
  component: z.literal("ContactForm"),
  headline: text,
  intro: text,
  /** The related ContactPerson story: resolved, the story; unresolved, its uuid. */
  person: z.unknown().optional(),
  topics: contactTopics,
  showOrderNumber: bool,
});

const toolbox = z.object({
  _uid: uid,
  component: z.literal("Toolbox"),
  headline: text,
  intro: text,
  /** The tools offered, in this order; an unknown one is left out, none at all is invalid. */
  tools: z
    .array(z.unknown())
    .max(10)
    .transform((tools) => [
      ...new Set(tools.filter((tool): tool is ToolboxOperation => isToolboxOperation(tool))),
    ])
    .refine((tools) => tools.length >= 1, "needs at least one tool"),
});

const customerPictures = z.object({
  _uid: uid,
  component: z.literal("CustomerPictures"),
  headline: text,
  intro: text,
  product: z.string().regex(PICTURE_PRODUCT).or(z.literal("")).catch("").default(""),
  count: z.coerce.number().int().min(4).max(24).catch(8).default(8),
  showUpload: z.boolean().catch(true).default(true),
});

/** The content of a ContactPerson story, as the relation brings it. */
const contactPerson = z.object({
  component: z.literal("ContactPerson"),
  name: requiredText.max(100),
  role: text,
  photo: assetField,
  text,
});

/** The raw schema of every known block. */
export const BLOCK_SCHEMAS = {
  Headline: headline,
  Text: textBlock,
  Information: information,
  Margin: margin,
  Teaser: teaser,
  SubTeasers: subTeasers,
  UspTeaser: uspTeaser,
  PhotoBlock: photoBlock,
  VideoBlock: videoBlock,
  Feed: feed,
  Calculator: calculator,
  ThemeOverview: themeOverview,
  CalendarOverview: calendarOverview,
  CollageOverview: collageOverview,
  PhotobookOverview: photobookOverview,
  Shop: shop,
  SkuContainer: skuContainer,
  ThemeFeed: themeFeed,
  ContactForm: contactForm,
  Toolbox: toolbox,
  CustomerPictures: customerPictures,
  FormatsAndPrices: formatsAndPrices,
  Voucher: voucher,
  Accessories: accessories,
  GiftVouchers: giftVouchers,
  Frame: frame,
  AccessoryDetailContainer: accessoryDetails,
  CalendarDetailContainer: calendarDetails,
  CardDetailContainer: cardDetails,
  CollageDetailContainer: collageDetails,
  PhotobookDetailContainer: photobookDetails,
} as const;

// ---------------------------------------------------------------- conversion

/** What the conversion needs: the page's locale, its links and the assets' sizes. */
export interface ConvertContext {
  locale: Locale;
  link: LinkLocale;
  metas: ReadonlyMap<string, ImageMeta>;
  images: RichTextImageOptions;
  now: number;
}

const UNKNOWN_META: ImageMeta = { width: 0, height: 0, ratio: 0 };

function parseFocus(focus: string | null | undefined): FocalArea | null {
  const m = focus ? /^(\d+)x(\d+):(\d+)x(\d+)$/.exec(focus) : null;
  if (!m) return null;
  const [left, top, right, bottom] = [m[1], m[2], m[3], m[4]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return right > left && bottom > top ? { left, top, right, bottom } : null;
}

function toAsset(raw: ContentAsset, ctx: ConvertContext): PreparedAsset {
  return {
    src: raw.filename,
    alt: raw.alt,
    focus: parseFocus(raw.focus),
    meta: ctx.metas.get(raw.filename) ?? UNKNOWN_META,
  };
}

/** A link target of the content, safe and localised; null when refused or empty. */
export function toSafeLink(target: string, ctx: ConvertContext): SafeLink | null {
  return safeLink(target, ctx.link);
}

function toCta(raw: z.infer<typeof ctaSchema> | null, ctx: ConvertContext): Cta | null {
  const link = raw ? toSafeLink(raw.link, ctx) : null;
  return raw && link ? { text: raw.text, link } : null;
}

function toRichText(
  value: unknown,
  ctx: ConvertContext,
  where: Record<string, unknown>,
): PreparedRichText {
  const rich: RichTextContext = { link: ctx.link, images: ctx.images, metas: ctx.metas };
  return { html: renderRichTextHtml(value, rich, where) };
}

type Converters = {
  [K in keyof typeof BLOCK_SCHEMAS]: (
    raw: z.output<(typeof BLOCK_SCHEMAS)[K]>,
    ctx: ConvertContext,
  ) => PreparedBlocks[K];
};

export const CONVERTERS: Converters = {
  Headline: (raw) => ({ ...raw, level: raw.level as 1 | 2 | 3 }),
  Text: (raw, ctx) => ({
    _uid: raw._uid,
    component: "Text",
    text: toRichText(raw.text, ctx, { uid: raw._uid }),
    align: raw.align,
    width: raw.width,
  }),
  Information: (raw, ctx) => ({
    _uid: raw._uid,
    component: "Information",
    variant: raw.variant,
    title: raw.title,
    text: toRichText(raw.text, ctx, { uid: raw._uid }),
  }),
  Margin: (raw) => raw,
  Teaser: (raw, ctx) => {
    let countdownEndDate = "";
    const end = contentInstant(raw.countdownEndDate);
    if (end !== null && end > ctx.now) countdownEndDate = new Date(end).toISOString();
    else if (end !== null) {
      logError("countdown-date-in-past", undefined, {
        uid: raw._uid,
        endDate: raw.countdownEndDate,
      });
    }
    return {
      _uid: raw._uid,
      component: "Teaser",
      layout: raw.layout,
      headline: raw.headline,
      subline: raw.subline,
      text: toRichText(raw.text, ctx, { uid: raw._uid }),
      image: toAsset(raw.image, ctx),
      imageMobile: raw.imageMobile ? toAsset(raw.imageMobile, ctx) : null,
      imagePosition: raw.imagePosition,
      cta: toCta(raw.cta, ctx),
      secondaryCta: toCta(raw.secondaryCta, ctx),
      priceProduct: raw.priceProduct,
      price: null,
      label: raw.label,
      countdownEndDate,
      countdownText: raw.countdownText,
      backgroundColor: raw.backgroundColor ?? "",
      theme: raw.theme,
    };
  },
  SubTeasers: (raw, ctx) => ({
    _uid: raw._uid,
    component: "SubTeasers",
    variant: raw.variant,
    headline: raw.headline,
    text: raw.text,
    items: raw.items.map((item) => ({
      _uid: item._uid,
      title: item.title,
      text: item.text,
      image: item.image ? toAsset(item.image, ctx) : null,
      link: toSafeLink(item.link, ctx),
      linkText: item.linkText,
      priceProduct: item.priceProduct,
      price: null,
      label: item.label,
    })),
  }),
  UspTeaser: (raw) => ({
    _uid: raw._uid,
    component: "UspTeaser",
    headline: raw.headline,
    items: raw.items.map(({ _uid, icon, title, text: body }) => ({
      _uid,
      icon,
      title,
      text: body,
    })),
  }),
  PhotoBlock: (raw, ctx) => {
    const image = toAsset(raw.image, ctx);
    const ratio = raw.aspectRatio
      ? parseAspectRatio(raw.aspectRatio, (message) =>
          logWarning("invalid-block", { uid: raw._uid, message }),
        )
      : image.meta.ratio || parseAspectRatio(undefined, () => undefined);
    return {
      _uid: raw._uid,
      component: "PhotoBlock",
      image,
      caption: raw.caption,
      ratio,
      link: toSafeLink(raw.link, ctx),
      width: raw.width,
    };
  },
  VideoBlock: (raw, ctx) => ({
    _uid: raw._uid,
    component: "VideoBlock",
    video: raw.video,
    poster: toAsset(raw.poster, ctx),
    headline: raw.headline,
    caption: raw.caption,
    autoplay: raw.autoplay,
  }),
  Feed: (raw, ctx) => ({
    _uid: raw._uid,
    component: "Feed",
    headline: raw.headline,
    text: raw.text,
    initialCount: raw.initialCount,
    items: raw.items.flatMap((item) => {
      const link = toSafeLink(item.link, ctx);
      return link
        ? [
            {
              _uid: item._uid,
              title: item.title,
              subtitle: item.subtitle,
              image: toAsset(item.image, ctx),
              link,
              priceProduct: item.priceProduct,
              price: null,
              label: item.label,
            },
          ]
        : [];
    }),
  }),
  Calculator: (raw) => ({
    _uid: raw._uid,
    component: "Calculator",
    headline: raw.headline,
    text: raw.text,
    product: raw.product,
    listedFormats: raw.listedFormats,
    material: raw.material,
    ctaText: raw.ctaText,
    // Both colours or neither: one alone could lose the contrast the pair was chosen for.
    ctaColors:
      raw.ctaBackgroundColor && raw.ctaTextColor
        ? { background: raw.ctaBackgroundColor, text: raw.ctaTextColor }
        : null,
    groups: raw.groups.map((g) => ({
      name: g.name,
      materials: g.materials
        .split(",")
        .map((m) => m.trim())
        .filter(Boolean),
    })),
    data: null,
  }),
  ThemeOverview: (raw) => ({ ...raw, themes: null, total: 0, browse: "/products" }),
  CalendarOverview: (raw) => ({ ...raw, tiles: null }),
  CollageOverview: (raw) => ({ ...raw, tiles: null }),
  PhotobookOverview: (raw) => ({ ...raw, tiles: null }),
  Shop: (raw) => ({ ...raw, tiles: null }),
  SkuContainer: (raw) => ({ ...raw, tiles: null }),
  ThemeFeed: (raw) => ({ ...raw, list: null }),
  Toolbox: (raw) => raw,
  CustomerPictures: (raw) => ({ ...raw, pictures: null }),
  FormatsAndPrices: (raw) => ({ ...raw, data: null }),
  Voucher: (raw) => ({ ...raw, check: null }),
  Accessories: (raw) => ({ ...raw, rows: null }),
  GiftVouchers: (raw) => ({ ...raw, rows: null }),
  Frame: (raw) => ({ ...raw, frames: null }),
  CalendarDetailContainer: (raw) => detailContainer(raw, {}, raw.calendarType),
  PhotobookDetailContainer: (raw) =>
    detailContainer(
      raw,
      raw.designGroupId ? { designGroupId: raw.designGroupId } : {},
      raw.photobookType,
    ),
  CardDetailContainer: (raw) => detailContainer(raw, { themeId: raw.themeId }),
  CollageDetailContainer: (raw) =>
    detailContainer(raw, raw.designs.length ? { designs: raw.designs.join(",") } : {}),
  AccessoryDetailContainer: (raw, ctx) => ({
    ...detailContainer(
      raw,
      raw.accessoryTypes.length ? { accessoryTypes: raw.accessoryTypes.join(",") } : {},
    ),
    link: toSafeLink(raw.link, ctx),
  }),
  ContactForm: (raw, ctx) => ({
    _uid: raw._uid,
    component: "ContactForm",
    headline: raw.headline,
    intro: raw.intro,
    person: toContactPerson(raw.person, ctx, raw._uid),
    topics: raw.topics,
    orderNumber: raw.showOrderNumber,
  }),
};

/** A detail container before the catalogue filled it in. */
function detailContainer(
  raw: {
    _uid: string;
    component: DetailContainerName;
    headline: string;
    text: string;
    ctaText: string;
  },
  preset: Record<string, string>,
  preferredType: string | null = null,
): DetailContainerBlock {
  return {
    _uid: raw._uid,
    component: raw.component,
    kind: DETAIL_CONTAINERS[raw.component],
    headline: raw.headline,
    text: raw.text,
    ctaText: raw.ctaText,
    preset,
    preferredType,
    link: null,
    details: null,
  };
}

/**
 * The contact person of a contact form. The content service puts the related story in
 * place of its uuid; a uuid still there (a deleted or unpublished story) or a story of
 * another kind cannot be shown: that is logged and the form goes on without a person.
 * No person named at all is no problem.
 */
function toContactPerson(raw: unknown, ctx: ConvertContext, uid: string): ContactPerson | null {
  const related = Array.isArray(raw) ? raw[0] : raw;
  if (related === undefined || related === null || related === "") return null;
  const story =
    typeof related === "object" ? (related as { content?: unknown; uuid?: unknown }) : null;
  const parsed = contactPerson.safeParse(story?.content);
  if (!parsed.success) {
    logError("contact-form-person-not-found", undefined, {
      uid,
      person: typeof related === "string" ? related : String(story?.uuid ?? ""),
    });
    return null;
  }
  const person = parsed.data;
  return {
    name: person.name,
    role: person.role,
    photo: person.photo ? toAsset(person.photo, ctx) : null,
    text: person.text,
  };
}
