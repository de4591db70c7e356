/**
 * The drawing of one surface with react-konva: the sheet as printed (bleed, and a canvas's
 * wrap), the elements, and the guides (trim, safe area, the binding's band, snap lines). Everything is kept in
 * millimetres in the document; this component alone turns them into pixels. It reports
 * finished gestures (a drag, a pan of a photo, a pinch) as document edits, one each, so
 * undo takes back a whole gesture. The keyboard path is the element list beside it: the
 * canvas is a picture of the document for the pointer.
 */
import type Konva from "konva";
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent } from "react";
// react-konva without the full library: ./konva brings the core and the shapes drawn here.
import {
  Ellipse,
  Group,
  Image,
  Layer,
  Line,
  Rect,
  Stage,
  Text,
} from "react-konva/lib/ReactKonvaCore";
import "./konva";
import {
  MM_PER_POINT,
  placedPhoto,
  printMargin,
  safeArea,
  type Element,
  type PhotoElement,
  type Quality,
  type Rect as Area,
  type Surface,
  type TextElement,
} from "../../domain/studio/document";
import { snapPosition } from "../../domain/studio/edits";
import { screenUrl, type StudioPhoto } from "./api";

/** What the canvas asks of the studio: each a finished gesture on the current surface. */
export interface CanvasActions {
  select(elementId: string | null): void;
  moveTo(elementId: string, x: number, y: number): void;
  pan(elementId: string, dx: number, dy: number): void;
  zoom(elementId: string, factor: number, gesture: string): void;
  place(elementId: string, photoId: string): void;
  swap(from: string, to: string): void;
  editText(elementId: string, lines: string[]): void;
}

export interface CanvasLabels {
  emptyFrame: string;
  quality: Record<Quality, string>;
  wrap: string;
  canvas: string;
  editText: string;
}

interface Props {
  surface: Surface;
  photos: ReadonlyMap<string, StudioPhoto>;
  quality: ReadonlyMap<string, Quality>;
  selected: string | null;
  /** "photo": dragging a selected frame pans its photo instead of moving the frame. */
  mode: "arrange" | "photo";
  guides: boolean;
  /** The bands the binding takes (a calendar's holes, a book's gutter), in mm; shown with the guides. */
  bands?: readonly Area[];
  /**
   * Where text and faces stay, when that is more than the trim less the safe inset (a
   * book's cover: its back, its front and its spine's band); shown with the guides.
   */
  safeAreas?: readonly Area[] | null;
  actions: CanvasActions;
  labels: CanvasLabels;
}

const QUALITY_COLOURS: Record<Quality, string> = {
  good: "#1b7f3b",
  acceptable: "#a15c00",
  poor: "#b3261e",
};

/** One loaded screen copy per photo, shared by every frame that shows it. */
const images = new Map<string, HTMLImageElement>();

function useScreenImage(photoId: string | undefined): HTMLImageElement | null {
  const [, rerender] = useState(0);
  if (!photoId) return null;
  let image = images.get(photoId);
  if (!image) {
    image = new window.Image();
    image.src = screenUrl(photoId);
    images.set(photoId, image);
  }
  if (!image.complete) {
    const loading = image;
    loading.addEventListener("load", () => rerender((n) => n + 1), { once: true });
    return null;
  }
  return image.naturalWidth > 0 ? image : null;
}

/** The element whose box (unturned) holds the point (mm), topmost first. */
function frameAt(surface: Surface, x: number, y: number, except?: string): PhotoElement | null {
  for (let i = surface.elements.length - 1; i >= 0; i--) {
    const e = surface.elements[i]!;
    if (e.kind !== "photo" || e.id === except) continue;
    if (x >= e.x && x <= e.x + e.width && y >= e.y && y <= e.y + e.height) return e;
  }
  return null;
}

function PhotoFrame({
  element,
  scale,
  photo,
  quality,
  selected,
  mode,
  surface,
  actions,
  labels,
  onSnap,
  toMm,
  pinching,
}: {
  element: PhotoElement;
  scale: number;
  photo: StudioPhoto | undefined;
  quality: Quality | undefined;
  selected: boolean;
  mode: Props["mode"];
  surface: Surface;
  actions: CanvasActions;
  labels: CanvasLabels;
  onSnap: (x: number | null, y: number | null) => void;
  toMm: (stage: Konva.Stage | null) => { x: number; y: number } | null;
  /** True while (and after) a two-finger gesture: a pinch zooms, it never drags. */
  pinching: () => boolean;
}) {
  const image = useScreenImage(element.photo?.photoId);
  const w = element.width * scale;
  const h = element.height * scale;
  const panning = selected && mode === "photo" && !!element.photo && !element.locked;
  // A collage's cells keep the layout's places: a cell dragged onto another swaps the two
  // photos (the hint in the collage panel says so), and one let go elsewhere goes back. It
  // can be taken at once, without a click to select it first.
  const fixedCell = surface.name === "collage" && !element.locked;
  const size = photo ?? (image ? { width: image.naturalWidth, height: image.naturalHeight } : null);
  const placed = element.photo && size ? placedPhoto(size, element, element.photo.crop) : null;
  return (
    <Group
      name={`element-${element.id}`}
      x={(element.x + element.width / 2) * scale}
      y={(element.y + element.height / 2) * scale}
      offsetX={w / 2}
      offsetY={h / 2}
      rotation={element.rotation}
      draggable={(selected || fixedCell) && !panning && !element.locked}
      onMouseDown={() => actions.select(element.id)}
      onTouchStart={() => actions.select(element.id)}
      onDragMove={(event) => {
        if (event.target !== event.currentTarget) return;
        const node = event.target;
        if (pinching()) {
          node.stopDrag();
          return;
        }
        // A collage's cell follows the pointer as it is; it snaps to nothing.
        if (fixedCell) return;
        const snapped = snapPosition(surface, {
          x: node.x() / scale - element.width / 2,
          y: node.y() / scale - element.height / 2,
          width: element.width,
          height: element.height,
        });
        node.position({
          x: (snapped.x + element.width / 2) * scale,
          y: (snapped.y + element.height / 2) * scale,
        });
        onSnap(snapped.guideX, snapped.guideY);
      }}
      onDragEnd={(event) => {
        if (event.target !== event.currentTarget) return;
        onSnap(null, null);
        const node = event.target;
        if (pinching() || fixedCell) {
          // The frame stays where it was: the fingers zoomed the photo, or a collage's cell
          // was let go (over another cell its photo changes places with that one's).
          node.position({
            x: (element.x + element.width / 2) * scale,
            y: (element.y + element.height / 2) * scale,
          });
          const at = fixedCell && !pinching() ? toMm(node.getStage()) : null;
          const target = at ? frameAt(surface, at.x, at.y, element.id) : null;
          if (target && !target.locked) actions.swap(element.id, target.id);
          return;
        }
        actions.moveTo(
          element.id,
          node.x() / scale - element.width / 2,
          node.y() / scale - element.height / 2,
        );
      }}
    >
      <Group
        {...(element.clip
          ? {
              // A shaped frame (a heart's outline cell): the photo inside its polygon only.
              clipFunc: (ctx: Konva.Context) => {
                element.clip!.forEach(([u, v], i) =>
                  i === 0 ? ctx.moveTo(u * w, v * h) : ctx.lineTo(u * w, v * h),
                );
                ctx.closePath();
              },
            }
          : { clipX: 0, clipY: 0, clipWidth: w, clipHeight: h })}
      >
        {placed && image && element.photo ? (
          <Image
            image={image}
            x={w / 2 + element.photo.crop.offsetX * scale}
            y={h / 2 + element.photo.crop.offsetY * scale}
            width={placed.width * scale}
            height={placed.height * scale}
            offsetX={(placed.width * scale) / 2}
            offsetY={(placed.height * scale) / 2}
            rotation={element.photo.crop.rotation}
            draggable={panning}
            onDragEnd={(event) => {
              const node = event.target;
              if (pinching()) {
                node.position({
                  x: w / 2 + element.photo!.crop.offsetX * scale,
                  y: h / 2 + element.photo!.crop.offsetY * scale,
                });
                return;
              }
              const dx = (node.x() - (w / 2 + element.photo!.crop.offsetX * scale)) / scale;
              const dy = (node.y() - (h / 2 + element.photo!.crop.offsetY * scale)) / scale;
              // Let go over another frame: the two frames swap their photos.
              const at = toMm(node.getStage());
              const target = at ? frameAt(surface, at.x, at.y, element.id) : null;
              if (target) actions.swap(element.id, target.id);
              else actions.pan(element.id, dx, dy);
            }}
          />
        ) : (
          <>
            <Rect width={w} height={h} fill="#e7ecef" />
            <Text
              width={w}
              height={h}
              align="center"
              verticalAlign="middle"
              text={element.photo ? "…" : `+\n${labels.emptyFrame}`}
              fontFamily="Inter"
              fontSize={Math.max(10, Math.min(18, w / 10))}
              fill="#445"
            />
          </>
        )}
      </Group>
      {!element.photo ? (
        <Rect width={w} height={h} stroke="#7a8792" strokeWidth={1} dash={[6, 4]} />
      ) : null}
      {quality ? (
        <Group x={4} y={4} listening={false}>
          <Rect
            width={Math.max(60, labels.quality[quality].length * 7 + 12)}
            height={20}
            fill={QUALITY_COLOURS[quality]}
            cornerRadius={10}
          />
          <Text
            text={labels.quality[quality]}
            width={Math.max(60, labels.quality[quality].length * 7 + 12)}
            height={20}
            align="center"
            verticalAlign="middle"
            fontFamily="Inter"
            fontSize={12}
            fill="#fff"
          />
        </Group>
      ) : null}
      {selected ? (
        <Rect
          width={w}
          height={h}
          stroke={panning ? "#0b63ce" : "#111"}
          strokeWidth={2}
          dash={panning ? [8, 4] : undefined}
          listening={false}
        />
      ) : null}
    </Group>
  );
}

function TextBox({
  element,
  scale,
  selected,
  surface,
  actions,
  onSnap,
  onEdit,
}: {
  element: TextElement;
  scale: number;
  selected: boolean;
  surface: Surface;
  actions: CanvasActions;
  onSnap: (x: number | null, y: number | null) => void;
  onEdit: (element: TextElement) => void;
}) {
  const w = element.width * scale;
  const h = element.height * scale;
  return (
    <Group
      name={`element-${element.id}`}
      x={(element.x + element.width / 2) * scale}
      y={(element.y + element.height / 2) * scale}
      offsetX={w / 2}
      offsetY={h / 2}
      rotation={element.rotation}
      draggable={selected && !element.locked}
      onMouseDown={() => actions.select(element.id)}
      onTouchStart={() => actions.select(element.id)}
      onDblClick={() => onEdit(element)}
      onDblTap={() => onEdit(element)}
      onDragMove={(event) => {
        const node = event.target;
        const snapped = snapPosition(surface, {
          x: node.x() / scale - element.width / 2,
          y: node.y() / scale - element.height / 2,
          width: element.width,
          height: element.height,
        });
        node.position({
          x: (snapped.x + element.width / 2) * scale,
          y: (snapped.y + element.height / 2) * scale,
        });
        onSnap(snapped.guideX, snapped.guideY);
      }}
      onDragEnd={(event) => {
        onSnap(null, null);
        actions.moveTo(
          element.id,
          event.target.x() / scale - element.width / 2,
          event.target.y() / scale - element.height / 2,
        );
      }}
    >
      <Rect width={w} height={h} fill="rgba(0,0,0,0)" />
      <Text
        width={w}
        height={h}
        text={element.lines.join("\n")}
        fontFamily={element.fontFamily}
        fontStyle={element.fontWeight === "bold" ? "bold" : "normal"}
        fontSize={element.fontSize * MM_PER_POINT * scale}
        fill={element.colour}
        align={element.align}
        verticalAlign="middle"
      />
      {selected ? (
        <Rect width={w} height={h} stroke="#111" strokeWidth={1.5} listening={false} />
      ) : null}
    </Group>
  );
}

function Shape({
  element,
  scale,
  selected,
  actions,
}: {
  element: Extract<Element, { kind: "shape" }>;
  scale: number;
  selected: boolean;
  actions: CanvasActions;
}) {
  const w = element.width * scale;
  const h = element.height * scale;
  const common = {
    fill: element.fill,
    stroke: element.stroke,
    strokeWidth: element.strokeWidth * scale,
  };
  return (
    <Group
      x={(element.x + element.width / 2) * scale}
      y={(element.y + element.height / 2) * scale}
      offsetX={w / 2}
      offsetY={h / 2}
      rotation={element.rotation}
      onMouseDown={() => actions.select(element.id)}
    >
      {element.shape === "ellipse" ? (
        <Ellipse x={w / 2} y={h / 2} radiusX={w / 2} radiusY={h / 2} {...common} />
      ) : (
        <Rect width={w} height={h} {...common} />
      )}
      {selected ? (
        <Rect width={w} height={h} stroke="#111" strokeWidth={1.5} listening={false} />
      ) : null}
    </Group>
  );
}

/** One photo as printed, without handles: for a canvas's mirrored sides. */
function SidePhoto({ element, scale }: { element: PhotoElement; scale: number }) {
  const image = useScreenImage(element.photo?.photoId);
  if (!element.photo || !image) return null;
  const w = element.width * scale;
  const h = element.height * scale;
  const placed = placedPhoto(
    { width: image.naturalWidth, height: image.naturalHeight },
    element,
    element.photo.crop,
  );
  return (
    <Group
      x={(element.x + element.width / 2) * scale}
      y={(element.y + element.height / 2) * scale}
      offsetX={w / 2}
      offsetY={h / 2}
      rotation={element.rotation}
      clipX={0}
      clipY={0}
      clipWidth={w}
      clipHeight={h}
    >
      <Image
        image={image}
        x={w / 2 + element.photo.crop.offsetX * scale}
        y={h / 2 + element.photo.crop.offsetY * scale}
        width={placed.width * scale}
        height={placed.height * scale}
        offsetX={(placed.width * scale) / 2}
        offsetY={(placed.height * scale) / 2}
        rotation={element.photo.crop.rotation}
      />
    </Group>
  );
}

/**
 * A canvas's sides as the print file has them: with a mirrored edge the background and
 * photos near each edge repeated mirrored across it (the four sides and four corners), with
 * a coloured edge the colour; with the image wrapped the front simply runs on. A light veil
 * marks where the side begins.
 */
function WrapSides({
  surface,
  scale,
  origin,
  stageW,
  stageH,
}: {
  surface: Surface;
  scale: number;
  origin: number;
  stageW: number;
  stageH: number;
}) {
  const wrap = surface.wrap;
  if (!wrap) return null;
  const w = surface.trim.width * scale;
  const h = surface.trim.height * scale;
  const m = origin;
  const W = surface.trim.width;
  const H = surface.trim.height;
  // Each part: its clip (stage pixels) and the mirror (mm) the print file applies there.
  const parts: {
    clip: [number, number, number, number];
    mirror: [number, number, number, number];
  }[] = [
    { clip: [0, m, m, h], mirror: [-1, 1, 0, 0] },
    { clip: [m + w, m, m, h], mirror: [-1, 1, 2 * W, 0] },
    { clip: [m, 0, w, m], mirror: [1, -1, 0, 0] },
    { clip: [m, m + h, w, m], mirror: [1, -1, 0, 2 * H] },
    { clip: [0, 0, m, m], mirror: [-1, -1, 0, 0] },
    { clip: [m + w, 0, m, m], mirror: [-1, -1, 2 * W, 0] },
    { clip: [0, m + h, m, m], mirror: [-1, -1, 0, 2 * H] },
    { clip: [m + w, m + h, m, m], mirror: [-1, -1, 2 * W, 2 * H] },
  ];
  const photos = surface.elements.filter((e): e is PhotoElement => e.kind === "photo");
  return (
    <Group listening={false}>
      {wrap.edge !== "image"
        ? parts.map(({ clip: [x, y, cw, ch], mirror: [sx, sy, tx, ty] }, i) => (
            <Group key={i} clipX={x} clipY={y} clipWidth={cw} clipHeight={ch}>
              {wrap.edge === "colour" ? (
                <Rect
                  x={x}
                  y={y}
                  width={cw}
                  height={ch}
                  fill={wrap.edgeColour ?? surface.background}
                />
              ) : (
                <Group x={m + tx * scale} y={m + ty * scale} scaleX={sx} scaleY={sy}>
                  <Rect x={-m} y={-m} width={stageW} height={stageH} fill={surface.background} />
                  {photos.map((e) => (
                    <SidePhoto key={e.id} element={e} scale={scale} />
                  ))}
                </Group>
              )}
            </Group>
          ))
        : null}
      {/* The veil over the sides and the fold: still visible, plainly not the front. */}
      <Rect width={stageW} height={stageH} stroke="rgba(255,255,255,0.35)" strokeWidth={m * 2} />
    </Group>
  );
}

export default function StudioCanvas({
  surface,
  photos,
  quality,
  selected,
  mode,
  guides,
  bands = [],
  safeAreas = null,
  actions,
  labels,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const [width, setWidth] = useState(0);
  const [snap, setSnap] = useState<{ x: number | null; y: number | null }>({ x: null, y: null });
  const [editing, setEditing] = useState<TextElement | null>(null);
  const pinch = useRef<{ distance: number; gesture: string } | null>(null);
  /** Whether the fingers on the canvas now were two at some point (a pinch, not a drag). */
  const twoFingers = useRef(false);

  // Measured before the first paint, so the page is drawn at its size from the start and
  // nothing below it (the tray, the panels on a phone) moves down once it appears.
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    const style = getComputedStyle(node);
    setWidth(node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // The shop's own font files: draw again once they are there.
  const [, fontsReady] = useState(0);
  useEffect(() => {
    void Promise.all(
      ["400 16px Inter", "700 16px Inter", "400 16px Lora", "700 16px Lora"].map((f) =>
        document.fonts.load(f),
      ),
    ).then(() => fontsReady((n) => n + 1));
  }, []);

  const margin = printMargin(surface);
  // The first drawing in steps, each in a task of its own, so that a slow phone never stops
  // answering for long while the studio opens: the sheet's place (an empty box of its size),
  // the stage with its canvases, the elements, then the guides and a canvas's sides, each
  // step after the previous one has been drawn. Until the last step the drawing is hidden
  // (its place kept), so it is never seen or pointed at half done; the element list beside
  // it works from the start.
  const [step, setStep] = useState<0 | 1 | 2 | 3>(0);
  const measured = width > 0;
  useEffect(() => {
    if (!measured || step === 3) return;
    // After the next frame (its drawing), in a task of its own; a hidden tab draws no
    // frames, so there the next step comes after a moment all the same.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      timer = setTimeout(() => setStep(step === 0 ? 1 : step === 1 ? 2 : 3));
    };
    const frame = requestAnimationFrame(next);
    const fallback = setTimeout(next, 100);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      clearTimeout(timer);
    };
  }, [measured, step]);

  const sheetW = surface.trim.width + 2 * margin;
  const sheetH = surface.trim.height + 2 * margin;
  // The page as large as the column allows, and no taller than the window less the toolbar's
  // room, so a portrait calendar page is seen whole yet fills the space beside the panels.
  const maxHeight = typeof window === "undefined" ? 600 : Math.max(280, window.innerHeight - 120);
  const scale = width > 0 ? Math.min(width / sheetW, maxHeight / sheetH) : 0;
  const stageW = sheetW * scale;
  const stageH = sheetH * scale;
  const origin = margin * scale;
  const safe = safeAreas ?? [safeArea(surface)];

  /** The pointer on the stage, in mm of the surface. */
  const toMm = (s: Konva.Stage | null) => {
    const p = s?.getPointerPosition();
    return p ? { x: (p.x - origin) / scale, y: (p.y - origin) / scale } : null;
  };

  function onDrop(event: DragEvent<HTMLDivElement>) {
    const photoId = event.dataTransfer.getData("application/x-studio-photo");
    if (!photoId || !stage.current) return;
    event.preventDefault();
    stage.current.setPointersPositions(event.nativeEvent);
    const at = toMm(stage.current);
    const frame = at ? frameAt(surface, at.x, at.y) : null;
    const target = frame?.id ?? selectedFrame();
    if (target) actions.place(target, photoId);
  }

  function selectedFrame(): string | null {
    const e = surface.elements.find((x) => x.id === selected);
    return e?.kind === "photo" ? e.id : null;
  }

  function onTouchMove(event: Konva.KonvaEventObject<TouchEvent>) {
    const touches = event.evt.touches;
    if (touches.length >= 2) twoFingers.current = true;
    const frame = selectedFrame();
    if (touches.length !== 2 || !frame) return;
    event.evt.preventDefault();
    const [a, b] = [touches[0]!, touches[1]!];
    const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    if (pinch.current && pinch.current.distance > 0) {
      actions.zoom(frame, distance / pinch.current.distance, pinch.current.gesture);
      pinch.current.distance = distance;
    } else {
      pinch.current = { distance, gesture: `pinch-${Date.now()}` };
    }
  }

  const sorted = surface.elements;
  return (
    <div
      ref={box}
      className="studio-canvas"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes("application/x-studio-photo")) event.preventDefault();
      }}
      onDrop={onDrop}
    >
      {scale > 0 && step === 0 ? (
        <div style={{ width: stageW, height: stageH }} />
      ) : scale > 0 ? (
        <Stage
          ref={stage}
          width={stageW}
          height={stageH}
          aria-label={labels.canvas}
          style={step < 3 ? { visibility: "hidden" } : undefined}
          onMouseDown={(event) => {
            if (event.target === event.target.getStage()) actions.select(null);
          }}
          onWheel={(event) => {
            const frame = selectedFrame();
            if (!frame || mode !== "photo") return;
            event.evt.preventDefault();
            actions.zoom(frame, event.evt.deltaY < 0 ? 1.05 : 1 / 1.05, `wheel-${frame}`);
          }}
          onTouchStart={(event) => {
            // A new gesture starts with one finger; a second finger makes it a pinch.
            twoFingers.current = event.evt.touches.length >= 2;
          }}
          onTouchMove={onTouchMove}
          onTouchEnd={() => (pinch.current = null)}
        >
          <Layer>
            <Rect width={stageW} height={stageH} fill={surface.background} />
            <Group x={origin} y={origin}>
              {(step > 1 ? sorted : []).map((element) =>
                element.kind === "photo" ? (
                  <PhotoFrame
                    key={element.id}
                    element={element}
                    scale={scale}
                    photo={element.photo ? photos.get(element.photo.photoId) : undefined}
                    quality={quality.get(element.id)}
                    selected={selected === element.id}
                    mode={mode}
                    surface={surface}
                    actions={actions}
                    labels={labels}
                    onSnap={(x, y) => setSnap({ x, y })}
                    toMm={toMm}
                    pinching={() => twoFingers.current}
                  />
                ) : element.kind === "text" ? (
                  <TextBox
                    key={element.id}
                    element={element}
                    scale={scale}
                    selected={selected === element.id}
                    surface={surface}
                    actions={actions}
                    onSnap={(x, y) => setSnap({ x, y })}
                    onEdit={setEditing}
                  />
                ) : (
                  <Shape
                    key={element.id}
                    element={element}
                    scale={scale}
                    selected={selected === element.id}
                    actions={actions}
                  />
                ),
              )}
            </Group>
          </Layer>
          <Layer listening={false}>
            {step < 3 ? null : surface.wrap ? (
              <>
                <WrapSides
                  surface={surface}
                  scale={scale}
                  origin={origin}
                  stageW={stageW}
                  stageH={stageH}
                />
                <Text x={4} y={4} text={labels.wrap} fontFamily="Inter" fontSize={12} fill="#223" />
              </>
            ) : null}
            {guides && step === 3 ? (
              <>
                {/* The trim: where the sheet is cut. */}
                <Rect
                  x={origin}
                  y={origin}
                  width={surface.trim.width * scale}
                  height={surface.trim.height * scale}
                  stroke="#d0021b"
                  strokeWidth={1}
                />
                {/* The safe areas: text and faces stay inside. */}
                {safe.map((area) => (
                  <Rect
                    key={`safe-${area.x}-${area.y}`}
                    name="safe-area"
                    x={origin + area.x * scale}
                    y={origin + area.y * scale}
                    width={area.width * scale}
                    height={area.height * scale}
                    stroke="#1565c0"
                    strokeWidth={1}
                    dash={[6, 4]}
                  />
                ))}
                {/* The binding's band: punched, clamped or lost in the fold. */}
                {bands.map((band) => (
                  <Rect
                    key={`band-${band.x}-${band.y}`}
                    name="binding-band"
                    x={origin + band.x * scale}
                    y={origin + band.y * scale}
                    width={band.width * scale}
                    height={band.height * scale}
                    fill="rgba(230, 81, 0, 0.15)"
                    stroke="#e65100"
                    strokeWidth={1}
                    dash={[4, 3]}
                  />
                ))}
                {/* The bleed's outer edge: printed, then cut off. */}
                <Rect
                  x={0.5}
                  y={0.5}
                  width={stageW - 1}
                  height={stageH - 1}
                  stroke="#999"
                  strokeWidth={1}
                  dash={[2, 3]}
                />
              </>
            ) : null}
            {snap.x !== null ? (
              <Line
                points={[origin + snap.x * scale, 0, origin + snap.x * scale, stageH]}
                stroke="#e91e63"
                strokeWidth={1}
              />
            ) : null}
            {snap.y !== null ? (
              <Line
                points={[0, origin + snap.y * scale, stageW, origin + snap.y * scale]}
                stroke="#e91e63"
                strokeWidth={1}
              />
            ) : null}
          </Layer>
        </Stage>
      ) : null}
      {editing ? (
        <textarea
          className="studio-canvas__edit"
          aria-label={labels.editText}
          autoFocus
          defaultValue={editing.lines.join("\n")}
          style={{
            left: origin + editing.x * scale,
            top: origin + editing.y * scale,
            width: editing.width * scale,
            height: editing.height * scale,
            fontFamily: editing.fontFamily,
            fontWeight: editing.fontWeight,
            fontSize: editing.fontSize * MM_PER_POINT * scale,
            color: editing.colour,
            textAlign: editing.align,
          }}
          onBlur={(event) => {
            actions.editText(editing.id, event.currentTarget.value.split("\n"));
            setEditing(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") setEditing(null);
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey))
              event.currentTarget.blur();
          }}
        />
      ) : null}
    </div>
  );
}
