/**
 * The server-side pass over a story's content before it reaches the page (contract in
 * content/BLOCKS.md): every block of `body` is checked against its schema and turned into
 * its prepared shape — rich text to sanitised HTML, links allow-listed and localised,
 * prices in the locale's currency, asset sizes read from the asset store, countdown dates
 * checked. Unknown and invalid blocks are logged (once per component name) and left out;
 * in preview they stay as a marker an editor can see. Keeps @storyblok/richtext,
 * sanitize-html and zod out of the browser bundle.
 */
import { CHANNELS, type ChannelId } from "../../config/channels";
import { isRecord } from "../../domain/contentFields";
import type { LinkLocale } from "../../domain/links";
import { localeSettings, type Locale } from "../../domain/locales";
import { logError } from "../lib/log";
import type { BlockRequest } from "./parts/block.server";
import { parseRichTextImageOptions, richTextImageSources } from "./parts/richtext.server";
import type { ConvertContext } from "./parts/schema.server";
import { BLOCK_DEFINITIONS, type BlockSources } from "./registry.server";
import type {
  BlockName,
  ImageMeta,
  PreparedBlock,
  PreparedBlocks,
  UnknownBlockMarker,
} from "./types";

export type { BlockSources } from "./registry.server";

/** Reads the size of an asset by its filename; zeros when unknown (the image service does this). */
export interface AssetMetaSource {
  meta(filename: string): Promise<ImageMeta>;
}

/** What the server-side content pass needs to know about the request. */
export interface PrepareContext {
  locale: Locale;
  channel: ChannelId;
  preview: boolean;
  /**
   * Where asset sizes come from: the request's image service (services.images), so the
   * sizes are read from the same asset store that serves the images.
   */
  images: AssetMetaSource;
  /**
   * The request's data sources by block type (`blockSources` in sources.server.ts); a block
   * without one (the CMS endpoints pass none) carries no request data.
   */
  sources?: BlockSources;
  /** The current time (tests); defaults to now. */
  now?: number;
  /** The story's full slug, named when an asset of it cannot be loaded. */
  slug?: string;
}

/** A known block as converted, with its type: its request step and source are found by it. */
interface KnownBlock<K extends BlockName> {
  name: K;
  block: PreparedBlocks[K];
}

/** A converted block, or the marker an editor sees in preview for an unknown or invalid one. */
type ConvertedBlock = KnownBlock<BlockName> | { marker: UnknownBlockMarker };

/** The size of an asset that could not be read: unknown, never a guess. */
const UNREAD_META = Object.freeze({ width: 0, height: 0, ratio: 0 });

/** True when the server knows a block of this name. */
function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(BLOCK_DEFINITIONS, name);
}

const reportedUnknown = new Set<string>();

/** Every asset filename and rich-text image source in a value. */
function assetSources(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => assetSources(v, found));
  else if (isRecord(value)) {
    if (value.type === "doc") richTextImageSources(value).forEach((src) => found.add(src));
    else {
      if (typeof value.filename === "string") found.add(value.filename);
      Object.values(value).forEach((v) => assetSources(v, found));
    }
  }
  return found;
}

function marker(
  uid: string,
  component: string,
  reason: UnknownBlockMarker["reason"],
): { marker: UnknownBlockMarker } {
  return { marker: { _uid: uid, component, _unknown: true, reason } };
}

/** A known block's raw fields read by its definition, with its type. */
function readBlock<K extends BlockName>(
  name: K,
  raw: unknown,
  ctx: ConvertContext,
): KnownBlock<K> | { issues: string[] } {
  const read = BLOCK_DEFINITIONS[name].read(raw, ctx);
  return read.issues ? { issues: read.issues } : { name, block: read.block };
}

function convertBlock(raw: unknown, ctx: ConvertContext, preview: boolean): ConvertedBlock | null {
  if (!isRecord(raw) || typeof raw.component !== "string") {
    logError("invalid-block", undefined, { message: "a block needs a component name" });
    return null;
  }
  const component = raw.component;
  const uid = typeof raw._uid === "string" ? raw._uid : "";
  if (!isBlockName(component)) {
    if (!reportedUnknown.has(component)) {
      reportedUnknown.add(component);
      logError("unknown-block", undefined, { component });
    }
    return preview ? marker(uid, component, "unknown") : null;
  }
  const read = readBlock(component, raw, ctx);
  if ("issues" in read) {
    logError("invalid-block", undefined, { component, uid, issues: read.issues });
    return preview ? marker(uid, component, "invalid") : null;
  }
  return read;
}

/**
 * How long one conversion of a story's blocks is used again. A published story stays the
 * same object for one content version (the content cache), so its conversion is kept with
 * it; a publish brings new objects. Within this time an asset replaced under the same name
 * may still show its old size.
 */
export const CONVERSION_REUSE_MS = 60_000;

interface Conversion {
  blocks: ConvertedBlock[];
  /** The conversion holds for the times from … until (a countdown ending changes it). */
  from: number;
  until: number;
}

const conversions = new WeakMap<object, Map<string, Conversion>>();

/** The earliest end of a countdown among the prepared blocks (Infinity when none runs). */
function firstCountdownEnd(value: unknown): number {
  if (Array.isArray(value)) return Math.min(Infinity, ...value.map(firstCountdownEnd));
  if (!isRecord(value)) return Infinity;
  let first = Infinity;
  for (const [key, field] of Object.entries(value)) {
    const end =
      key === "countdownEndDate" && typeof field === "string" && field
        ? Date.parse(field)
        : firstCountdownEnd(field);
    if (end < first) first = end;
  }
  return first;
}

/** The blocks checked and converted: schemas, rich text, links, prices, asset sizes. */
async function convertBlocks(blocks: unknown[], ctx: PrepareContext): Promise<ConvertedBlock[]> {
  const now = ctx.now ?? Date.now();
  const variant = `${ctx.locale}|${ctx.channel}`;
  // A draft is read afresh for every preview; only published blocks are kept.
  const kept = ctx.preview ? undefined : conversions.get(blocks)?.get(variant);
  if (kept && kept.from <= now && now < kept.until) return kept.blocks;

  const source = ctx.images;
  const sources = [...assetSources(blocks, new Set())];
  // An asset whose size cannot be read (the store failing) is shown without one, and the
  // page it was loaded for is named in the log.
  const metas = new Map(
    await Promise.all(
      sources.map(async (src) => {
        const meta = await source.meta(src).catch((error: unknown) => {
          logError("asset-load-on-slug", error, { filename: src, slug: ctx.slug ?? null });
          return UNREAD_META;
        });
        return [src, meta] as const;
      }),
    ),
  );
  const settings = localeSettings(ctx.locale);
  const link: LinkLocale = {
    country: settings.country,
    language: settings.language,
    locale: ctx.locale,
    trailingSlash: CHANNELS[ctx.channel].features.trailingSlash,
  };
  const convert: ConvertContext = {
    locale: ctx.locale,
    link,
    metas,
    images: parseRichTextImageOptions(undefined),
    now,
  };
  const converted = blocks.flatMap((raw) => convertBlock(raw, convert, ctx.preview) ?? []);
  if (!ctx.preview) {
    const byVariant = conversions.get(blocks) ?? new Map<string, Conversion>();
    byVariant.set(variant, {
      blocks: converted,
      from: now,
      until: Math.min(now + CONVERSION_REUSE_MS, firstCountdownEnd(converted)),
    });
    conversions.set(blocks, byVariant);
  }
  return converted;
}

/**
 * Adds one request's data to a block: its definition's step with the block's source from
 * the request's map. A block without a step, or without a source in this request, stays
 * as it was converted.
 */
function requestStep<K extends BlockName>(
  { name, block }: KnownBlock<K>,
  sources: BlockSources,
  request: BlockRequest,
): Promise<PreparedBlocks[K]> | PreparedBlocks[K] {
  const { prepare } = BLOCK_DEFINITIONS[name];
  const source = sources[name];
  return prepare && source !== undefined ? prepare(block, source, request) : block;
}

/**
 * Prepares a list of blocks (a page's body): converted (see convertBlocks), then each
 * block that shows catalogue, design or visitor data gets it for this request.
 */
export async function prepareBlocks(
  blocks: unknown,
  ctx: PrepareContext,
): Promise<PreparedBlock[]> {
  if (!Array.isArray(blocks)) return [];
  const converted = await convertBlocks(blocks, ctx);
  const sources = ctx.sources ?? {};
  return Promise.all(
    converted.map((entry) => {
      if ("marker" in entry) return entry.marker;
      // The URL holds one choice of each kind: the page's first block of a type answers it.
      const first = converted.find((c) => "name" in c && c.name === entry.name) === entry;
      return requestStep(entry, sources, { locale: ctx.locale, slug: ctx.slug, first });
    }),
  );
}

/**
 * Prepares a story's content: its `body` blocks (Page and the error story); other fields
 * pass unchanged. Returns a new value; the input is not changed.
 */
export async function prepareContent<T>(content: T, ctx: PrepareContext): Promise<T> {
  if (!isRecord(content) || !Array.isArray(content.body)) return content;
  return { ...content, body: await prepareBlocks(content.body, ctx) };
}
