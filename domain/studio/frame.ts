/**
 * A framed picture as the studio shows and prints it: the frame type and its colour (the
 * catalogue's finish), a mat (passe-partout) and the glazing where the frame has them.
 *
 * Two kinds of frame: a moulding with a rebate (aluminium, wood, plastic, the art box and
 * the standing photo frame) lies over the print's outer edge, so that much of the print is
 * hidden; a shadow-gap frame holds a canvas or a panel with a narrow gap around it and hides
 * nothing, so the picture is printed as it would be unframed.
 */
import { FRAME_FINISHES, FRAME_TYPES, MAT_COLOURS, type FrameType } from "../catalogue";
import {
  FRAME_OPTION_KEYS,
  finishSwatch,
  frameGlass,
  frameOptionProblem,
  frameOptionsIn,
  frameTakesMat,
} from "../frames";

export { FRAME_OPTION_KEYS };

export interface FrameLook {
  /** Width of the frame's face seen from the front (mm). */
  face: number;
  /** How much of the print's edge the rebate hides on every side (mm); 0 for a shadow gap. */
  rebate: number;
  /** The gap between a shadow-gap frame and the picture it holds (mm). */
  gap: number;
}

/** Each frame type's look and rebate, as the frames are made. */
export const FRAME_LOOKS: Readonly<Record<FrameType, FrameLook>> = {
  alurahmen: { face: 12, rebate: 5, gap: 0 },
  artbox: { face: 22, rebate: 5, gap: 0 },
  fotorahmen: { face: 15, rebate: 5, gap: 0 },
  holzrahmen: { face: 20, rebate: 5, gap: 0 },
  kunststoffrahmen: { face: 15, rebate: 5, gap: 0 },
  "schattenfuge-leinwand": { face: 10, rebate: 0, gap: 6 },
  "schattenfuge-platte": { face: 10, rebate: 0, gap: 6 },
};

export function isFrameType(value: string | undefined): value is FrameType {
  return (FRAME_TYPES as readonly string[]).includes(value ?? "");
}

/** True when the frame type holds its picture in a shadow gap (nothing of it hidden). */
export function isShadowGap(frameType: FrameType): boolean {
  return FRAME_LOOKS[frameType].rebate === 0;
}

/** The glazing a frame type is sold with (the standing photo frame and shadow gaps: none). */
export function glassOf(frameType: FrameType): readonly string[] {
  return frameGlass(frameType);
}

/** Mats go into the frames with glass over paper prints. */
export function takesMat(frameType: FrameType): boolean {
  return frameTakesMat(frameType);
}

/** The mat widths the catalogue sells (mm) beside none. */
export const MAT_WIDTHS = [30] as const;

/** The mats a shopper chooses between: none, or the catalogue's mat in each board colour. */
export const MAT_CHOICES = ["none", ...MAT_COLOURS.filter((c) => c !== "none")] as const;

/**
 * The frame options of a mat choice ("none" or a board colour): the catalogue's one mat
 * (white board, its one width) in that colour, or none.
 */
export function matOptions(mat: string): Record<string, string> {
  return mat === "none"
    ? { matType: "mat-none" }
    : { matType: "mat-weiss", matSize: String(MAT_WIDTHS[0]), matColour: mat };
}

/** A mat's board colour as shown. */
const MAT_SWATCHES: Readonly<Record<string, string>> = {
  white: "#fbfbf8",
  cream: "#f3ead8",
  black: "#1f1f1f",
};

export interface FrameChoice {
  frameType: FrameType;
  /** The catalogue's finish name ("angular-silver", "oak" …). */
  finish: string;
  /** The frame's colour as shown. */
  colour: string;
  look: FrameLook;
  /** A mat: its colour name, board colour and width (mm); null without one. */
  mat: { name: string; colour: string; width: number } | null;
  /** The glazing, or null when the frame has none. */
  glass: string | null;
}

/**
 * A product's frame, read from its options (frameType, frameColour, matType, matSize,
 * matColour, glass), with the frame's defaults where the options leave something open; null
 * when it has no frame or names one the shop does not sell.
 */
export function frameChoice(options: Readonly<Record<string, string>>): FrameChoice | null {
  const frameType = options.frameType;
  if (!isFrameType(frameType)) return null;
  const finishes = FRAME_FINISHES[frameType];
  const finish =
    options.frameColour && finishes.includes(options.frameColour)
      ? options.frameColour
      : finishes[0]!;
  const glasses = glassOf(frameType);
  const glass =
    glasses.length === 0
      ? null
      : options.glass && glasses.includes(options.glass)
        ? options.glass
        : glasses[0]!;
  const matWidth = Number(options.matSize ?? "0");
  const wantsMat =
    takesMat(frameType) &&
    options.matType !== undefined &&
    options.matType !== "mat-none" &&
    (MAT_WIDTHS as readonly number[]).includes(matWidth);
  const matName =
    options.matColour && (MAT_COLOURS as readonly string[]).includes(options.matColour)
      ? options.matColour
      : "white";
  return {
    frameType,
    finish,
    colour: finishSwatch(finish),
    look: FRAME_LOOKS[frameType],
    mat:
      wantsMat && matName !== "none"
        ? { name: matName, colour: MAT_SWATCHES[matName] ?? MAT_SWATCHES.white!, width: matWidth }
        : null,
    glass,
  };
}

/**
 * The frame options (colour, mat, glazing) a choice stands for, as a design's product and a
 * designer link name them: a frame that takes a mat says when it has none.
 */
export function frameOptionsOf(choice: FrameChoice): Record<string, string> {
  const options: Record<string, string> = { frameColour: choice.finish };
  if (choice.mat) Object.assign(options, matOptions(choice.mat.name));
  else if (takesMat(choice.frameType)) Object.assign(options, matOptions("none"));
  if (choice.glass) options.glass = choice.glass;
  return options;
}

/** A product page's choice of a frame's colour, mat ("none" or a board colour) and glazing. */
export interface FramePageChoice {
  frameColour?: string | null;
  mat?: string | null;
  glass?: string | null;
}

/**
 * A product page's choice in a frame type: what the frame is not sold with takes its
 * default (so the page shows, and the designer link names, only what the studio keeps).
 */
export function framePageChoice(
  frameType: FrameType,
  asked: Readonly<FramePageChoice>,
): FrameChoice {
  const options: Record<string, string> = { frameType };
  if (asked.frameColour) options.frameColour = asked.frameColour;
  if (asked.glass) options.glass = asked.glass;
  if (asked.mat && (MAT_CHOICES as readonly string[]).includes(asked.mat))
    Object.assign(options, matOptions(asked.mat));
  return frameChoice(options)!;
}

/** The frame options (as a designer link names them) of a product page's choice. */
export function frameOptionsChosen(
  frameType: FrameType,
  asked: Readonly<FramePageChoice>,
): Record<string, string> {
  return frameOptionsOf(framePageChoice(frameType, asked));
}

export interface FrameGeometry {
  /** The whole framed picture, frame included (mm, origin at its top-left). */
  outer: { width: number; height: number };
  /** The frame's face width. */
  face: number;
  /** The window inside the frame: the mat, or the picture (with a shadow gap around it). */
  opening: { x: number; y: number; width: number; height: number };
  /** The part of the print that is seen. */
  visible: { x: number; y: number; width: number; height: number };
  /** Where the print's trim lies (it reaches under the rebate). */
  print: { x: number; y: number; width: number; height: number };
}

/**
 * Where frame, mat and picture lie for a print of `trim` in a frame: the visible area is
 * the trim less the rebate; a mat surrounds it; the frame's face surrounds the mat (or the
 * shadow gap). All in mm from the outer top-left corner.
 */
export function frameGeometry(
  trim: { width: number; height: number },
  choice: Pick<FrameChoice, "look" | "mat">,
): FrameGeometry {
  const { face, rebate, gap } = choice.look;
  const mat = choice.mat?.width ?? 0;
  const visibleW = trim.width - 2 * rebate;
  const visibleH = trim.height - 2 * rebate;
  const around = face + mat + gap;
  return {
    outer: { width: visibleW + 2 * around, height: visibleH + 2 * around },
    face,
    opening: {
      x: face,
      y: face,
      width: visibleW + 2 * (mat + gap),
      height: visibleH + 2 * (mat + gap),
    },
    visible: { x: around, y: around, width: visibleW, height: visibleH },
    print: { x: around - rebate, y: around - rebate, width: trim.width, height: trim.height },
  };
}

/** A frame design's product without its frame options (what a save may not change). */
export function withoutFrameOptions<P extends { options: Readonly<Record<string, string>> }>(
  product: P,
): P {
  const options = { ...product.options };
  for (const key of FRAME_OPTION_KEYS) delete options[key];
  return { ...product, options };
}

/**
 * What is wrong with a framed design's options after the shopper changed them in the studio,
 * or null: its colour, mat and glazing must be ones its frame type is sold with.
 */
export function frameDesignProblem(options: Readonly<Record<string, string>>): string | null {
  const frameType = options.frameType;
  if (!isFrameType(frameType)) {
    const named = FRAME_OPTION_KEYS.filter((key) => options[key] !== undefined);
    return named.length === 0 ? null : `${named.join(", ")} without a frame`;
  }
  return frameOptionProblem(frameType, frameOptionsIn(options));
}

/**
 * The options of a frame design as the shopper set them in the studio: the frame's colour,
 * mat and glazing (the keys the studio changes) set to `chosen`, the others kept. What is
 * left out of `chosen` is the frame's default, and is left out here too.
 */
export function withFrameOptions(
  options: Readonly<Record<string, string>>,
  chosen: Readonly<Record<string, string>>,
): Record<string, string> {
  const next = { ...options };
  for (const key of FRAME_OPTION_KEYS) {
    if (chosen[key] !== undefined) next[key] = chosen[key];
    else delete next[key];
  }
  return next;
}
