/**
 * What every block's schema and conversion is made of: the field rules the blocks share
 * (on top of the CMS field types of lib/fields.server.ts), the context of a conversion and
 * the steps that turn assets, links, calls to action and rich text into their prepared
 * shapes. Each block's own schema lives in its folder (`<Block>/<block>.server.ts`).
 */
import { z } from "zod";
import { CARD_ACCESSORY_TYPES } from "../../../domain/catalogue";
import { priceProductField } from "../../../domain/priceProducts";
import type { LinkLocale } from "../../../domain/links";
import type { FocalArea } from "../../../domain/images";
import type { Locale } from "../../../domain/locales";
import {
  flagField,
  linkField,
  optionField,
  richTextField,
  safeLink,
  textField,
  type ContentAsset,
} from "../../lib/fields.server";
import { logError } from "../../lib/log";
import {
  renderRichTextHtml,
  type RichTextContext,
  type RichTextImageOptions,
} from "./richtext.server";
import type { Cta, ImageMeta, PreparedAsset, PreparedRichText, SafeLink } from "../types";

// ---------------------------------------------------------------- field schemas

/** An optional text: trimmed, "" when absent or not a string. */
export const text = textField;
/** A required, non-empty text. */
export const requiredText = z.string().trim().min(1).max(5000);
export const uid = z.string().min(1).max(100);
export const bool = flagField;
export const richText = richTextField;
export const align = optionField(["left", "center"], "left");

/**
 * The product whose from-price a teaser, tile or feed item shows (domain/priceProducts.ts):
 * named, never typed, so every shop shows the catalogue's price in its own currency. A
 * reference that cannot name a product is left out (the price with it) and logged.
 */
export const priceProduct = z
  .unknown()
  .optional()
  .transform((value): string | null => {
    if (value === undefined || value === null || value === "") return null;
    const parsed = priceProductField.safeParse(value);
    if (parsed.success) return parsed.data;
    logError("unknown-price-product", undefined, { reference: String(value).slice(0, 100) });
    return null;
  });

export const ctaSchema = z.object({ text: requiredText.max(80), link: linkField });

/** An optional nested value: absent, empty or invalid gives null (invalid is logged by the caller). */
export function optional<T extends z.ZodType>(schema: T) {
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
export function items<T extends z.ZodType>(schema: T, max: number, min = 1) {
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

/** A comma-separated list in one text field, its entries trimmed, empty ones dropped. */
export const commaList = text.transform((value) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean),
);

/** Card accessory types the catalogue knows, from a comma-separated list; unknown ones dropped. */
export const accessoryTypes = commaList.transform((types) =>
  types.filter((t) => (CARD_ACCESSORY_TYPES as readonly string[]).includes(t)),
);

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

export function toAsset(raw: ContentAsset, ctx: ConvertContext): PreparedAsset {
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

export function toCta(raw: z.infer<typeof ctaSchema> | null, ctx: ConvertContext): Cta | null {
  const link = raw ? toSafeLink(raw.link, ctx) : null;
  return raw && link ? { text: raw.text, link } : null;
}

export function toRichText(
  value: unknown,
  ctx: ConvertContext,
  where: Record<string, unknown>,
): PreparedRichText {
  const rich: RichTextContext = { link: ctx.link, images: ctx.images, metas: ctx.metas };
  return { html: renderRichTextHtml(value, rich, where) };
}
