/**
 * A small picture of one surface drawn from the document in the browser (an SVG in
 * millimetres): background, photos in their frames with their crop, text and shapes. Its
 * photos are their small copies (the screen copy only for one drawn larger than those are),
 * it follows every edit at once, and is drawn only while it is in view, so a book of a
 * hundred spreads stays light.
 */
import { memo, useEffect, useRef, useState, type RefObject } from "react";
import {
  MM_PER_POINT,
  placedPhoto,
  type Element,
  type Surface,
} from "../../domain/studio/document";
import type { StudioPhoto } from "./api";
import { copyFor } from "./photoCopies";

function useInView<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

function Thing({
  element,
  photos,
  clip,
  pixelsPerMm,
}: {
  element: Element;
  photos: ReadonlyMap<string, StudioPhoto>;
  clip: string;
  /** CSS pixels a millimetre of the surface takes on screen. */
  pixelsPerMm: number;
}) {
  const { x, y, width, height } = element;
  const turn = element.rotation
    ? `rotate(${element.rotation} ${x + width / 2} ${y + height / 2})`
    : undefined;
  if (element.kind === "photo") {
    if (!element.photo) {
      return (
        <rect
          x={x}
          y={y}
          width={width}
          height={height}
          transform={turn}
          fill="#e7ecef"
          stroke="#7a8792"
          strokeWidth={Math.max(width, height) / 60}
          strokeDasharray={`${width / 20} ${width / 30}`}
        />
      );
    }
    const { crop, photoId } = element.photo;
    const size = photos.get(photoId);
    const cx = x + width / 2 + crop.offsetX;
    const cy = y + height / 2 + crop.offsetY;
    const placed = size?.width ? placedPhoto(size, element, crop) : { width, height };
    return (
      <g transform={turn}>
        <clipPath id={clip}>
          <rect x={x} y={y} width={width} height={height} />
        </clipPath>
        <g clipPath={`url(#${clip})`}>
          <image
            href={copyFor(photoId, Math.max(placed.width, placed.height) * pixelsPerMm)}
            x={cx - placed.width / 2}
            y={cy - placed.height / 2}
            width={placed.width}
            height={placed.height}
            preserveAspectRatio={size?.width ? "none" : "xMidYMid slice"}
            transform={crop.rotation ? `rotate(${crop.rotation} ${cx} ${cy})` : undefined}
          />
        </g>
      </g>
    );
  }
  if (element.kind === "text") {
    const size = element.fontSize * MM_PER_POINT;
    const anchor =
      element.align === "left" ? "start" : element.align === "right" ? "end" : "middle";
    const tx = element.align === "left" ? x : element.align === "right" ? x + width : x + width / 2;
    const top = y + height / 2 - ((element.lines.length - 1) * size * 1.2) / 2;
    return (
      <text
        transform={turn}
        fontFamily={element.fontFamily}
        fontWeight={element.fontWeight}
        fontSize={size}
        fill={element.colour}
        textAnchor={anchor}
        dominantBaseline="middle"
      >
        {element.lines.map((line, i) => (
          <tspan key={i} x={tx} y={top + i * size * 1.2}>
            {line}
          </tspan>
        ))}
      </text>
    );
  }
  const paint = {
    fill: element.fill ?? "none",
    stroke: element.stroke,
    strokeWidth: element.strokeWidth,
    transform: turn,
  };
  return element.shape === "ellipse" ? (
    <ellipse cx={x + width / 2} cy={y + height / 2} rx={width / 2} ry={height / 2} {...paint} />
  ) : (
    <rect x={x} y={y} width={width} height={height} {...paint} />
  );
}

/** The surface's picture, `height` pixels high; redrawn only when its surface changed. */
export const SurfaceThumb = memo(function SurfaceThumb({
  surface,
  photos,
  height,
}: {
  surface: Surface;
  photos: ReadonlyMap<string, StudioPhoto>;
  height: number;
}) {
  const [ref, seen] = useInView<HTMLSpanElement>();
  const { width: w, height: h } = surface.trim;
  const width = Math.round((height * w) / h);
  return (
    <span ref={ref} className="studio-thumb" style={{ width, height }}>
      {seen ? (
        <svg
          viewBox={`0 0 ${w} ${h}`}
          width={width}
          height={height}
          aria-hidden="true"
          focusable="false"
        >
          <rect width={w} height={h} fill={surface.background} />
          {surface.elements.map((element) => (
            <Thing
              key={element.id}
              element={element}
              photos={photos}
              clip={`thumb-${surface.id}-${element.id}`}
              pixelsPerMm={height / h}
            />
          ))}
        </svg>
      ) : null}
    </span>
  );
});
