/**
 * The storefront's image: a srcset for the densities 1 and 2,
 * explicit width and height (no layout shift; default aspect ratio 1/1), a blurred 10x10
 * placeholder until a lazily loaded image has arrived (an eager first image goes without:
 * its placeholder would be one more request competing with it), a grey box with the image
 * hidden when it fails, and lazy loading — except the page's first image where the
 * channel's `lazyFirstImage` feature is off. That first image is fetched at high priority
 * and announced in the document's head. An unknown provider or preset is an error (thrown
 * while rendering).
 */
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useRouteLoaderData } from "react-router";
import { CHANNEL_FEATURES, type ChannelId } from "../../config/channelFeatures";
import { DENSITIES } from "../../domain/constants";
import {
  imageUrl,
  pictureMedia,
  type FocalArea,
  type ImageFilters,
  type ImageFit,
  type ImagePreset,
} from "../../domain/images";
import { DEFAULT_ASPECT_RATIO, assertDensities } from "../../domain/props";
import "./image.css";

/** The preset of payment logos (quality 100, so the brand marks stay crisp). */
export const PAYMENT_LOGO_PRESET = "payment-logo" satisfies ImagePreset;

/** Size of the source as read on the server; zeros when unknown. */
export interface ImageMetaProps {
  width: number;
  height: number;
  ratio: number;
}

/** Another source for a media query (art direction), e.g. a taller crop on phones. */
export interface ImageSource {
  media: string;
  width: number;
  /** Defaults to width / ratio. */
  height?: number;
  /** Defaults to the main source. */
  src?: string;
  ratio?: number;
}

export interface ImageProps {
  /** "/a/{channel}/{file}" or a Storyblok asset URL. */
  src: string;
  alt: string;
  /** Rendered width in CSS pixels (the 1x width). */
  width: number;
  /** Rendered height; by default width / ratio. */
  height?: number;
  /** width / height; by default the source's ratio, else 1/1. */
  ratio?: number;
  meta?: ImageMetaProps;
  fit?: ImageFit;
  smart?: boolean;
  focus?: FocalArea | null;
  filters?: Omit<ImageFilters, "focal">;
  preset?: ImagePreset;
  provider?: string;
  densities?: readonly number[];
  sources?: readonly ImageSource[];
  /** The page's first image: loads eagerly unless the channel lazy-loads it too. */
  priority?: boolean;
  className?: string;
}

type LoadState = "loading" | "loaded" | "error";

/** The ratio to lay out with: given, else the source's when known, else 1/1. */
export function layoutRatio(ratio: number | undefined, meta: ImageMetaProps | undefined): number {
  if (ratio !== undefined && Number.isFinite(ratio) && ratio > 0) return ratio;
  if (meta && meta.ratio > 0) return meta.ratio;
  return DEFAULT_ASPECT_RATIO;
}

/** "url 1x, url 2x" for the densities. */
export function densitySrcSet(
  src: string,
  width: number,
  height: number,
  densities: readonly number[],
  build: (src: string, width: number, height: number) => string,
): string {
  assertDensities(densities);
  return densities
    .map((d) => `${build(src, Math.round(width * d), Math.round(height * d))} ${d}x`)
    .join(", ");
}

export function Image({
  src,
  alt,
  width,
  height,
  ratio,
  meta,
  fit,
  smart,
  focus,
  filters,
  preset,
  provider,
  densities = DENSITIES,
  sources = [],
  priority = false,
  className,
}: ImageProps) {
  // Only the channel is read from the root data (importing root.tsx here would pull in the whole shell).
  const root = useRouteLoaderData("root") as { channel?: ChannelId } | undefined;
  const lazyFirst = root?.channel ? CHANNEL_FEATURES[root.channel].lazyFirstImage : true;
  const eager = priority && !lazyFirst;
  const boxWidth = Math.round(width);
  const boxHeight = Math.round(height ?? width / layoutRatio(ratio, meta));

  const options = { provider, preset };
  const build = (source: string, w: number, h: number) =>
    imageUrl(
      source,
      {
        width: w,
        height: h,
        fit,
        smart,
        filters: { ...filters, ...(focus ? { focal: focus } : {}) },
      },
      options,
    );
  const srcSet = densitySrcSet(src, boxWidth, boxHeight, densities, build);
  const fallback = build(src, boxWidth, boxHeight);
  const candidates = sources.map((source) => {
    const width = Math.round(source.width);
    const height = Math.round(source.height ?? source.width / layoutRatio(source.ratio, undefined));
    const from = source.src ?? src;
    const candidateSrcSet = densitySrcSet(from, width, height, densities, build);
    return { media: source.media, from, width, height, srcSet: candidateSrcSet };
  });

  const [state, setState] = useState<LoadState>("loading");
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The image may have finished before hydration attached the handlers.
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "error");
  }, [src]);

  // With art-directed sources the chosen <source>'s width and height give the ratio.
  const style: CSSProperties & { "--image-placeholder"?: string } = {
    ...(eager
      ? {}
      : {
          "--image-placeholder": `url("${imageUrl(src, {}, { provider, preset: "placeholder" })}")`,
        }),
    ...(sources.length === 0 ? { aspectRatio: `${boxWidth} / ${boxHeight}` } : {}),
  };

  return (
    <span
      className={["image", sources.length === 0 ? "image--fixed" : "", className]
        .filter(Boolean)
        .join(" ")}
      data-state={state}
      style={style}
    >
      {eager ? (
        <FirstImagePreloads
          candidates={candidates}
          fallback={{ href: fallback, srcSet }}
          build={build}
        />
      ) : null}
      <picture>
        {candidates.map((candidate) => (
          <source
            key={candidate.media}
            media={candidate.media}
            width={candidate.width}
            height={candidate.height}
            srcSet={candidate.srcSet}
          />
        ))}
        <img
          ref={ref}
          src={fallback}
          srcSet={srcSet}
          alt={alt}
          width={boxWidth}
          height={boxHeight}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          // The browser reports when it has shown this image; the page's scripts wait for it.
          elementtiming={eager ? "first-image" : undefined}
          decoding="async"
          onLoad={() => setState("loaded")}
          onError={() => setState("error")}
        />
      </picture>
    </span>
  );
}

/**
 * The first image announced in the document's head (React puts a link there wherever it is
 * rendered), so the browser asks for it with the stylesheets: one link per candidate of the
 * picture, each under the media query that picks it, so only the one the picture will show
 * is fetched.
 */
function FirstImagePreloads({
  candidates,
  fallback,
  build,
}: {
  candidates: readonly {
    media: string;
    from: string;
    width: number;
    height: number;
    srcSet: string;
  }[];
  fallback: { href: string; srcSet: string };
  build: (src: string, width: number, height: number) => string;
}) {
  const media = pictureMedia(candidates.map((candidate) => candidate.media));
  const links = [
    ...candidates.map((c) => ({ href: build(c.from, c.width, c.height), srcSet: c.srcSet })),
    fallback,
  ];
  return links.map((link, i) => (
    <link
      key={link.srcSet}
      rel="preload"
      as="image"
      href={link.href}
      imageSrcSet={link.srcSet}
      fetchPriority="high"
      media={media[i]}
    />
  ));
}
