import type { ImagePreset } from "../../domain/images";
import { Image } from "../ui/Image";
import type { Asset } from "./types";

/**
 * A furniture image at a fixed width: SVG originals are served as they
 * are; other images go through the resizing service (with an optional preset).
 */
export function FurnitureImage({
  asset,
  width,
  height,
  alt,
  preset,
  className,
}: {
  asset: Asset;
  width: number;
  /** By default from the asset's ratio, else square. */
  height?: number;
  alt?: string;
  preset?: ImagePreset;
  className?: string;
}) {
  const ratio = asset.width && asset.height ? asset.width / asset.height : 1;
  const boxHeight = height ?? Math.round(width / ratio);
  const text = alt ?? asset.alt;
  const classes = ["furniture-image", className].filter(Boolean).join(" ");
  if (asset.filename.endsWith(".svg")) {
    // The box keeps the size asked for once the drawing has arrived, whatever the drawing's own
    // ratio (a square drawing on a portrait tile would otherwise shrink the tile as it loads,
    // moving everything below it), and the drawing fills it as a photo would.
    return (
      <img
        className={classes}
        src={asset.filename}
        alt={text}
        width={width}
        height={boxHeight}
        style={{ aspectRatio: `${width} / ${boxHeight}`, objectFit: "cover" }}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <Image
      src={asset.filename}
      alt={text}
      width={width}
      height={boxHeight}
      className={classes}
      {...(preset ? { preset } : {})}
    />
  );
}
