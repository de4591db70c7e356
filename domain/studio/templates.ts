/**
 * Templates: the document a design starts from. A card theme of the catalogue becomes a
 * card laid out by its style (where the photos go, the fonts), coloured by its palette
 * (background, accent, text) and greeted by its occasion in the shop's language; the same
 * theme fits every format of its card type, the layout following the format's shape. Wall
 * art and prints start with one photo frame covering the whole print.
 */
import type { Language } from "../locales";
import {
  DOCUMENT_SCHEMA_VERSION,
  type DesignDocument,
  type Element,
  type FontFamily,
  type ProductRef,
  type Surface,
} from "./document";
import { spreadCopies } from "./copies";
import { MM_PER_POINT, printMargin } from "./document";

/** Lines of text are this many times their size apart (as the print file sets them). */
const LINE_SPACING = 1.2;
import { surfacesOf, type PrintProfile } from "./profiles";

/** What a template takes of a theme. */
export interface ThemeTemplateInput {
  id: string;
  occasion: string;
  style: string;
  /** Background, accent, and a light third colour (as the catalogue lists them). */
  palette: readonly string[];
}

/** The greeting of each occasion, in each of the shop's languages. */
const GREETINGS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  geburtstag: {
    de: "Alles Gute zum Geburtstag",
    en: "Happy Birthday",
    fr: "Joyeux anniversaire",
    it: "Buon compleanno",
    es: "Feliz cumpleaños",
    nl: "Gefeliciteerd",
  },
  kindergeburtstag: {
    de: "Hurra, ein Geburtstag!",
    en: "Hooray, it's your birthday!",
    fr: "Hourra, c'est ton anniversaire !",
    it: "Evviva, è il tuo compleanno!",
    es: "¡Hurra, es tu cumpleaños!",
    nl: "Hoera, je bent jarig!",
  },
  weihnachten: {
    de: "Frohe Weihnachten",
    en: "Merry Christmas",
    fr: "Joyeux Noël",
    it: "Buon Natale",
    es: "Feliz Navidad",
    nl: "Vrolijk kerstfeest",
  },
  ostern: {
    de: "Frohe Ostern",
    en: "Happy Easter",
    fr: "Joyeuses Pâques",
    it: "Buona Pasqua",
    es: "Felices Pascuas",
    nl: "Vrolijk Pasen",
  },
  hochzeit: {
    de: "Wir heiraten",
    en: "We're getting married",
    fr: "Nous nous marions",
    it: "Ci sposiamo",
    es: "Nos casamos",
    nl: "Wij gaan trouwen",
  },
  geburt: {
    de: "Hallo Welt!",
    en: "Hello world!",
    fr: "Bonjour le monde !",
    it: "Ciao mondo!",
    es: "¡Hola, mundo!",
    nl: "Hallo wereld!",
  },
  taufe: {
    de: "Zur Taufe",
    en: "Our Christening",
    fr: "Notre baptême",
    it: "Il nostro battesimo",
    es: "Nuestro bautizo",
    nl: "Onze doop",
  },
  kommunion: {
    de: "Meine Erstkommunion",
    en: "My First Communion",
    fr: "Ma première communion",
    it: "La mia prima comunione",
    es: "Mi primera comunión",
    nl: "Mijn eerste communie",
  },
  konfirmation: {
    de: "Meine Konfirmation",
    en: "My Confirmation",
    fr: "Ma confirmation",
    it: "La mia confermazione",
    es: "Mi confirmación",
    nl: "Mijn belijdenis",
  },
  firmung: {
    de: "Meine Firmung",
    en: "My Confirmation",
    fr: "Ma confirmation",
    it: "La mia cresima",
    es: "Mi confirmación",
    nl: "Mijn vormsel",
  },
  einschulung: {
    de: "Hurra, ich bin ein Schulkind!",
    en: "My first day of school!",
    fr: "Ma rentrée des classes !",
    it: "Il mio primo giorno di scuola!",
    es: "¡Mi primer día de cole!",
    nl: "Mijn eerste schooldag!",
  },
  trauer: {
    de: "In stillem Gedenken",
    en: "In loving memory",
    fr: "En souvenir",
    it: "In ricordo",
    es: "En memoria",
    nl: "In liefdevolle herinnering",
  },
};

/** The words inside a card and on the back of a flat one, below the greeting. */
const MESSAGES: Readonly<Record<Language, string>> = {
  de: "Herzliche Grüße",
  en: "With love",
  fr: "Bien amicalement",
  it: "Con affetto",
  es: "Con cariño",
  nl: "Hartelijke groet",
};

/** The greeting of an occasion in a language; an occasion without one greets in general. */
export function greetingOf(occasion: string, language: Language): string {
  return GREETINGS[occasion]?.[language] ?? MESSAGES[language];
}

/** Each style's choices: its font, and how its front holds photos and words. */
const STYLES: Readonly<
  Record<
    string,
    {
      font: FontFamily;
      bold: boolean;
      layout: "band" | "side" | "pair" | "mat" | "inset" | "overlay";
    }
  >
> = {
  classic: { font: "Lora", bold: false, layout: "band" },
  modern: { font: "Inter", bold: true, layout: "side" },
  playful: { font: "Inter", bold: true, layout: "pair" },
  elegant: { font: "Lora", bold: false, layout: "mat" },
  minimal: { font: "Inter", bold: false, layout: "inset" },
  rustic: { font: "Lora", bold: true, layout: "overlay" },
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance of an sRGB colour, 0 (black) to 1 (white). */
function luminance(colour: string): number {
  const channel = (i: number) => {
    const c = parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Text on `background`: the accent if it reads well there, else near black or white. */
export function textColourOn(background: string, accent: string): string {
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  if (contrast(background, accent) >= 4.5) return accent;
  return luminance(background) > 0.4 ? "#202020" : "#ffffff";
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${(++counter).toString(36)}`;

function photo(x: number, y: number, width: number, height: number, rotation = 0): Element {
  return { id: nextId("photo"), kind: "photo", x, y, width, height, rotation, locked: false };
}

function text(
  lines: string[],
  box: { x: number; y: number; width: number; height: number },
  style: { font: FontFamily; bold: boolean },
  fontSize: number,
  colour: string,
): Element {
  // The words sit in the middle of the room given them: the box is as tall as its lines.
  const height = Math.min(box.height, lines.length * fontSize * MM_PER_POINT * LINE_SPACING);
  return {
    id: nextId("text"),
    kind: "text",
    x: box.x,
    y: box.y + (box.height - height) / 2,
    width: box.width,
    height,
    rotation: 0,
    locked: false,
    fontFamily: style.font,
    fontWeight: style.bold ? "bold" : "normal",
    fontSize,
    colour,
    align: "center",
    lines,
  };
}

/** A greeting's size (pt) that fits a box of `width` mm on one line, 10 to 28 pt. */
function fittingSize(line: string, width: number, max = 28): number {
  // An average letter is about half its size wide; 1 pt is 0.3528 mm.
  const fits = width / (Math.max(line.length, 1) * 0.55 * 0.3528);
  return Math.max(10, Math.min(max, Math.floor(fits)));
}

/** The front of a card in a style: photo frames and the greeting. */
function front(
  surface: Surface,
  layout: string,
  greeting: string,
  style: { font: FontFamily; bold: boolean },
  colours: { accent: string; text: string; light: string },
): Element[] {
  const { width: w, height: h } = surface.trim;
  const b = surface.bleed;
  const inset = surface.safeInset;
  const textBox = (y: number, height: number, x = inset, width = w - 2 * inset) => ({
    x,
    y,
    width,
    height,
  });
  const size = (width: number) => fittingSize(greeting, width);
  switch (layout) {
    case "side": {
      const photoW = w * 0.6;
      const box = textBox(h / 2 - 12, 24, photoW + inset, w - photoW - 2 * inset);
      return [
        photo(-b, -b, photoW + b, h + 2 * b),
        text([greeting], box, style, size(box.width), colours.text),
      ];
    }
    case "pair": {
      const gap = 4;
      const pw = (w - 2 * inset - gap) / 2;
      const ph = h * 0.62;
      return [
        photo(inset, inset, pw, ph, -2),
        photo(inset + pw + gap, inset, pw, ph, 2),
        text(
          [greeting],
          textBox(h * 0.62 + inset + 2, h - h * 0.62 - 2 * inset - 2),
          style,
          size(w - 2 * inset),
          colours.text,
        ),
      ];
    }
    case "mat": {
      const border = Math.max(inset + 3, Math.min(w, h) * 0.08);
      const ph = h * 0.68 - border;
      return [
        {
          id: nextId("shape"),
          kind: "shape",
          shape: "rectangle",
          x: border - 2,
          y: border - 2,
          width: w - 2 * border + 4,
          height: ph + 4,
          rotation: 0,
          locked: false,
          stroke: colours.accent,
          strokeWidth: 0.5,
        },
        photo(border, border, w - 2 * border, ph),
        text(
          [greeting],
          textBox(border + ph + 3, h - border - ph - inset - 3),
          style,
          size(w - 2 * inset),
          colours.text,
        ),
      ];
    }
    case "inset": {
      const side = Math.min(w, h) * 0.62;
      return [
        photo((w - side) / 2, inset + 2, side, side),
        text(
          [greeting],
          textBox(inset + side + 5, h - side - 2 * inset - 5),
          style,
          Math.min(14, size(w - 2 * inset)),
          colours.text,
        ),
      ];
    }
    case "overlay": {
      const bandH = Math.min(28, h * 0.3);
      return [
        photo(-b, -b, w + 2 * b, h + 2 * b),
        {
          id: nextId("shape"),
          kind: "shape",
          shape: "rectangle",
          x: -b,
          y: h - bandH - inset,
          width: w + 2 * b,
          height: bandH,
          rotation: 0,
          locked: false,
          fill: colours.light,
          strokeWidth: 0,
        },
        text(
          [greeting],
          textBox(h - bandH - inset + bandH / 2 - 8, 16),
          style,
          size(w - 2 * inset),
          textColourOn(colours.light, colours.accent),
        ),
      ];
    }
    default: {
      // "band": the photo over the top two thirds, the greeting in the band below.
      const ph = h * 0.66;
      return [
        photo(-b, -b, w + 2 * b, ph + b),
        text(
          [greeting],
          textBox(ph + 3, h - ph - inset - 3),
          style,
          size(w - 2 * inset),
          colours.text,
        ),
      ];
    }
  }
}

/** The words of a card's other panels: inside right (folded) or the back (flat, postcard). */
function message(
  surface: Surface,
  words: string[],
  style: { font: FontFamily; bold: boolean },
  colour: string,
): Element[] {
  const { width: w, height: h } = surface.trim;
  const inset = surface.safeInset;
  return [
    text(
      words,
      { x: inset, y: h / 2 - 12, width: w - 2 * inset, height: 24 },
      { ...style, bold: false },
      14,
      colour,
    ),
  ];
}

/**
 * A card theme's template for a card product. The theme's palette gives the background
 * (its first colour), the accent (its second) and a light colour for bands (its third).
 */
export function cardTemplate(
  theme: ThemeTemplateInput,
  product: ProductRef,
  profile: PrintProfile,
  language: Language,
): DesignDocument {
  const palette = theme.palette.filter((c) => HEX.test(c));
  const background = palette[0] ?? "#ffffff";
  const accent = palette[1] ?? "#202020";
  const light = palette[2] ?? "#ffffff";
  const colours = { accent, light, text: textColourOn(background, accent) };
  const style = STYLES[theme.style] ?? STYLES.classic!;
  const greeting = greetingOf(theme.occasion, language);
  counter = 0;
  const surfaces = surfacesOf(profile, background).map((surface) => {
    switch (surface.name) {
      case "front":
        return { ...surface, elements: front(surface, style.layout, greeting, style, colours) };
      case "inside-right":
        return {
          ...surface,
          background: "#ffffff",
          elements: message(
            surface,
            [MESSAGES[language], ""],
            style,
            textColourOn("#ffffff", accent),
          ),
        };
      case "inside-left":
        return { ...surface, background: "#ffffff" };
      case "back":
        return product.options.cardType === "folded-card"
          ? surface
          : {
              ...surface,
              background: "#ffffff",
              elements: message(
                surface,
                [MESSAGES[language]],
                style,
                textColourOn("#ffffff", accent),
              ),
            };
      default:
        return surface;
    }
  });
  return { schemaVersion: DOCUMENT_SCHEMA_VERSION, product, surfaces };
}

/**
 * An empty template: one photo frame covering each print to the edge of its sheet (a
 * canvas whose picture wraps around the stretcher to the edge of the wrap, else to the
 * bleed), nothing else.
 */
export function emptyTemplate(product: ProductRef, profile: PrintProfile): DesignDocument {
  counter = 0;
  const surfaces = surfacesOf(profile).map((surface) => {
    const reach = surface.wrap?.edge === "image" ? printMargin(surface) : surface.bleed;
    return {
      ...surface,
      elements: [
        photo(-reach, -reach, surface.trim.width + 2 * reach, surface.trim.height + 2 * reach),
      ],
    };
  });
  // Prints and the photo box: the prints ordered shared over its pictures (a box of 900
  // starts with 250 pictures of 3 or 4 copies; no copies where each print is a picture).
  return spreadCopies({ schemaVersion: DOCUMENT_SCHEMA_VERSION, product, surfaces });
}
