/**
 * The CMS field types: one zod type per kind of field, each with its one default, read
 * alike by the page blocks (each block's `blocks/<Block>/<block>.server.ts`), the
 * furniture and the global configuration (furniture/config.server.ts,
 * furniture/read.server.ts) and the campaigns. Each
 * field is tolerant, as editors expect: a missing or malformed value gives the field's
 * default, never a failed story, and each follows the one rule of domain/ for its value.
 */
import { z } from "zod";
import { contentColour, isRecord, linkTarget, type ContentLabel } from "../../domain/contentFields";
import { contentDateIso } from "../../domain/dates";
import { providerFor } from "../../domain/images";
import { localiseHref, type LinkLocale, type LocalisedHref } from "../../domain/links";
import { parseImageDimension, parseViewBox, type ViewBox } from "../../domain/props";
import { logError } from "./log";

/** A value read later by its own rule (nested blocks read by their own schema). */
export const rawField = z.unknown().optional();

/** Rich text (a Storyblok document or a plain string): checked while it is rendered. */
export const richTextField = z.unknown().optional();

/** Text, trimmed; "" when it is not text. */
export const textField = z
  .unknown()
  .transform((v) => (typeof v === "string" ? v.trim() : ""))
  .default("");

/** A checkbox: true for true or "true". */
export const flagField = z
  .unknown()
  .transform((v) => v === true || v === "true")
  .default(false);

/** A number, or a number written as text; null when it is neither. */
export const numberField = z
  .unknown()
  .transform((v) => {
    const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
    return typeof n === "number" && Number.isFinite(n) ? n : null;
  })
  .default(null);

/** One of `values`; anything else (or nothing) is `fallback`. */
export function optionField<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) {
  return z.enum(values).catch(fallback).default(fallback);
}

/** A colour the shop accepts, or null (the field's default applies). */
export const colourField = z
  .unknown()
  .transform((v) => contentColour(v))
  .default(null);

/** A Storyblok date as ISO 8601 UTC, or null when it is none. */
export const dateField = z
  .unknown()
  .transform((v) => contentDateIso(v) ?? null)
  .default(null);

/** A link field's target before it is checked and localised for the page; "" when none. */
export const linkField = z
  .unknown()
  .transform((v) => linkTarget(v))
  .default("");

/** A link target the visitor may follow, localised for the page; null when empty or refused. */
export function safeLink(target: string, at: LinkLocale): LocalisedHref | null {
  if (target === "") return null;
  const out = localiseHref(target, at, { allowExternal: true });
  return out ? { href: out.href, external: out.external } : null;
}

/** An image of the content: a file of the shop's asset store or of Storyblok. */
export interface ContentAsset {
  filename: string;
  alt: string;
  /** Storyblok's focus "LxT:RxB", or null. */
  focus: string | null;
  /** The size the editor gave, when it gave one (else an icon's view box's). */
  width?: number;
  height?: number;
}

const absent = (v: unknown) => v === undefined || v === null || v === "";

/**
 * The size an editor gave an image (`width`, `height`: "300", "300px" or 300; 0 or nothing
 * is no size) and an icon's view box (`viewBox`: "0 0 24 24"), whose proportions give the
 * icon its size when the editor gave none. False when a value breaks its rule: the value is
 * logged with its identifier and the image is not shown, rather than shown at a wrong size.
 */
function editorSize(
  raw: Record<string, unknown>,
  filename: string,
): { width?: number; height?: number } | false {
  const size: { width?: number; height?: number } = {};
  for (const field of ["width", "height"] as const) {
    if (absent(raw[field])) continue;
    const value = parseImageDimension(raw[field]);
    if (value === null) {
      logError("invalid-image-dimension", undefined, { filename, field, value: raw[field] });
      return false;
    }
    if (value > 0) size[field] = value;
  }
  if (absent(raw.viewBox)) return size;
  const box: ViewBox | null = parseViewBox(raw.viewBox);
  if (box === null) {
    logError("invalid-icon-view-box", undefined, { filename, viewBox: raw.viewBox });
    return false;
  }
  if (size.width === undefined && size.height === undefined) {
    size.width = box[2];
    size.height = box[3];
  }
  return size;
}

/**
 * An asset field, or null when it names no image the shop serves; a list of assets gives
 * its first.
 */
export const assetField = z
  .unknown()
  .transform((value): ContentAsset | null => {
    const raw = Array.isArray(value) ? value[0] : value;
    if (!isRecord(raw) || typeof raw.filename !== "string") return null;
    const filename = raw.filename.trim();
    if (providerFor(filename) === null || /[\s"'<>\\]/.test(filename)) return null;
    const size = editorSize(raw, filename);
    if (size === false) return null;
    return {
      filename,
      alt: textField.parse(raw.alt).slice(0, 500),
      focus: typeof raw.focus === "string" && raw.focus !== "" ? raw.focus : null,
      ...size,
    };
  })
  .default(null);

/** A label's colours when the editor chose none (or one the shop does not accept). */
export const LABEL_COLOURS = { background: "#1a1a1a", text: "#ffffff" } as const;

/**
 * A label (labelText, labelBackgroundColor, labelTextColor), or null without its text;
 * the text is at most 40 characters, so it fits on a tile.
 */
export const labelField = z
  .unknown()
  .transform((value): ContentLabel | null => {
    const raw = Array.isArray(value) ? value[0] : value;
    if (!isRecord(raw)) return null;
    const text = textField.parse(raw.labelText);
    if (text === "" || text.length > 40) return null;
    return {
      text,
      backgroundColor: colourField.parse(raw.labelBackgroundColor) ?? LABEL_COLOURS.background,
      textColor: colourField.parse(raw.labelTextColor) ?? LABEL_COLOURS.text,
    };
  })
  .default(null);

/**
 * A list of blocks, each read by `schema`; a single block written without its list counts
 * as a list of one, and entries that are not blocks (or fail `schema`) are left out.
 */
export function blockList<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((value) => {
    const entries = isRecord(value) ? [value] : Array.isArray(value) ? value.filter(isRecord) : [];
    return entries.flatMap((entry) => {
      const parsed = schema.safeParse(entry);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    });
  });
}

/** An asset field that must name an image: a block without it is left out. */
export const requiredAssetField = assetField.transform((asset, ctx) => {
  if (asset !== null) return asset;
  ctx.addIssue({ code: "custom", message: "no image of the shop or Storyblok" });
  return z.NEVER;
});
