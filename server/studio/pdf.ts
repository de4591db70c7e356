/**
 * The print file of a design: one PDF page per surface, in the order the print profile
 * gives (a folded card's outside sheet, then its inside). Each page is the surface's sheet
 * (trim plus bleed, and a canvas's wrap), with its TrimBox, BleedBox and ArtBox set and an
 * sRGB output intent. Photos are embedded from their originals as they are (a JPEG is
 * copied byte for byte, so its pixels are the original's, never scaled by us); text is set
 * as vector outlines of the shop's own fonts, embedded as subsets.
 *
 * A canvas's sides follow its edge: "image" lets the design run around the stretcher,
 * "colour" paints the sides, "mirrored" repeats the photos and background near each edge
 * mirrored across it (text and shapes are not mirrored onto the sides).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import {
  MM_PER_INCH,
  MM_PER_POINT,
  placedPhoto,
  type DesignDocument,
  type Element,
  type PhotoElement,
  type ShapeElement,
  type Surface,
  type TextElement,
} from "../../domain/studio/document";
import { bindingBands } from "../../domain/studio/binding";
import type { PrintProfile } from "../../domain/studio/profiles";
import { sheetOf, type Sheet } from "../../domain/studio/print";
import type { Rect } from "../../domain/studio/document";

/**
 * A folder of the repository: beside this module when it runs from its source, else from
 * the shop's folder (the built server runs from one file in build/, started in the root).
 */
export function shippedDir(fromRoot: string): string {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  const beside = path.join(root, fromRoot);
  return existsSync(beside) ? beside : path.resolve(fromRoot);
}

/** The print fonts: the shop's own fonts as TrueType (scripts/studio-fonts.js). */
export const PRINT_FONTS_DIR = shippedDir(path.join("server", "studio", "fonts"));
/** The sRGB profile pdfkit ships (beside its own code, wherever the package is installed). */
const ICC_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve("pdfkit")),
  "data",
  "sRGB_IEC61966_2_1.icc",
);

const PT_PER_MM = 72 / MM_PER_INCH;
/** A text's lines are this many times its size apart (the editor uses the same). */
export const LINE_HEIGHT = 1.2;

type Pdf = InstanceType<typeof PDFDocument>;
/** What pdfkit's openImage gives (its typings leave it out): an image and its pixel size. */
interface PdfImage {
  width: number;
  height: number;
}
const openImage = (pdf: Pdf, data: Buffer) =>
  (pdf as unknown as { openImage(data: Buffer): PdfImage }).openImage(data);
/** Ends a PDF object written by hand (the typings want a chunk; none is needed). */
const endRef = (ref: object) => (ref as { end(): void }).end();

const FONT_FILES: Readonly<Record<string, string>> = {
  "Inter/normal": "inter-latin-400-normal.ttf",
  "Inter/bold": "inter-latin-700-normal.ttf",
  "Lora/normal": "lora-latin-400-normal.ttf",
  "Lora/bold": "lora-latin-700-normal.ttf",
};

let fonts: Map<string, Buffer> | null = null;
function fontData(): Map<string, Buffer> {
  fonts ??= new Map(
    Object.entries(FONT_FILES).map(([name, file]) => [
      name,
      readFileSync(path.join(PRINT_FONTS_DIR, file)),
    ]),
  );
  return fonts;
}

let icc: Buffer | null = null;

/** Declares the colours as sRGB for the printer: the output intent with the sRGB profile. */
function addOutputIntent(pdf: Pdf) {
  icc ??= readFileSync(ICC_PATH);
  const profile = pdf.ref({ Length: icc.length, N: 3 });
  profile.write(icc);
  endRef(profile);
  const intent = pdf.ref({
    Type: "OutputIntent",
    S: "GTS_PDFX",
    OutputCondition: new String("sRGB"),
    OutputConditionIdentifier: new String("sRGB IEC61966-2.1"),
    RegistryName: new String("http://www.color.org"),
    Info: new String("sRGB IEC61966-2.1"),
    DestOutputProfile: profile,
  });
  endRef(intent);
  (pdf as unknown as { _root: { data: Record<string, unknown> } })._root.data.OutputIntents = [
    intent,
  ];
}

/** A box in PDF's own coordinates (points, from the bottom-left) of a rect on the sheet. */
function box(sheet: Sheet, r: Rect): number[] {
  const round = (n: number) => Math.round(n * PT_PER_MM * 1000) / 1000;
  return [
    round(r.x),
    round(sheet.height - r.y - r.height),
    round(r.x + r.width),
    round(sheet.height - r.y),
  ];
}

interface Drawing {
  pdf: Pdf;
  images: Map<string, PdfImage>;
}

function drawPhoto(d: Drawing, e: PhotoElement) {
  if (!e.photo) return;
  const image = d.images.get(e.photo.photoId);
  if (!image) return;
  const { pdf } = d;
  const placed = placedPhoto({ width: image.width, height: image.height }, e, e.photo.crop);
  pdf.save();
  pdf.translate(e.x + e.width / 2, e.y + e.height / 2);
  pdf.rotate(e.rotation);
  if (e.clip) {
    // A shaped frame: the photo shows inside its polygon only (points in the box's terms).
    const points = e.clip.map(([u, v]): [number, number] => [
      -e.width / 2 + u * e.width,
      -e.height / 2 + v * e.height,
    ]);
    pdf.polygon(...points).clip();
  } else pdf.rect(-e.width / 2, -e.height / 2, e.width, e.height).clip();
  pdf.rotate(-e.rotation);
  pdf.translate(e.photo.crop.offsetX, e.photo.crop.offsetY);
  pdf.rotate(placed.rotation);
  pdf.image(image as unknown as Buffer, -placed.width / 2, -placed.height / 2, {
    width: placed.width,
    height: placed.height,
  });
  pdf.restore();
}

function drawText(d: Drawing, e: TextElement) {
  const { pdf } = d;
  const size = e.fontSize * MM_PER_POINT;
  pdf.save();
  pdf.translate(e.x + e.width / 2, e.y + e.height / 2);
  pdf.rotate(e.rotation);
  pdf.font(`${e.fontFamily}/${e.fontWeight}`).fontSize(size).fillColor(e.colour);
  e.lines.forEach((line, i) => {
    if (line === "") return;
    const width = pdf.widthOfString(line);
    const left =
      e.align === "left" ? -e.width / 2 : e.align === "right" ? e.width / 2 - width : -width / 2;
    pdf.text(line, left, -e.height / 2 + i * size * LINE_HEIGHT, {
      lineBreak: false,
      lineGap: 0,
    });
  });
  pdf.restore();
}

function drawShape(d: Drawing, e: ShapeElement) {
  const { pdf } = d;
  if (!e.fill && !e.stroke) return;
  pdf.save();
  pdf.translate(e.x + e.width / 2, e.y + e.height / 2);
  pdf.rotate(e.rotation);
  if (e.shape === "ellipse") pdf.ellipse(0, 0, e.width / 2, e.height / 2);
  else pdf.rect(-e.width / 2, -e.height / 2, e.width, e.height);
  if (e.stroke) pdf.lineWidth(e.strokeWidth);
  if (e.fill && e.stroke && e.strokeWidth > 0) pdf.fillAndStroke(e.fill, e.stroke);
  else if (e.fill) pdf.fill(e.fill);
  else if (e.stroke && e.strokeWidth > 0) pdf.stroke(e.stroke);
  pdf.restore();
}

function drawElement(d: Drawing, e: Element) {
  if (e.kind === "photo") drawPhoto(d, e);
  else if (e.kind === "text") drawText(d, e);
  else drawShape(d, e);
}

/**
 * Background and every element, in the surface's coordinates. Given `clear`, the elements
 * are drawn only inside it (the background still covers the whole sheet).
 */
function drawSurface(
  d: Drawing,
  surface: Surface,
  sheet: Sheet,
  only?: (e: Element) => boolean,
  clear?: Rect,
) {
  const { pdf } = d;
  pdf.rect(-sheet.originX, -sheet.originY, sheet.width, sheet.height).fill(surface.background);
  if (clear) {
    pdf.save();
    pdf.rect(clear.x, clear.y, clear.width, clear.height).clip();
  }
  for (const e of surface.elements) if (!only || only(e)) drawElement(d, e);
  if (clear) pdf.restore();
}

/**
 * The part of a sheet a calendar's binding leaves free, or undefined without a binding. The
 * holes, the wooden block's clamp or the foot's slot take a band along one edge: nothing the
 * shopper placed there may print (the preflight only warns, so the print file makes sure),
 * neither in the band nor in the bleed beyond it.
 */
function bindingClear(surface: Surface, profile: PrintProfile, sheet: Sheet): Rect | undefined {
  const band = profile.binding ? bindingBands(surface, profile)[0] : undefined;
  if (!band) return undefined;
  const top = -sheet.originY;
  const bottom = top + sheet.height;
  const x = -sheet.originX;
  return band.y <= 0
    ? { x, y: band.y + band.height, width: sheet.width, height: bottom - (band.y + band.height) }
    : { x, y: top, width: sheet.width, height: band.y - top };
}

/** A canvas's sides: the photos mirrored across each edge, or a plain colour. */
function drawWrap(d: Drawing, surface: Surface, sheet: Sheet) {
  const wrap = surface.wrap;
  if (!wrap || wrap.edge === "image") return;
  const { pdf } = d;
  const { width: w, height: h } = surface.trim;
  const m = sheet.originX;
  // The four sides and four corners outside the front, each with its mirror.
  const parts: { clip: Rect; mirror: [number, number, number, number] }[] = [
    { clip: { x: -m, y: 0, width: m, height: h }, mirror: [-1, 1, 0, 0] },
    { clip: { x: w, y: 0, width: m, height: h }, mirror: [-1, 1, 2 * w, 0] },
    { clip: { x: 0, y: -m, width: w, height: m }, mirror: [1, -1, 0, 0] },
    { clip: { x: 0, y: h, width: w, height: m }, mirror: [1, -1, 0, 2 * h] },
    { clip: { x: -m, y: -m, width: m, height: m }, mirror: [-1, -1, 0, 0] },
    { clip: { x: w, y: -m, width: m, height: m }, mirror: [-1, -1, 2 * w, 0] },
    { clip: { x: -m, y: h, width: m, height: m }, mirror: [-1, -1, 0, 2 * h] },
    { clip: { x: w, y: h, width: m, height: m }, mirror: [-1, -1, 2 * w, 2 * h] },
  ];
  for (const part of parts) {
    pdf.save();
    pdf.rect(part.clip.x, part.clip.y, part.clip.width, part.clip.height).clip();
    if (wrap.edge === "colour") {
      pdf
        .rect(part.clip.x, part.clip.y, part.clip.width, part.clip.height)
        .fill(wrap.edgeColour ?? surface.background);
    } else {
      const [sx, sy, tx, ty] = part.mirror;
      pdf.transform(sx, 0, 0, sy, tx, ty);
      drawSurface(d, surface, sheet, (e) => e.kind === "photo");
    }
    pdf.restore();
  }
}

/**
 * One page of the print file: the surface on its sheet, or, given `sheet`, the part of the
 * surface that sheet shows (a photo book's spread printed as two single pages).
 */
function drawPage(d: Drawing, surface: Surface, profile: PrintProfile, window?: Sheet) {
  const { pdf } = d;
  const sheet = window ?? sheetOf(surface, profile.rebate ?? 0);
  pdf.addPage({ size: [sheet.width * PT_PER_MM, sheet.height * PT_PER_MM], margin: 0 });
  const page = pdf.page as unknown as { dictionary: { data: Record<string, unknown> } };
  page.dictionary.data.TrimBox = box(sheet, sheet.trim);
  page.dictionary.data.BleedBox = box(sheet, sheet.bleed);
  page.dictionary.data.ArtBox = box(sheet, sheet.art);
  pdf.save();
  pdf.scale(PT_PER_MM);
  pdf.translate(sheet.originX, sheet.originY);
  if (surface.wrap && surface.wrap.edge !== "image") {
    // The front alone first; the sides are drawn from it.
    pdf.save();
    pdf.rect(0, 0, surface.trim.width, surface.trim.height).clip();
    drawSurface(d, surface, sheet);
    pdf.restore();
    drawWrap(d, surface, sheet);
  } else {
    drawSurface(d, surface, sheet, undefined, bindingClear(surface, profile, sheet));
  }
  pdf.restore();
}

/** An empty print file with the shop's fonts registered. */
function newPrintDocument(title = "Print file"): Pdf {
  const pdf = new PDFDocument({
    autoFirstPage: false,
    pdfVersion: "1.6",
    compress: true,
    info: {
      Title: title,
      Producer: "Photo shop studio",
      // A fixed date: the same design gives the same file.
      CreationDate: new Date(0),
    },
  });
  for (const [name, data] of fontData()) pdf.registerFont(name, data);
  return pdf;
}

/**
 * A print file written page by page, for documents too large to hold at once (a photo
 * book): its bytes go to the stream it is piped to as each page is done, and a photo is
 * handed in only for the page that first shows it (pdfkit copies it into the file then and
 * lets go of it; later pages refer to that copy).
 */
export interface PrintWriter {
  /** The PDF's bytes, to be piped to a file or a response. */
  readonly stream: NodeJS.ReadableStream;
  /** Whether a photo is in the file already. */
  has(photoId: string): boolean;
  /** Hands in a photo's original for the pages to come. */
  add(photoId: string, data: Buffer): void;
  /** Draws a surface as a page (or the part of it a given sheet shows). */
  page(surface: Surface, profile: PrintProfile, sheet?: Sheet): void;
  /** Ends the file (the output intent last). */
  end(): void;
}

export function printWriter(title?: string): PrintWriter {
  const pdf = newPrintDocument(title);
  const images = new Map<string, PdfImage>();
  const d: Drawing = { pdf, images };
  return {
    stream: pdf as unknown as NodeJS.ReadableStream,
    has: (photoId) => images.has(photoId),
    add(photoId, data) {
      images.set(photoId, openImage(pdf, data));
    },
    page(surface, profile, sheet) {
      drawPage(d, surface, profile, sheet);
    },
    end() {
      addOutputIntent(pdf);
      pdf.end();
    },
  };
}

/** The surfaces' order in the print file: the profile's, surfaces beyond it after. */
export function printSequence(doc: DesignDocument, profile: PrintProfile): number[] {
  const order = profile.printOrder.filter((i) => i < doc.surfaces.length);
  const rest = doc.surfaces.map((_, i) => i).filter((i) => !order.includes(i));
  return [...order, ...rest];
}

/**
 * The print file of a document. `photos` holds the original of every photo the document
 * places (a missing one leaves its frame empty; the preflight names it).
 */
export async function renderPrintPdf(
  doc: DesignDocument,
  profile: PrintProfile,
  photos: ReadonlyMap<string, Buffer>,
  options: { title?: string; surfaces?: number[] } = {},
): Promise<Buffer> {
  const pdf = newPrintDocument(options.title);
  const images = new Map<string, PdfImage>();
  for (const [id, data] of photos) images.set(id, openImage(pdf, data));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const d: Drawing = { pdf, images };
  for (const index of options.surfaces ?? printSequence(doc, profile)) {
    const surface = doc.surfaces[index];
    if (surface) drawPage(d, surface, profile);
  }
  addOutputIntent(pdf);
  pdf.end();
  return done;
}
