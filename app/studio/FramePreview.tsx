/**
 * A framed picture as it will hang, drawn in SVG: the frame in its colour and width, the
 * mat (or a shadow gap) and the part of the print the frame leaves visible, with the
 * surface's background and photos where the document places them. The proof the shopper
 * approves before the cart is drawn by the server from the print file, framed the same way.
 */
import { useId } from "react";
import { placedPhoto, type Surface } from "../../domain/studio/document";
import { frameGeometry, type FrameChoice } from "../../domain/studio/frame";
import { screenUrl, type StudioPhoto } from "./api";

export interface FramePreviewProps {
  surface: Surface;
  choice: FrameChoice;
  photos: readonly StudioPhoto[];
  /** The picture's accessible name. */
  label: string;
}

export function FramePreview({ surface, choice, photos, label }: FramePreviewProps) {
  const ids = useId();
  const g = frameGeometry(surface.trim, choice);
  const sizes = new Map(photos.map((p) => [p.id, p]));
  const clip = `${ids}-visible`;
  return (
    <svg
      className="frame-preview"
      viewBox={`0 0 ${g.outer.width} ${g.outer.height}`}
      role="img"
      aria-label={label}
    >
      <defs>
        <clipPath id={clip}>
          <rect {...g.visible} />
        </clipPath>
      </defs>
      <rect width={g.outer.width} height={g.outer.height} fill={choice.colour} />
      {/* The frame's inner edge reads as a thin shade. */}
      <rect
        {...g.opening}
        fill={choice.mat?.colour ?? "#141414"}
        stroke="rgba(0,0,0,0.35)"
        strokeWidth={Math.max(0.5, g.face / 12)}
      />
      <g clipPath={`url(#${clip})`}>
        <rect {...g.visible} fill={surface.background} />
        <g transform={`translate(${g.print.x} ${g.print.y})`}>
          {surface.elements.map((e) => {
            if (e.kind !== "photo" || !e.photo) return null;
            const size = sizes.get(e.photo.photoId);
            if (!size) return null;
            const p = placedPhoto(size, e, e.photo.crop);
            return (
              <g
                key={e.id}
                transform={`rotate(${e.rotation} ${e.x + e.width / 2} ${e.y + e.height / 2})`}
              >
                <svg x={e.x} y={e.y} width={e.width} height={e.height} overflow="hidden">
                  <image
                    href={screenUrl(e.photo.photoId)}
                    x={p.centerX - e.x - p.width / 2}
                    y={p.centerY - e.y - p.height / 2}
                    width={p.width}
                    height={p.height}
                    preserveAspectRatio="none"
                    transform={`rotate(${e.photo.crop.rotation} ${p.centerX - e.x} ${p.centerY - e.y})`}
                  />
                </svg>
              </g>
            );
          })}
        </g>
      </g>
    </svg>
  );
}
