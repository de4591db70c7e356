/**
 * Collages: one picture made of many photos, laid out by the catalogue's design group
 * (a grid, a mosaic, a heart, letters spelling a word, polaroids, a film strip …). Each
 * design group comes in a few variants of different cell counts; a layout is generated from
 * the design, the variant and the collage's format, so every format of a design gets cells
 * that fit it. A layout's id ("heart-24", "grid-12", "letters-LOVE") is kept on the surface,
 * so the design can be laid out again with the same cells.
 *
 * Auto-placing puts the shopper's photos into the cells in a shuffled order (seeded, so the
 * same seed gives the same collage); with more photos than cells the rest stay out, with
 * fewer the photos are used again so no cell of the picture stays empty.
 */
import {
  DOCUMENT_SCHEMA_VERSION,
  fillCrop,
  MIN_TEXT_PT,
  MM_PER_POINT,
  type DesignDocument,
  type Element,
  type ProductRef,
  type Surface,
  type TextElement,
} from "./document";
import { surfacesOf, type PrintProfile } from "./profiles";

/** The design groups the studio lays out (the catalogue's collage design group names). */
export const COLLAGE_DESIGNS = [
  "grid",
  "mosaic",
  "heart",
  "polaroid",
  "film-strip",
  "circle",
  "letters",
  "hexagon",
  "family-tree",
  "year",
  "classic-collage",
  "many-photos",
] as const;
export type CollageDesign = (typeof COLLAGE_DESIGNS)[number];

export function isCollageDesign(value: string): value is CollageDesign {
  return (COLLAGE_DESIGNS as readonly string[]).includes(value);
}

/** Room left free around the cells (mm, as a share of the shorter side). */
const MARGIN_SHARE = 0.04;
/** Gap between two cells (mm, as a share of the shorter side). */
const GAP_SHARE = 0.008;

/** Letters a letters collage spells: A–Z, 0–9 and a heart (written "+"), up to this many. */
export const MAX_LETTERS = 8;
export const DEFAULT_WORD = "LOVE";
const WORD = /^[A-Z0-9+]{1,8}$/;

export interface Cell {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  /** The cell's shape when the design's outline cuts it (see the photo element's `clip`). */
  clip?: [number, number][];
}

export interface CollageLayout {
  /** The variant's id, kept on the surface: `{design}-{cells}` or `letters-{WORD}`. */
  id: string;
  design: CollageDesign;
  cells: Cell[];
  /**
   * What the design draws besides the photos, locked: a polaroid's white card, a film
   * strip's band, a year's month names.
   */
  decorations: Element[];
  /** The picture's background, when the design has its own. */
  background?: string;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The space the cells take: the trim less a margin. */
function area(width: number, height: number): Box & { gap: number } {
  const short = Math.min(width, height);
  const margin = short * MARGIN_SHARE;
  return {
    x: margin,
    y: margin,
    width: width - 2 * margin,
    height: height - 2 * margin,
    gap: short * GAP_SHARE,
  };
}

const round = (v: number) => Math.round(v * 100) / 100;

function cell(x: number, y: number, width: number, height: number, rotation = 0): Cell {
  return { x: round(x), y: round(y), width: round(width), height: round(height), rotation };
}

/** A grid of `cols` × `rows` cells filling a box, with gaps between them. */
function gridCells(box: Box, cols: number, rows: number, gap: number): Cell[] {
  const w = (box.width - gap * (cols - 1)) / cols;
  const h = (box.height - gap * (rows - 1)) / rows;
  const cells: Cell[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      cells.push(cell(box.x + c * (w + gap), box.y + r * (h + gap), w, h));
  return cells;
}

/** Columns and rows of `count` cells in a box whose cells come nearest to square. */
function gridShape(count: number, box: Box): { cols: number; rows: number } {
  let best = { cols: count, rows: 1, score: Infinity };
  for (let cols = 1; cols <= count; cols++) {
    if (count % cols !== 0) continue;
    const rows = count / cols;
    const score = Math.abs(Math.log(box.width / cols / (box.height / rows)));
    if (score < best.score) best = { cols, rows, score };
  }
  return best;
}

/** Square cells on a grid of pitch `pitch` centred in a box, kept where `inside` says. */
function shapeCells(
  box: Box,
  pitch: number,
  gap: number,
  inside: (u: number, v: number) => boolean,
  seen?: (cell: Cell, u: number, v: number) => void,
): Cell[] {
  const cols = Math.floor(box.width / pitch);
  const rows = Math.floor(box.height / pitch);
  const x0 = box.x + (box.width - cols * pitch) / 2;
  const y0 = box.y + (box.height - rows * pitch) / 2;
  const cells: Cell[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      // The cell's centre in the box's own terms, 0..1 across and down.
      const u = (c + 0.5) / cols;
      const v = (r + 0.5) / rows;
      if (!inside(u, v)) continue;
      const made = cell(
        x0 + c * pitch + gap / 2,
        y0 + r * pitch + gap / 2,
        pitch - gap,
        pitch - gap,
      );
      seen?.(made, u, v);
      cells.push(made);
    }
  return cells;
}

/**
 * How deep inside the heart curve (x² + y² − 1)³ − x²y³ a point of a square 0..1 box is:
 * below 0 inside. `top` is where the first row's centres lie (0..1 down) and `lobes` the
 * height on the curve they are put at: a little above the dip between the lobes (1), so the
 * cells there show two lobes with a notch between.
 */
function heartDepth(u: number, v: number, top: number, lobes: number): number {
  const x = (u - 0.5) * 2.4;
  const y = (top - v) * 2.5 + lobes;
  const a = x * x + y * y - 1;
  return a * a * a - x * x * y * y * y;
}

/** Points of the heart's outline a polygon has (every 3.75°). */
const OUTLINE_STEPS = 96;

/**
 * The heart curve of `heartDepth` as a polygon in mm, in the box it was laid out in: the
 * curve is star-shaped about its own origin, so each ray from there crosses it once; the
 * crossing is found by stepping in from outside and halving.
 */
export function heartOutline(box: Box, top: number, lobes: number): [number, number][] {
  const depth = (x: number, y: number) => {
    const a = x * x + y * y - 1;
    return a * a * a - x * x * y * y * y;
  };
  const points: [number, number][] = [];
  for (let i = 0; i < OUTLINE_STEPS; i++) {
    const angle = (2 * Math.PI * i) / OUTLINE_STEPS;
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    let outside = 2;
    while (outside > 0 && depth(outside * dx, outside * dy) > 0) outside -= 0.02;
    let inside = Math.max(0, outside);
    outside = inside + 0.02;
    for (let k = 0; k < 30; k++) {
      const mid = (inside + outside) / 2;
      if (depth(mid * dx, mid * dy) > 0) outside = mid;
      else inside = mid;
    }
    const x = inside * dx;
    const y = inside * dy;
    // Back from the curve's terms to the box's (the inverse of heartDepth's mapping).
    const u = x / 2.4 + 0.5;
    const v = top - (y - lobes) / 2.5;
    points.push([box.x + u * box.width, box.y + v * box.height]);
  }
  return points;
}

/** The part of a polygon inside a rectangle (Sutherland–Hodgman: the window is convex). */
export function clipToBox(polygon: readonly [number, number][], r: Box): [number, number][] {
  const edges: [(p: [number, number]) => number][] = [
    [(p) => p[0] - r.x],
    [(p) => r.x + r.width - p[0]],
    [(p) => p[1] - r.y],
    [(p) => r.y + r.height - p[1]],
  ];
  let out = [...polygon];
  for (const [side] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const a = input[i]!;
      const b = input[(i + 1) % input.length]!;
      const sa = side(a);
      const sb = side(b);
      if (sa >= 0) out.push(a);
      if (sa >= 0 !== sb >= 0) {
        const t = sa / (sa - sb);
        out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
      }
    }
    if (out.length === 0) break;
  }
  return out;
}

/** A polygon's area (shoelace). */
export function polygonArea(points: readonly [number, number][]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/**
 * A cell's shape cut by an outline, in the cell's own terms (0..1), or undefined when the
 * outline leaves the cell whole (more than 99.5 % of it inside).
 */
function clipOf(c: Cell, outline: readonly [number, number][]): [number, number][] | undefined {
  const inside = clipToBox(outline, c);
  if (inside.length < 3 || polygonArea(inside) >= 0.995 * c.width * c.height) return undefined;
  const unit = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10_000) / 10_000));
  return inside.map(([x, y]) => [unit((x - c.x) / c.width), unit((y - c.y) / c.height)]);
}

/**
 * Whether a heart's cells show its two lobes: its top row has cells left and right of the
 * middle with at least one cell's room free between them (the notch).
 */
function hasNotch(cells: readonly Cell[]): boolean {
  const top = Math.min(...cells.map((c) => c.y));
  const row = cells.filter((c) => Math.abs(c.y - top) < 1e-6);
  const middle =
    (Math.min(...cells.map((c) => c.x)) + Math.max(...cells.map((c) => c.x + c.width))) / 2;
  const lefts = row.filter((c) => c.x + c.width / 2 < middle);
  const rights = row.filter((c) => c.x + c.width / 2 > middle);
  if (lefts.length === 0 || rights.length === 0) return false;
  const inner = Math.max(...lefts.map((c) => c.x + c.width));
  const outer = Math.min(...rights.map((c) => c.x));
  return outer - inner >= row[0]!.width;
}

/**
 * A heart of exactly `count` cells, or null when no grid gives it: the finest grid whose
 * heart holds at least `count` cells, less the cells nearest its outline, a mirrored pair
 * at a time (a single cell only on the middle column), so the heart stays symmetric. A
 * grid whose heart would lose the notch between its lobes (a shield, not a heart) is passed
 * over for the next finer one.
 */
export function heartCells(width: number, height: number, count: number): Cell[] | null {
  const a = area(width, height);
  // The heart is about as wide as high; it takes the picture's shorter side, centred.
  const side = Math.min(a.width, a.height);
  const box = {
    x: a.x + (a.width - side) / 2,
    y: a.y + (a.height - side) / 2,
    width: side,
    height: side,
  };
  for (let columns = 4; columns <= 16; columns++) {
    const pitch = side / columns;
    const top = 0.5 / columns;
    // The first row a little higher or lower on the lobes: whichever shows the notch.
    for (const lobes of HEART_TOP_ROWS) {
      const depth = new Map<Cell, number>();
      const cells = shapeCells(
        box,
        pitch,
        a.gap,
        (u, v) => heartDepth(u, v, top, lobes) <= 0,
        (c, u, v) => depth.set(c, heartDepth(u, v, top, lobes)),
      );
      if (cells.length < count) continue;
      // Cells of equal depth are mirror images (the curve is symmetric in x): drop whole groups.
      const groups = new Map<number, Cell[]>();
      for (const c of cells) {
        const key = Math.round(depth.get(c)! * 1e6);
        groups.set(key, [...(groups.get(key) ?? []), c]);
      }
      let excess = cells.length - count;
      const dropped = new Set<Cell>();
      for (const key of [...groups.keys()].sort((x, y) => y - x)) {
        const group = groups.get(key)!;
        if (group.length <= excess) {
          group.forEach((c) => dropped.add(c));
          excess -= group.length;
        }
        if (excess === 0) break;
      }
      const kept = cells.filter((c) => !dropped.has(c));
      if (excess === 0 && hasNotch(kept)) {
        const outline = heartOutline(box, top, lobes);
        return kept.map((c) => {
          const clip = clipOf(c, outline);
          return clip ? { ...c, clip } : c;
        });
      }
    }
  }
  return null;
}

/** Where on the curve a heart's first row may lie (the lobes' tops are near 1.2, the dip at 1). */
const HEART_TOP_ROWS = [1.2, 1.15, 1.1] as const;

/** The cell counts a heart comes in (those its grids cannot give are left out). */
const HEART_COUNTS = [16, 20, 30, 36, 48, 60];

/**
 * A 3 × 5 dot font: each letter a glyph of lit dots, one photo each. Rows top to bottom,
 * "#" lit.
 */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  A: [".#.", "#.#", "###", "#.#", "#.#"],
  B: ["##.", "#.#", "##.", "#.#", "##."],
  C: [".##", "#..", "#..", "#..", ".##"],
  D: ["##.", "#.#", "#.#", "#.#", "##."],
  E: ["###", "#..", "##.", "#..", "###"],
  F: ["###", "#..", "##.", "#..", "#.."],
  G: [".##", "#..", "#.#", "#.#", ".##"],
  H: ["#.#", "#.#", "###", "#.#", "#.#"],
  I: ["###", ".#.", ".#.", ".#.", "###"],
  J: ["..#", "..#", "..#", "#.#", ".#."],
  K: ["#.#", "#.#", "##.", "#.#", "#.#"],
  L: ["#..", "#..", "#..", "#..", "###"],
  M: ["#.#", "###", "###", "#.#", "#.#"],
  N: ["##.", "#.#", "#.#", "#.#", "#.#"],
  O: [".#.", "#.#", "#.#", "#.#", ".#."],
  P: ["##.", "#.#", "##.", "#..", "#.."],
  Q: [".#.", "#.#", "#.#", "##.", ".##"],
  R: ["##.", "#.#", "##.", "#.#", "#.#"],
  S: [".##", "#..", ".#.", "..#", "##."],
  T: ["###", ".#.", ".#.", ".#.", ".#."],
  U: ["#.#", "#.#", "#.#", "#.#", "###"],
  V: ["#.#", "#.#", "#.#", "#.#", ".#."],
  W: ["#.#", "#.#", "###", "###", "#.#"],
  X: ["#.#", "#.#", ".#.", "#.#", "#.#"],
  Y: ["#.#", "#.#", ".#.", ".#.", ".#."],
  Z: ["###", "..#", ".#.", "#..", "###"],
  "0": ["###", "#.#", "#.#", "#.#", "###"],
  "1": [".#.", "##.", ".#.", ".#.", "###"],
  "2": ["##.", "..#", ".#.", "#..", "###"],
  "3": ["##.", "..#", ".#.", "..#", "##."],
  "4": ["#.#", "#.#", "###", "..#", "..#"],
  "5": ["###", "#..", "##.", "..#", "##."],
  "6": [".##", "#..", "###", "#.#", "###"],
  "7": ["###", "..#", ".#.", ".#.", ".#."],
  "8": ["###", "#.#", "###", "#.#", "###"],
  "9": ["###", "#.#", "###", "..#", "##."],
  "+": ["...", "#.#", "###", "###", ".#."],
};

/** The word a letters layout spells, in capitals, or null when it has other characters. */
export function collageWord(input: string): string | null {
  const word = input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/\s+/g, "");
  return WORD.test(word) ? word : null;
}

function lettersCells(width: number, height: number, word: string): Cell[] {
  const a = area(width, height);
  // Each glyph is 3 dots wide with one dot between letters; 5 dots high.
  const dotsWide = word.length * 4 - 1;
  const pitch = Math.min(a.width / dotsWide, a.height / 5);
  const x0 = a.x + (a.width - dotsWide * pitch) / 2;
  const y0 = a.y + (a.height - 5 * pitch) / 2;
  const cells: Cell[] = [];
  [...word].forEach((ch, i) => {
    (GLYPHS[ch] ?? []).forEach((row, r) =>
      [...row].forEach((dot, c) => {
        if (dot !== "#") return;
        const made = cell(
          x0 + (i * 4 + c) * pitch + a.gap / 2,
          y0 + r * pitch + a.gap / 2,
          pitch - a.gap,
          pitch - a.gap,
        );
        const clip = letterDotShape(GLYPHS[ch]!, r, c);
        cells.push(clip ? { ...made, clip } : made);
      }),
    );
  });
  return cells;
}

/** Points on each rounded corner of a letter's dot. */
const CORNER_STEPS = 6;

/**
 * A letter's dot shaped by its stroke: each corner where the stroke ends or turns outwards
 * (no lit dot beside it on either of the corner's two sides) is rounded with a radius of
 * half the dot, so the letters read as drawn strokes rather than a grid of squares; a dot
 * on its own becomes a circle. Undefined when no corner is rounded.
 */
export function letterDotShape(
  glyph: readonly string[],
  row: number,
  col: number,
): [number, number][] | undefined {
  const lit = (r: number, c: number) => glyph[r]?.[c] === "#";
  // Corners clockwise from the top-left: the corner point, its two sides' neighbours.
  const corners = [
    { at: [0, 0], sides: [lit(row - 1, col), lit(row, col - 1)], from: Math.PI },
    { at: [1, 0], sides: [lit(row - 1, col), lit(row, col + 1)], from: 1.5 * Math.PI },
    { at: [1, 1], sides: [lit(row + 1, col), lit(row, col + 1)], from: 0 },
    { at: [0, 1], sides: [lit(row + 1, col), lit(row, col - 1)], from: 0.5 * Math.PI },
  ] as const;
  if (corners.every((k) => k.sides.some(Boolean))) return undefined;
  const radius = 0.5;
  const round4 = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10_000) / 10_000));
  const points: [number, number][] = [];
  for (const k of corners) {
    if (k.sides.some(Boolean)) {
      points.push([k.at[0], k.at[1]]);
      continue;
    }
    // The arc's centre half a dot in from the corner, swept a quarter turn.
    const cx = k.at[0] === 0 ? radius : 1 - radius;
    const cy = k.at[1] === 0 ? radius : 1 - radius;
    for (let i = 0; i <= CORNER_STEPS; i++) {
      const angle = k.from + (i / CORNER_STEPS) * (Math.PI / 2);
      points.push([round4(cx + radius * Math.cos(angle)), round4(cy + radius * Math.sin(angle))]);
    }
  }
  return points;
}

/** A mosaic: a grid whose top-left 2 × 2 cells are one large photo. */
function mosaicCells(width: number, height: number, cols: number, rows: number): Cell[] {
  const a = area(width, height);
  const grid = gridCells(a, cols, rows, a.gap);
  const w = grid[0]!.width;
  const h = grid[0]!.height;
  const big = cell(a.x, a.y, 2 * w + a.gap, 2 * h + a.gap);
  const rest = grid.filter((_, i) => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    return !(r < 2 && c < 2);
  });
  return [big, ...rest];
}

/** One large photo on the left half, the others in a grid on the right. */
function classicCells(width: number, height: number, small: number): Cell[] {
  const a = area(width, height);
  const half = (a.width - a.gap) / 2;
  const right = { x: a.x + half + a.gap, y: a.y, width: half, height: a.height };
  const { cols, rows } = gridShape(small, right);
  return [cell(a.x, a.y, half, a.height), ...gridCells(right, cols, rows, a.gap)];
}

/** Cells around a centre: one large photo in the middle, rings of photos turned around it. */
function circleCells(width: number, height: number, rings: readonly number[]): Cell[] {
  const a = area(width, height);
  const cx = a.x + a.width / 2;
  const cy = a.y + a.height / 2;
  const radius = Math.min(a.width, a.height) / 2;
  // Ring k (from 1) at radius (k + 0.5) × step; the centre takes one step's radius.
  const step = radius / (rings.length + 1);
  const cells: Cell[] = [];
  const centre = step * 1.3;
  cells.push(cell(cx - (centre / 2) * 1.4, cy - (centre / 2) * 1.4, centre * 1.4, centre * 1.4));
  rings.forEach((count, k) => {
    const r = step * (k + 1.5);
    const size = Math.min(step * 0.9, ((2 * Math.PI * r) / count) * 0.85);
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * 2 * Math.PI - Math.PI / 2;
      const x = cx + r * Math.cos(angle);
      const y = cy + r * Math.sin(angle);
      const turn = Math.round(((angle + Math.PI / 2) * 180) / Math.PI) % 360;
      cells.push(cell(x - size / 2, y - size / 2, size, size, turn > 180 ? turn - 360 : turn));
    }
  });
  return cells;
}

/** A honeycomb: rows of cells offset by half a cell, `rings` around the middle one. */
function hexagonCells(width: number, height: number, rings: number): Cell[] {
  const a = area(width, height);
  const across = 2 * rings + 1;
  const pitch = Math.min(a.width / across, a.height / (across * 0.87));
  const cx = a.x + a.width / 2;
  const cy = a.y + a.height / 2;
  const cells: Cell[] = [];
  for (let row = -rings; row <= rings; row++) {
    const count = across - Math.abs(row);
    const y = cy + row * pitch * 0.87;
    for (let i = 0; i < count; i++) {
      const x = cx + (i - (count - 1) / 2) * pitch;
      // Rows are 0.87 of a pitch apart (a honeycomb's), so the square photos are that big.
      const size = pitch * 0.87 - a.gap;
      cells.push(cell(x - size / 2, y - size / 2, size, size));
    }
  }
  return cells;
}

/** A family tree: rows of photos, each row as wide as the generation, oldest at the top. */
function treeCells(width: number, height: number, rows: readonly number[]): Cell[] {
  const a = area(width, height);
  const widest = Math.max(...rows);
  const size = Math.min(
    (a.width - a.gap * (widest - 1)) / widest,
    (a.height - a.gap * (rows.length - 1)) / rows.length,
  );
  const rowGap = (a.height - size * rows.length) / Math.max(1, rows.length - 1);
  const cells: Cell[] = [];
  rows.forEach((count, r) => {
    const span = a.width / count;
    for (let i = 0; i < count; i++)
      cells.push(cell(a.x + span * (i + 0.5) - size / 2, a.y + r * (size + rowGap), size, size));
  });
  return cells;
}

/** Loose photos on white cards, each slightly turned (the same turns every time). */
function polaroidCells(
  width: number,
  height: number,
  count: number,
): { cells: Cell[]; cards: Element[] } {
  const a = area(width, height);
  const { cols, rows } = gridShape(count, a);
  const spanW = a.width / cols;
  const spanH = a.height / rows;
  // A card is 88 × 107 units with the photo 79 × 79 at 4.5 from the top: a polaroid's look.
  const scale = Math.min((spanW * 0.86) / 88, (spanH * 0.86) / 107);
  const cells: Cell[] = [];
  const cards: Element[] = [];
  for (let i = 0; i < count; i++) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    const turn = [-4, 3, -2, 5, -5, 2, 4, -3][i % 8]!;
    const cardW = 88 * scale;
    const cardH = 107 * scale;
    const cx = a.x + spanW * (c + 0.5);
    const cy = a.y + spanH * (r + 0.5);
    cards.push({
      id: `card-${i + 1}`,
      kind: "shape",
      shape: "rectangle",
      x: round(cx - cardW / 2),
      y: round(cy - cardH / 2),
      width: round(cardW),
      height: round(cardH),
      rotation: turn,
      locked: true,
      fill: "#ffffff",
      stroke: "#d8d8d8",
      strokeWidth: 0.3,
    });
    // The photo sits above the card's centre; turned with the card, its centre moves on a
    // circle around the card's.
    const side = 79 * scale;
    const dy = -cardH / 2 + 4.5 * scale + side / 2;
    const rad = (turn * Math.PI) / 180;
    const px = cx - dy * Math.sin(rad);
    const py = cy + dy * Math.cos(rad);
    cells.push(cell(px - side / 2, py - side / 2, side, side, turn));
  }
  return { cells, cards };
}

/** Strips of film across the picture, each frame a photo, holes along both edges. */
function filmCells(
  width: number,
  height: number,
  count: number,
): { cells: Cell[]; bands: Element[] } {
  const a = area(width, height);
  const strips = count <= 8 ? 2 : count <= 12 ? 3 : 4;
  const perStrip = Math.ceil(count / strips);
  const bandH = (a.height - a.gap * 2 * (strips - 1)) / strips;
  const cells: Cell[] = [];
  const bands: Element[] = [];
  for (let s = 0; s < strips; s++) {
    const y = a.y + s * (bandH + a.gap * 2);
    bands.push({
      id: `strip-${s + 1}`,
      kind: "shape",
      shape: "rectangle",
      x: round(a.x),
      y: round(y),
      width: round(a.width),
      height: round(bandH),
      rotation: 0,
      locked: true,
      fill: "#1a1a1a",
      strokeWidth: 0,
    });
    const inset = bandH * 0.14;
    const frames = Math.min(perStrip, count - s * perStrip);
    const row = {
      x: a.x + inset,
      y: y + inset,
      width: a.width - 2 * inset,
      height: bandH - 2 * inset,
    };
    cells.push(...gridCells(row, frames, 1, inset * 0.6));
  }
  return { cells, bands };
}

/** The variants a design comes in: the layout ids, fewest cells first. */
export function collageVariants(design: CollageDesign, width: number, height: number): string[] {
  switch (design) {
    case "heart": {
      return HEART_COUNTS.filter((n) => heartCells(width, height, n) !== null).map(
        (n) => `heart-${n}`,
      );
    }
    case "letters":
      return [`letters-${DEFAULT_WORD}`];
    default:
      return VARIANTS[design].map((n) => `${design}-${n}`);
  }
}

/** Cell counts per variant of the designs laid out by count. */
const VARIANTS: Readonly<Record<Exclude<CollageDesign, "heart" | "letters">, readonly number[]>> = {
  grid: [4, 6, 9, 12, 16, 20, 24, 30, 36, 48],
  mosaic: [6, 9, 13, 17, 21, 27],
  polaroid: [6, 9, 12, 16, 20],
  "film-strip": [8, 12, 16, 24],
  circle: [13, 19, 25, 37],
  hexagon: [7, 19],
  "family-tree": [7, 10, 15],
  year: [12],
  "classic-collage": [5, 7, 9, 13],
  // A grid for a great many photos: the page for it promises up to 100 on one picture.
  "many-photos": [40, 50, 60, 70, 80, 90, 100],
};

/** The mosaic grid (cols × rows) of a mosaic's cell count. */
const MOSAIC_GRIDS: Readonly<Record<number, [number, number]>> = {
  6: [3, 3],
  9: [4, 3],
  13: [4, 4],
  17: [5, 4],
  21: [6, 4],
  27: [6, 5],
};
const CIRCLE_RINGS: Readonly<Record<number, readonly number[]>> = {
  13: [12],
  19: [18],
  25: [8, 16],
  37: [12, 24],
};
const TREE_ROWS: Readonly<Record<number, readonly number[]>> = {
  7: [1, 2, 4],
  10: [1, 2, 3, 4],
  15: [1, 2, 4, 8],
};

/** A collage made without a storefront's locale (a script, a test) names its months in German. */
const DEFAULT_LOCALE = "de-DE";

/**
 * A year collage: a photo for each month, January to December in the grid's order, with the
 * month's name in the storefront's language on a band under its photo (a sixth of the cell,
 * never below the smallest text that prints legibly).
 */
function yearCells(grid: Cell[], locale: string): { cells: Cell[]; decorations: Element[] } {
  const names = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  const cells: Cell[] = [];
  const decorations: Element[] = [];
  grid.forEach((c, i) => {
    const band = Math.max(c.height / 6, (MIN_TEXT_PT * MM_PER_POINT) / 0.6);
    const photo = cell(c.x, c.y, c.width, c.height - band);
    cells.push(photo);
    const name = names.format(Date.UTC(2001, i % 12, 1));
    const label: TextElement = {
      id: `month-${i + 1}`,
      kind: "text",
      x: c.x,
      y: photo.y + photo.height,
      width: c.width,
      height: round(band),
      rotation: 0,
      locked: true,
      fontFamily: "Lora",
      fontWeight: "normal",
      // Three fifths of the band, in tenths of a point.
      fontSize: Math.round(((band * 0.6) / MM_PER_POINT) * 10) / 10,
      colour: "#1d2126",
      align: "center",
      lines: [name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)],
    };
    decorations.push(label);
  });
  return { cells, decorations };
}

/**
 * The layout of a layout id in a format (mm), or null when the id names no variant of the
 * design (a layout id from elsewhere, a word with characters the font has not).
 */
export function collageLayout(
  design: CollageDesign,
  layoutId: string,
  width: number,
  height: number,
  locale = DEFAULT_LOCALE,
): CollageLayout | null {
  const prefix = `${design}-`;
  if (!layoutId.startsWith(prefix)) return null;
  const rest = layoutId.slice(prefix.length);
  const base = { id: layoutId, design, decorations: [] as Element[] };
  if (design === "letters") {
    const word = collageWord(rest);
    return word === rest ? { ...base, cells: lettersCells(width, height, word) } : null;
  }
  if (!collageVariants(design, width, height).includes(layoutId)) return null;
  const n = Number(rest);
  const a = area(width, height);
  switch (design) {
    case "heart":
      return { ...base, cells: heartCells(width, height, n)! };
    case "grid":
    case "many-photos": {
      const { cols, rows } = gridShape(n, a);
      return { ...base, cells: gridCells(a, cols, rows, a.gap) };
    }
    case "year": {
      const { cols, rows } = gridShape(n, a);
      return { ...base, ...yearCells(gridCells(a, cols, rows, a.gap), locale) };
    }
    case "mosaic": {
      const [cols, rows] = MOSAIC_GRIDS[n]!;
      return {
        ...base,
        cells: mosaicCells(
          width,
          height,
          width >= height ? cols : rows,
          width >= height ? rows : cols,
        ),
      };
    }
    case "classic-collage":
      return { ...base, cells: classicCells(width, height, n - 1) };
    case "circle":
      return { ...base, cells: circleCells(width, height, CIRCLE_RINGS[n]!) };
    case "hexagon":
      return { ...base, cells: hexagonCells(width, height, n === 7 ? 1 : 2) };
    case "family-tree":
      return { ...base, cells: treeCells(width, height, TREE_ROWS[n]!) };
    case "polaroid": {
      const { cells, cards } = polaroidCells(width, height, n);
      return { ...base, cells, decorations: cards, background: "#efe9df" };
    }
    case "film-strip": {
      const { cells, bands } = filmCells(width, height, n);
      return { ...base, cells, decorations: bands };
    }
  }
}

/** The layout id a letters collage spelling `word` has, or null for a word it cannot spell. */
export function lettersLayoutId(input: string): string | null {
  const word = collageWord(input);
  return word ? `letters-${word}` : null;
}

/**
 * The variant for a number of photos: the one with the fewest cells that holds them all,
 * else the one with the most cells.
 */
export function variantFor(
  design: CollageDesign,
  width: number,
  height: number,
  photos: number,
): string {
  const variants = collageVariants(design, width, height);
  const counts = variants.map((id) => collageLayout(design, id, width, height)!.cells.length);
  const index = counts.findIndex((n) => n >= photos);
  return variants[index === -1 ? variants.length - 1 : index]!;
}

/** The variant a new collage starts with: the one nearest the design group's photo count. */
export function startVariant(
  design: CollageDesign,
  width: number,
  height: number,
  images: number,
): string {
  return variantFor(design, width, height, images);
}

/** The photo cells' ids on a collage surface: `cell-1` … in the layout's order. */
export const cellId = (i: number) => `cell-${i + 1}`;

/**
 * Lays a surface out anew: the layout's decorations, then its cells as empty photo frames;
 * the photos the surface held go into the new cells in their old order (those beyond the
 * new cell count stay out).
 */
export function applyLayout(surface: Surface, layout: CollageLayout): Surface {
  const old = surface.elements.flatMap((e) => (e.kind === "photo" && e.photo ? [e.photo] : []));
  const cells: Element[] = layout.cells.map((c, i) => {
    const photo = old[i];
    return {
      id: cellId(i),
      kind: "photo",
      ...c,
      locked: false,
      ...(photo ? { photo: { photoId: photo.photoId, crop: fillCrop() } } : {}),
    };
  });
  return {
    ...surface,
    layout: layout.id,
    ...(layout.background ? { background: layout.background } : {}),
    elements: [...layout.decorations, ...cells],
  };
}

/** A small fast generator of numbers in [0, 1) from a seed (mulberry32): the same seed, the same row. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The items in an order shuffled by the seed (Fisher–Yates); a new array. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Places photos into a collage surface's cells (locked cells keep theirs): shuffled by the
 * seed when one is given, else in the order given; only as many as there are cells, and
 * when there are fewer photos than cells they are used again in the same order, so no cell
 * stays empty. Returns a new document.
 */
export function autoPlace(
  doc: DesignDocument,
  surfaceIndex: number,
  photoIds: readonly string[],
  seed?: number,
): DesignDocument {
  const unique = [...new Set(photoIds)];
  if (unique.length === 0) return doc;
  const order = seed === undefined ? unique : shuffled(unique, seed);
  return {
    ...doc,
    surfaces: doc.surfaces.map((s, i) => {
      if (i !== surfaceIndex) return s;
      let next = 0;
      return {
        ...s,
        elements: s.elements.map((e) => {
          if (e.kind !== "photo" || e.locked) return e;
          const photoId = order[next++ % order.length]!;
          return { ...e, photo: { photoId, crop: fillCrop() } };
        }),
      };
    }),
  };
}

/** Shuffles the photos already in a collage surface's cells (locked cells keep theirs). */
export function shufflePlaced(
  doc: DesignDocument,
  surfaceIndex: number,
  seed: number,
): DesignDocument {
  const surface = doc.surfaces[surfaceIndex];
  if (!surface) return doc;
  const open = surface.elements.filter(
    (e): e is Extract<Element, { kind: "photo" }> => e.kind === "photo" && !e.locked,
  );
  const photos = shuffled(
    open.map((e) => e.photo),
    seed,
  );
  const byId = new Map(open.map((e, i) => [e.id, photos[i]]));
  return {
    ...doc,
    surfaces: doc.surfaces.map((s, i) =>
      i !== surfaceIndex
        ? s
        : {
            ...s,
            elements: s.elements.map((e) => {
              if (e.kind !== "photo" || !byId.has(e.id)) return e;
              const photo = byId.get(e.id);
              const { photo: _old, ...rest } = e;
              return photo
                ? { ...rest, photo: { photoId: photo.photoId, crop: fillCrop() } }
                : rest;
            }),
          },
    ),
  };
}

/** How many photo cells a surface has. */
export function cellCount(surface: Surface): number {
  return surface.elements.filter((e) => e.kind === "photo").length;
}

/** The catalogue's collage design group a collage is made from: its name and photo count. */
export interface CollageGroup {
  name: string;
  attributes: Record<string, unknown>;
}

/** The design a group's name lays out (an unknown one as a grid). */
export function designOf(groupName: string): CollageDesign {
  return isCollageDesign(groupName) ? groupName : "grid";
}

/**
 * A new collage: the profile's one surface laid out in the design group's variant nearest
 * the group's photo count, every cell an empty photo frame.
 */
export function collageTemplate(
  product: ProductRef,
  profile: PrintProfile,
  group: CollageGroup,
  locale = DEFAULT_LOCALE,
): DesignDocument {
  const design = designOf(group.name);
  const images = typeof group.attributes.images === "number" ? group.attributes.images : 9;
  const surfaces = surfacesOf(profile).map((surface) => {
    const { width, height } = surface.trim;
    const id = startVariant(design, width, height, images);
    return applyLayout(surface, collageLayout(design, id, width, height, locale)!);
  });
  return { schemaVersion: DOCUMENT_SCHEMA_VERSION, product, surfaces };
}
