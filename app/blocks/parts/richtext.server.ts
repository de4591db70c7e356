/**
 * Rich text on the server: every Storyblok document node and mark rendered with
 * @storyblok/richtext, links allow-listed (http, https, mailto, tel and relative — a
 * refused link keeps its text but loses its href) and localised, images through the
 * image service with validated options, and the result sanitised with sanitize-html.
 * Never imported by browser code.
 */
import {
  attrsToHtmlString,
  renderRichText,
  type StoryblokRichTextDoc,
  type StoryblokRichTextRendererMap,
} from "@storyblok/richtext";
import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import { RICH_TEXT_IMAGE_OPTIONS } from "../../../domain/constants";
import { imageUrl, providerFor, type ImageFilters } from "../../../domain/images";
import { linkTarget } from "../../../domain/contentFields";
import { localiseHref, type LinkLocale } from "../../../domain/links";
import { logError, logWarning } from "../../lib/log";
import type { ImageMeta } from "../types";

/** Width rich-text images are shown at when the content does not say (CSS px). */
export const RICH_TEXT_IMAGE_WIDTH = 800;

const percent = z
  .number()
  .int()
  .min(RICH_TEXT_IMAGE_OPTIONS.percentRange.min)
  .max(RICH_TEXT_IMAGE_OPTIONS.percentRange.max);

/** The rich-text image options, each checked on its own. */
const imageOptionFields = {
  width: z.number().int().min(1).max(2000),
  height: z.number().int().min(0).max(2000),
  blur: percent,
  quality: percent,
  brightness: percent,
  rotate: z.union(RICH_TEXT_IMAGE_OPTIONS.rotations.map((r) => z.literal(r))),
  format: z.enum(RICH_TEXT_IMAGE_OPTIONS.formats),
  grayscale: z.boolean(),
} as const;

type ImageOptionName = keyof typeof imageOptionFields;

/** Valid rich-text image options. */
export interface RichTextImageOptions {
  width: number;
  height: number;
  filters: Omit<ImageFilters, "focal" | "fill">;
}

/**
 * Reads the rich-text image options of a block (`{ width, height, filters: { blur, … } }`
 * or the filters at the top level). Every invalid option is left out and logged.
 */
export function parseRichTextImageOptions(
  raw: unknown,
  where: Record<string, unknown> = {},
): RichTextImageOptions {
  const options: RichTextImageOptions = { width: RICH_TEXT_IMAGE_WIDTH, height: 0, filters: {} };
  if (raw === undefined || raw === null) return options;
  if (typeof raw !== "object") {
    logWarning("richtext-render-error", { ...where, message: "image options must be an object" });
    return options;
  }
  const record = raw as Record<string, unknown>;
  const nested =
    typeof record.filters === "object" && record.filters !== null ? record.filters : {};
  const given: Record<string, unknown> = { ...record, ...(nested as Record<string, unknown>) };
  delete given.filters;
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(imageOptionFields, name)) {
      logWarning("richtext-render-error", { ...where, message: `unknown image option "${name}"` });
      continue;
    }
    const parsed = imageOptionFields[name as ImageOptionName].safeParse(value);
    if (!parsed.success) {
      logWarning("richtext-render-error", {
        ...where,
        message: `invalid image option ${name}=${JSON.stringify(value)}`,
      });
      continue;
    }
    if (name === "width") options.width = parsed.data as number;
    else if (name === "height") options.height = parsed.data as number;
    else Object.assign(options.filters, { [name]: parsed.data });
  }
  return options;
}

/** What rendering needs besides the document. */
export interface RichTextContext {
  link: LinkLocale;
  images: RichTextImageOptions;
  /** Sizes of the images in the document, by src. */
  metas: ReadonlyMap<string, ImageMeta>;
}

interface LinkAttrs {
  href?: string | null;
  linktype?: string | null;
  anchor?: string | null;
  target?: string | null;
}

/** The href a link mark should get (the link rule of every content field), or null when refused. */
export function richTextLinkHref(attrs: LinkAttrs, at: LinkLocale): string | null {
  const target = linkTarget({ linktype: attrs.linktype, url: attrs.href, anchor: attrs.anchor });
  if (target === "") return null;
  return localiseHref(target, at, { allowExternal: true })?.href ?? null;
}

function renderers(ctx: RichTextContext): StoryblokRichTextRendererMap {
  return {
    link: ({ attrs, children }) => {
      const href = richTextLinkHref(attrs as LinkAttrs, ctx.link);
      const blank = (attrs as LinkAttrs).target === "_blank";
      const html = attrsToHtmlString({
        href: href ?? undefined,
        target: href && blank ? "_blank" : undefined,
        rel: href && blank ? "noopener noreferrer" : undefined,
      });
      return `<a${html}>${children}</a>`;
    },
    image: ({ attrs }) => {
      const src = typeof attrs.src === "string" ? attrs.src : "";
      if (!providerFor(src)) {
        logWarning("richtext-render-error", { message: `image source not served: ${src}` });
        return "";
      }
      const { width, filters } = ctx.images;
      const meta = ctx.metas.get(src);
      const ratio = meta && meta.ratio > 0 ? meta.ratio : 0;
      const height = ctx.images.height || (ratio ? Math.round(width / ratio) : 0);
      const url = (d: number) => imageUrl(src, { width: width * d, height: height * d, filters });
      return `<img${attrsToHtmlString({
        src: url(1),
        srcset: `${url(1)} 1x, ${url(2)} 2x`,
        alt: attrs.alt ?? "",
        title: attrs.title ?? undefined,
        width,
        height: height || undefined,
        loading: "lazy",
        decoding: "async",
      })}>`;
    },
    // Components inside rich text are not part of the shop's content model.
    blok: () => "",
  };
}

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "ul",
    "ol",
    "li",
    "pre",
    "code",
    "br",
    "hr",
    "img",
    "span",
    "table",
    "thead",
    "tbody",
    "tr",
    "td",
    "th",
    "a",
    "strong",
    "em",
    "s",
    "u",
    "sup",
    "sub",
    "mark",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "srcset", "alt", "title", "width", "height", "loading", "decoding"],
    ol: ["start"],
    td: ["colspan", "rowspan", "style"],
    th: ["colspan", "rowspan", "style"],
    span: ["style", "id", "data-emoji", "data-name"],
    mark: ["style"],
    p: ["style"],
    h1: ["style"],
    h2: ["style"],
    h3: ["style"],
    h4: ["style"],
    h5: ["style"],
    h6: ["style"],
  },
  allowedStyles: {
    "*": {
      color: [COLOUR],
      "background-color": [COLOUR],
      "text-align": [/^(left|right|center|justify)$/],
      width: [/^\d{1,4}px$/],
    },
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/** Sanitises HTML from the content system (rich text, action bars, SEO texts). */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** True when a value looks like a rich-text document. */
export function isRichTextDoc(value: unknown): value is StoryblokRichTextDoc {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "doc" &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/** The image sources of a document (to read their sizes before rendering). */
export function richTextImageSources(doc: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    const n = node as { type?: unknown; attrs?: { src?: unknown }; content?: unknown };
    if (n.type === "image" && typeof n.attrs?.src === "string") found.push(n.attrs.src);
    if (Array.isArray(n.content)) n.content.forEach(visit);
  };
  visit(doc);
  return found;
}

/**
 * Renders a rich-text field to sanitised HTML. A plain string is escaped into paragraphs.
 * A document that cannot be rendered is logged (richtext-render-error) and gives "".
 */
export function renderRichTextHtml(
  value: unknown,
  ctx: RichTextContext,
  where: Record<string, unknown> = {},
): string {
  if (value === undefined || value === null || value === "") return "";
  if (typeof value === "string") {
    return value
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter((p) => p !== "")
      .map(
        (p) =>
          `<p>${sanitizeHtml(p, { allowedTags: [], allowedAttributes: {} }).replace(/\n/g, "<br>")}</p>`,
      )
      .join("");
  }
  if (!isRichTextDoc(value)) {
    logError("richtext-render-error", undefined, { ...where, message: "not a rich-text document" });
    return "";
  }
  try {
    return sanitizeContentHtml(renderRichText(value, { renderers: renderers(ctx) }));
  } catch (error) {
    logError("richtext-render-error", error, where);
    return "";
  }
}
