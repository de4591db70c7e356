/**
 * The image URL grammar, shared by the storefront's image
 * component (which builds URLs) and the image service (which parses them). Modelled on
 * Storyblok's image service:
 *
 *   /_img/{width}x{height}[/fit-{mode}|/fit-in][/smart][/preset:{name}][/filters:{f}(…):…]/a/{channel}/{file}
 *
 * `0` for a side keeps the aspect ratio; quality defaults to 85; without a format filter
 * the format is chosen from the Accept header (webp by default). Originals live at
 * `/a/{channel}/{file}` in the shop's own asset store — the only source the service reads.
 * Pure functions, no I/O.
 */
import { IMAGE_QUALITY, PAYMENT_LOGO_QUALITY, PLACEHOLDER_IMAGE } from "./constants";

/** Path prefix of the resizing service. */
export const IMAGE_PATH_PREFIX = "/_img";
/** Largest width or height the service renders (px). */
export const MAX_IMAGE_DIMENSION = 4000;

/** Output formats of the service. */
export const IMAGE_FORMATS = ["webp", "jpeg", "png", "avif"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** How the image fits the box (sharp's fit modes); "cover" crops and is the default. */
export const IMAGE_FITS = ["cover", "contain", "fill", "inside", "outside"] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

/** Quarter-turn rotations. */
export const IMAGE_ROTATIONS = [0, 90, 180, 270] as const;
export type ImageRotation = (typeof IMAGE_ROTATIONS)[number];

/** A focal area in source pixels (Storyblok's `focus` "LxT:RxB"). */
export interface FocalArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Filters of an image URL. */
export interface ImageFilters {
  /** 0–100; default {@link IMAGE_QUALITY}. */
  quality?: number;
  /** Output format; absent = chosen from the Accept header. */
  format?: ImageFormat;
  /** Blur strength 0–100. */
  blur?: number;
  /** Brightness change −100…100. */
  brightness?: number;
  grayscale?: boolean;
  rotate?: ImageRotation;
  /** Background for fit modes that pad: "transparent" or a hex colour without "#". */
  fill?: string;
  focal?: FocalArea;
}

/** Everything a resized image is made from. */
export interface ImageModifiers {
  /** Target width in px, 0 = from the height and the aspect ratio. */
  width: number;
  /** Target height in px, 0 = from the width and the aspect ratio. */
  height: number;
  fit?: ImageFit;
  /** Smart crop: keep the most interesting part. */
  smart?: boolean;
  filters?: ImageFilters;
}

/** Named modifier sets (like Nuxt Image presets). */
export const IMAGE_PRESETS = {
  /** The blurred placeholder shown until an image has loaded. */
  placeholder: {
    width: PLACEHOLDER_IMAGE.width,
    height: PLACEHOLDER_IMAGE.height,
    filters: { quality: PLACEHOLDER_IMAGE.quality, blur: PLACEHOLDER_IMAGE.blur },
  },
  /** Payment logos in the footer: always at quality 100. */
  "payment-logo": { filters: { quality: PAYMENT_LOGO_QUALITY } },
} as const satisfies Record<string, Partial<ImageModifiers>>;

export type ImagePreset = keyof typeof IMAGE_PRESETS;

/** Image providers the storefront can build URLs for. */
export const IMAGE_PROVIDERS = ["shop", "storyblok"] as const;
export type ImageProvider = (typeof IMAGE_PROVIDERS)[number];

/** A wrong provider, preset or modifier: a programming or content error. */
export class ImageConfigError extends Error {
  override name = "ImageConfigError";
}

/** True when `name` is a known preset. */
export function isImagePreset(name: unknown): name is ImagePreset {
  return typeof name === "string" && Object.hasOwn(IMAGE_PRESETS, name);
}

/** The modifiers of a preset with `own` on top (own filters win filter by filter). */
export function applyPreset(name: string, own: Partial<ImageModifiers> = {}): ImageModifiers {
  if (!isImagePreset(name)) {
    throw new ImageConfigError(
      `Unknown image preset "${name}"; known presets: ${Object.keys(IMAGE_PRESETS).join(", ")}`,
    );
  }
  const preset: Partial<ImageModifiers> = IMAGE_PRESETS[name];
  return {
    ...preset,
    ...own,
    width: own.width ?? preset.width ?? 0,
    height: own.height ?? preset.height ?? 0,
    filters: { ...preset.filters, ...own.filters },
  };
}

// ---------------------------------------------------------------- asset paths

const CHANNEL_SEGMENT = /^[a-z][a-z0-9-]{0,31}$/;
/** A file name in the asset store: lowercase, digits, ".", "-", "_", one known extension. */
const ASSET_FILE =
  /^[a-z0-9](?:[a-z0-9_-]|\.(?!\.)){0,120}\.(?:jpe?g|png|webp|avif|gif|svg|webm|mp4)$/;

/** An asset in the store. */
export interface AssetRef {
  channel: string;
  file: string;
}

/** The asset a "/a/{channel}/{file}" path names, or null for anything else. */
export function parseAssetPath(path: unknown): AssetRef | null {
  if (typeof path !== "string") return null;
  const match = /^\/a\/([^/]+)\/([^/]+)$/.exec(path);
  if (!match) return null;
  const [, channel = "", file = ""] = match;
  return CHANNEL_SEGMENT.test(channel) && ASSET_FILE.test(file) ? { channel, file } : null;
}

/** The media type of an asset file name. */
export function assetContentType(file: string): string {
  const ext = file.slice(file.lastIndexOf(".") + 1);
  const types: Record<string, string> = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    webp: "image/webp",
    avif: "image/avif",
    gif: "image/gif",
    svg: "image/svg+xml",
    webm: "video/webm",
    mp4: "video/mp4",
  };
  return types[ext] ?? "application/octet-stream";
}

/** True for assets the service can resize (raster and SVG images, not videos). */
export function isResizable(file: string): boolean {
  return assetContentType(file).startsWith("image/");
}

// ---------------------------------------------------------------- building URLs

const HEX_COLOUR = /^[0-9a-f]{3}(?:[0-9a-f]{3})?(?:[0-9a-f]{2})?$/i;

function isIntIn(v: unknown, min: number, max: number): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
}

/** Throws an ImageConfigError naming the first invalid modifier. */
export function assertValidModifiers(m: ImageModifiers): void {
  const fail = (message: string) => {
    throw new ImageConfigError(message);
  };
  if (!isIntIn(m.width, 0, MAX_IMAGE_DIMENSION)) fail(`Invalid image width ${m.width}`);
  if (!isIntIn(m.height, 0, MAX_IMAGE_DIMENSION)) fail(`Invalid image height ${m.height}`);
  if (m.fit !== undefined && !(IMAGE_FITS as readonly string[]).includes(m.fit)) {
    fail(`Invalid image fit ${m.fit}`);
  }
  const f = m.filters ?? {};
  if (f.quality !== undefined && !isIntIn(f.quality, 0, 100)) fail(`Invalid quality ${f.quality}`);
  if (f.blur !== undefined && !isIntIn(f.blur, 0, 100)) fail(`Invalid blur ${f.blur}`);
  if (f.brightness !== undefined && !isIntIn(f.brightness, -100, 100)) {
    fail(`Invalid brightness ${f.brightness}`);
  }
  if (f.rotate !== undefined && !(IMAGE_ROTATIONS as readonly number[]).includes(f.rotate)) {
    fail(`Invalid rotation ${f.rotate}`);
  }
  if (f.format !== undefined && !(IMAGE_FORMATS as readonly string[]).includes(f.format)) {
    fail(`Invalid format ${f.format}`);
  }
  if (f.fill !== undefined && f.fill !== "transparent" && !HEX_COLOUR.test(f.fill)) {
    fail(`Invalid fill ${f.fill}`);
  }
  if (f.focal !== undefined) {
    const { left, top, right, bottom } = f.focal;
    const ok = [left, top, right, bottom].every((n) => isIntIn(n, 0, 100_000));
    if (!ok || right <= left || bottom <= top) fail("Invalid focal area");
  }
}

/** The filter list in canonical order, e.g. "filters:quality(50):blur(3)", or "" when none apply. */
function filterSegment(f: ImageFilters, omitDefaultQuality: boolean): string {
  const parts: string[] = [];
  if (f.quality !== undefined && !(omitDefaultQuality && f.quality === IMAGE_QUALITY)) {
    parts.push(`quality(${f.quality})`);
  }
  if (f.format !== undefined) parts.push(`format(${f.format})`);
  if (f.blur) parts.push(`blur(${f.blur})`);
  if (f.brightness) parts.push(`brightness(${f.brightness})`);
  if (f.grayscale) parts.push("grayscale()");
  if (f.rotate) parts.push(`rotate(${f.rotate})`);
  if (f.fill !== undefined) parts.push(`fill(${f.fill.toLowerCase()})`);
  if (f.focal) {
    const { left, top, right, bottom } = f.focal;
    parts.push(`focal(${left}x${top}:${right}x${bottom})`);
  }
  return parts.length ? `filters:${parts.join(":")}` : "";
}

/** The transformation segments of a modifier set (without the leading "/"). */
function transformSegments(m: ImageModifiers, storyblok: boolean): string[] {
  const segments = [`${m.width}x${m.height}`];
  const fit = m.fit ?? "cover";
  if (fit === "contain") segments.push("fit-in");
  else if (fit !== "cover") {
    if (storyblok) throw new ImageConfigError(`Storyblok images do not support fit "${fit}"`);
    segments.push(`fit-${fit}`);
  }
  if (m.smart) segments.push("smart");
  const filters = filterSegment(m.filters ?? {}, true);
  if (filters) segments.push(filters);
  return segments;
}

const STORYBLOK_ASSET = /^https:\/\/a(?:-[a-z]{2})?\.storyblok\.com\/f\/\d+\/[^?#\s]+$/;

/** The provider that serves a source URL, or null when none does. */
export function providerFor(src: string): ImageProvider | null {
  if (parseAssetPath(src)) return "shop";
  if (STORYBLOK_ASSET.test(src)) return "storyblok";
  return null;
}

/** Options of {@link imageUrl}. */
export interface ImageUrlOptions {
  /** Force a provider; by default the source decides. An unknown provider is an error. */
  provider?: string;
  /** A named preset under the modifiers. An unknown preset is an error. */
  preset?: string;
}

/**
 * The URL of a source image with modifiers applied. Shop assets ("/a/…") go through
 * the resizing path; Storyblok assets get Storyblok's "/m/" suffix. Throws an
 * ImageConfigError for an unknown provider or preset, a source no provider serves,
 * or an invalid modifier.
 */
export function imageUrl(
  src: string,
  modifiers: Partial<ImageModifiers> = {},
  options: ImageUrlOptions = {},
): string {
  const provider = options.provider ?? providerFor(src);
  if (provider === null) throw new ImageConfigError(`No image provider serves "${src}"`);
  if (!(IMAGE_PROVIDERS as readonly string[]).includes(provider)) {
    throw new ImageConfigError(
      `Unknown image provider "${provider}"; known providers: ${IMAGE_PROVIDERS.join(", ")}`,
    );
  }
  if (providerFor(src) !== provider) {
    throw new ImageConfigError(`The image provider "${provider}" does not serve "${src}"`);
  }
  const m: ImageModifiers = options.preset
    ? applyPreset(options.preset, modifiers)
    : { ...modifiers, width: modifiers.width ?? 0, height: modifiers.height ?? 0 };
  assertValidModifiers(m);
  if (provider === "storyblok") return `${src}/m/${transformSegments(m, true).join("/")}`;
  return `${IMAGE_PATH_PREFIX}/${transformSegments(m, false).join("/")}${src}`;
}

// ---------------------------------------------------------------- parsing URLs

/** A parsed resizing request: what to render, from which asset. */
export interface ImageRequest {
  asset: AssetRef;
  modifiers: Required<Pick<ImageModifiers, "width" | "height" | "fit" | "smart">> & {
    filters: ImageFilters & { quality: number };
  };
}

/** The outcome of {@link parseImagePath}. */
export type ParsedImagePath =
  { ok: true; request: ImageRequest } | { ok: false; status: 400 | 404; message: string };

const SIZE = /^(\d{1,5})x(\d{1,5})$/;
const FILTER = /^([a-z_]+)\(([^()]*)\)$/;

function parseFilters(list: string, into: ImageFilters): string | null {
  for (const raw of list.split(/:(?![^(]*\))/)) {
    const match = FILTER.exec(raw);
    if (!match) return `Malformed image filter "${raw}"`;
    const [, name = "", arg = ""] = match;
    const int = /^-?\d{1,6}$/.test(arg) ? Number(arg) : NaN;
    switch (name) {
      case "quality":
        into.quality = int;
        break;
      case "blur":
        into.blur = int;
        break;
      case "brightness":
        into.brightness = int;
        break;
      case "rotate":
        into.rotate = int as ImageRotation;
        break;
      case "grayscale":
        if (arg !== "") return "The grayscale filter takes no argument";
        into.grayscale = true;
        break;
      case "format": {
        const format = arg === "jpg" ? "jpeg" : arg;
        into.format = format as ImageFormat;
        break;
      }
      case "fill":
        into.fill = arg.toLowerCase();
        break;
      case "focal": {
        const box = /^(\d+)x(\d+):(\d+)x(\d+)$/.exec(arg);
        if (!box) return `Malformed focal area "${arg}"`;
        into.focal = {
          left: Number(box[1]),
          top: Number(box[2]),
          right: Number(box[3]),
          bottom: Number(box[4]),
        };
        break;
      }
      default:
        return `Unknown image filter "${name}"`;
    }
  }
  return null;
}

/**
 * Parses the path below {@link IMAGE_PATH_PREFIX} ("/300x200/smart/a/cards/x.jpg").
 * Bad options are 400 with a message naming them; a source outside the asset store is
 * 400 "unknown image provider"; a malformed asset name is 404.
 */
export function parseImagePath(path: string): ParsedImagePath {
  const bad = (message: string): ParsedImagePath => ({ ok: false, status: 400, message });
  const segments = path.split("/").filter((s) => s !== "");
  const sourceAt = segments.indexOf("a");
  if (sourceAt < 0) {
    return bad(
      `Unknown image provider: images come only from the shop's asset store (${IMAGE_PATH_PREFIX}/{size}/…/a/{channel}/{file})`,
    );
  }
  const options = segments.slice(0, sourceAt);
  const size = SIZE.exec(options[0] ?? "");
  if (!size) return bad('An image path starts with the size "{width}x{height}", e.g. "300x0"');
  let modifiers: ImageModifiers = { width: Number(size[1]), height: Number(size[2]) };
  const filters: ImageFilters = {};
  let preset: string | null = null;
  for (const segment of options.slice(1)) {
    if (segment === "smart") modifiers.smart = true;
    else if (segment === "fit-in") modifiers.fit = "contain";
    else if (segment.startsWith("fit-")) modifiers.fit = segment.slice(4) as ImageFit;
    else if (segment.startsWith("preset:")) preset = segment.slice(7);
    else if (segment.startsWith("filters:")) {
      const error = parseFilters(segment.slice(8), filters);
      if (error) return bad(error);
    } else return bad(`Unknown image option "${segment}"`);
  }
  modifiers.filters = filters;
  try {
    if (preset !== null) {
      // A zero side leaves the size to the preset.
      const { width, height, ...rest } = modifiers;
      modifiers = applyPreset(preset, {
        ...rest,
        ...(width ? { width } : {}),
        ...(height ? { height } : {}),
      });
    }
    assertValidModifiers(modifiers);
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
  const asset = parseAssetPath(`/${segments.slice(sourceAt).join("/")}`);
  if (!asset) return { ok: false, status: 404, message: "No such asset" };
  return {
    ok: true,
    request: {
      asset,
      modifiers: {
        width: modifiers.width,
        height: modifiers.height,
        fit: modifiers.fit ?? "cover",
        smart: modifiers.smart ?? false,
        filters: { ...modifiers.filters, quality: modifiers.filters?.quality ?? IMAGE_QUALITY },
      },
    },
  };
}

/** A stable text of a request (for cache keys): same image, same key. */
export function canonicalImageKey(request: ImageRequest, format: ImageFormat): string {
  const m = request.modifiers;
  return [
    `${request.asset.channel}/${request.asset.file}`,
    `${m.width}x${m.height}`,
    `fit-${m.fit}`,
    m.smart ? "smart" : "",
    filterSegment({ ...m.filters, format }, false),
  ].join("|");
}

/**
 * The output format when the URL names none: avif for a browser that says it takes avif
 * (a third smaller than webp at the same look), else webp, unless the Accept header lists
 * image types and webp is not among them (then jpeg, or png for sources with alpha).
 */
export function negotiateFormat(accept: string | null | undefined, hasAlpha: boolean): ImageFormat {
  if (accept && /(^|,)\s*image\/avif\s*(,|;(?!\s*q=0(\.0*)?\s*(,|$))|$)/.test(accept))
    return "avif";
  if (!accept || /(^|,)\s*(image\/webp|image\/\*|\*\/\*)/.test(accept)) return "webp";
  return hasAlpha ? "png" : "jpeg";
}

/**
 * AVIF's quality for a requested quality: its scale runs lower than JPEG's and WebP's, so
 * quality 85 there looks like about 64 here.
 */
export function avifQuality(quality: number): number {
  return Math.max(1, Math.round(quality * 0.75));
}

// ---------------------------------------------------------------- what a render costs

/** Largest output area the service renders (px), whatever the fit: 16 megapixels. */
export const MAX_OUTPUT_PIXELS = MAX_IMAGE_DIMENSION * MAX_IMAGE_DIMENSION;

/** A source's size as it appears (after its EXIF orientation). */
export interface SourceSize {
  width: number;
  height: number;
}

/**
 * The size a request renders for a source, by sharp's rules: one side given keeps the
 * ratio; both given fill the box (cover, contain, fill), fit within it (inside) or cover
 * it uncut (outside, which can be far larger than the box); none keeps the source size.
 * A quarter-turn rotation swaps the sides.
 */
export function outputSize(source: SourceSize, m: ImageModifiers): SourceSize {
  const { width, height } = m;
  const sw = Math.max(1, source.width);
  const sh = Math.max(1, source.height);
  let size: SourceSize;
  if (width && height) {
    const fit = m.fit ?? "cover";
    if (fit === "inside" || fit === "outside") {
      const scale = (fit === "inside" ? Math.min : Math.max)(width / sw, height / sh);
      size = {
        width: Math.max(1, Math.round(sw * scale)),
        height: Math.max(1, Math.round(sh * scale)),
      };
    } else {
      size = { width, height };
    }
  } else if (width) {
    size = { width, height: Math.max(1, Math.round((sh * width) / sw)) };
  } else if (height) {
    size = { width: Math.max(1, Math.round((sw * height) / sh)), height };
  } else {
    size = { width: sw, height: sh };
  }
  const turned = m.filters?.rotate === 90 || m.filters?.rotate === 270;
  return turned ? { width: size.height, height: size.width } : size;
}

/** Why a render would be too large (each side and the area are bounded), or null. */
export function outputSizeProblem(size: SourceSize): string | null {
  if (size.width > MAX_IMAGE_DIMENSION || size.height > MAX_IMAGE_DIMENSION) {
    return `The image would be ${size.width}×${size.height} px; each side may be at most ${MAX_IMAGE_DIMENSION} px`;
  }
  if (size.width * size.height > MAX_OUTPUT_PIXELS) {
    return `The image would have more than ${MAX_OUTPUT_PIXELS} pixels`;
  }
  return null;
}

/**
 * The request without what cannot change the image, so one image has one cache key: the
 * focal area counts only where it decides the crop (cover with both sides) and is clipped
 * to the source; the attention strategy only where a crop is chosen without one; a fill
 * only where the image is padded (contain with both sides).
 */
export function canonicalRequest(request: ImageRequest, source: SourceSize): ImageRequest {
  const m = request.modifiers;
  const box = m.width > 0 && m.height > 0;
  const crops = box && m.fit === "cover";
  const { focal, fill, ...filters } = m.filters;
  const clipped =
    crops && focal
      ? {
          left: Math.min(focal.left, source.width - 1),
          top: Math.min(focal.top, source.height - 1),
          right: Math.min(focal.right, source.width),
          bottom: Math.min(focal.bottom, source.height),
        }
      : undefined;
  const usableFocal =
    clipped && clipped.right > clipped.left && clipped.bottom > clipped.top ? clipped : undefined;
  return {
    asset: request.asset,
    modifiers: {
      ...m,
      smart: crops && !usableFocal ? m.smart : false,
      filters: {
        ...filters,
        ...(usableFocal ? { focal: usableFocal } : {}),
        ...(box && m.fit === "contain" && fill !== undefined ? { fill } : {}),
      },
    },
  };
}

/**
 * The media query under which a picture shows each of its candidates, for preloading the
 * one the browser will pick: a <picture> takes the first <source> whose media matches, else
 * its <img>, so each candidate's query also excludes the sources before it. The last entry
 * is the <img>'s (undefined: every screen, when there are no sources). The sources' media
 * must be media conditions, e.g. "(max-width: 479px)".
 */
export function pictureMedia(sources: readonly string[]): (string | undefined)[] {
  const not = (media: string) => `(not (${media}))`;
  return [...sources, undefined].map((media, i) => {
    const conditions = [...(media ? [media] : []), ...sources.slice(0, i).map(not)];
    return conditions.length > 0 ? conditions.join(" and ") : undefined;
  });
}
