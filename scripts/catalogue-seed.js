// Writes the seed catalogue files in catalogue/{channel}/*.json from the shop's price
// sheet below. The JSON files are the catalogue (validated and imported by the server);
// this script only keeps them consistent when the assortment or the price sheet changes:
//   node scripts/catalogue-seed.js
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// The catalogue's vocabulary is the domain's: formats, categories and orientations are
// read from it, so the seed cannot name one the shop does not know.
import {
  CALENDAR_FORMATS,
  PHOTOBOOK_CATEGORY_IDS,
  PHOTOBOOK_FORMATS,
  PHOTOBOOK_ORIENTATIONS,
} from "../domain/catalogue.ts";
import { ENVELOPE_SIZES } from "../domain/formats.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "catalogue");

// ------------------------------------------------------------------ price sheet
// Prices are set in euro and carried over to the other currencies with each market's
// own price points (x.99 / x.95 in euro and pounds, x.90 in francs, x.99 in dollars).
const RATES = { eur: 1, chf: 1.08, gbp: 0.88, usd: 1.12 };
function pricePoint(amount, currency) {
  if (amount < 3) return Math.max(Math.round(amount * 20) * 5, 5); // small items: 5-cent steps
  const whole = Math.floor(amount);
  if (currency === "chf") return whole * 100 + 90;
  if (currency === "eur") return whole * 100 + (whole % 2 === 0 ? 99 : 95);
  return whole * 100 + 99;
}
/** One price per currency from a euro price; `sale` (0..1) sets a crossed-out original. */
function prices(eur, sale = 0) {
  const out = {};
  for (const [currency, rate] of Object.entries(RATES)) {
    const current = pricePoint(eur * rate * (1 - sale), currency);
    const original = sale > 0 ? pricePoint(eur * rate, currency) : undefined;
    out[currency] = [{ minQuantity: 1, current, ...(original ? { original } : {}) }];
  }
  return out;
}
/** Per-piece tiers: euro unit prices in cents by minimum quantity. */
function tiers(list) {
  const out = {};
  for (const [currency, rate] of Object.entries(RATES)) {
    out[currency] = list.map(([minQuantity, cents]) => ({
      minQuantity,
      current: Math.max(1, Math.round(cents * rate)),
    }));
  }
  return out;
}
const area = (format) => {
  const [w, h] = format.split("x").map(Number);
  return (w * h) / 10000; // dm²
};

// ------------------------------------------------------------------ cards channel
const cards = [];
const calendarSets = {
  wandkalender: {
    formats: ["a3-hoch", "a3-quer", "a4-hoch", "a4-quer", "300-300", "200-200"],
    mountings: ["spirale", "ohne"],
  },
  tischkalender: {
    formats: ["a5-quer", "a6-quer", "145-145", "265-120"],
    mountings: ["holzfuss", "spirale"],
  },
  kuechenkalender: { formats: ["150-400", "130-300"], mountings: ["spirale", "lochung"] },
  familienplaner: { formats: ["200-400", "a3-hoch"], mountings: ["spirale"] },
  terminkalender: {
    formats: ["a6-hoch", "a5-quer", "a4-quer"],
    mountings: ["holzblock", "lochung", "spirale"],
  },
};
const mountingExtra = { spirale: 0, ohne: -2, lochung: -1, holzfuss: 6, holzblock: 8 };
let order = 0;
for (const [calendarType, set] of Object.entries(calendarSets)) {
  for (const formatCode of set.formats) {
    for (const mounting of set.mountings) {
      const format = CALENDAR_FORMATS[formatCode];
      const eur = 14 + area(format) * 2.2 + mountingExtra[mounting];
      cards.push({
        article: `calendar-${calendarType}-${formatCode}-${mounting}`,
        kind: "calendar",
        productType: "calendar",
        format,
        formatGroup: calendarType,
        attributes: {
          calendarType,
          formatCode,
          mounting,
          months: 12,
          designGroupId: 100 + Object.keys(calendarSets).indexOf(calendarType),
        },
        prices: prices(eur, calendarType === "wandkalender" && mounting === "spirale" ? 0.2 : 0),
        sortOrder: order++,
      });
    }
  }
}
const photobookFormats = Object.fromEntries(
  Object.entries(PHOTOBOOK_FORMATS).map(([key, { format }]) => [key, format]),
);
const photobookVariants = [
  {
    type: "digitalfotobuch",
    cover: "hard",
    binding: "pur",
    paper: "standard-premium",
    lamination: "glaenzend",
    variantKey: "glossy",
    pages: [24, 200, 2],
    base: 19,
    perPage: 0.45,
  },
  {
    type: "digitalfotobuch",
    cover: "hard",
    binding: "pur",
    paper: "premium-matt",
    lamination: "matt",
    variantKey: "matt",
    pages: [24, 200, 2],
    base: 21,
    perPage: 0.5,
  },
  {
    type: "digitalfotobuch",
    cover: "soft",
    binding: "pur",
    paper: "standard-premium",
    lamination: "standard",
    variantKey: "standard",
    pages: [24, 120, 2],
    base: 12,
    perPage: 0.4,
  },
  {
    type: "digitalfotobuch",
    cover: "hard",
    binding: "pur",
    paper: "writable-fine-white",
    lamination: "feinstweiss",
    variantKey: "feinstweiss",
    pages: [24, 120, 2],
    base: 22,
    perPage: 0.55,
  },
  {
    type: "echtfotobuch",
    cover: "hard",
    binding: "layflat",
    paper: "premium-glossy",
    lamination: "glaenzend",
    variantKey: "glossy",
    pages: [26, 130, 2],
    base: 39,
    perPage: 1.1,
  },
  {
    type: "echtfotobuch",
    cover: "hard",
    binding: "layflat",
    paper: "premium-matt",
    lamination: "matt",
    variantKey: "softtouch",
    pages: [26, 130, 2],
    base: 42,
    perPage: 1.2,
  },
  {
    type: "fotoheft",
    cover: "soft",
    binding: "heftbindung",
    paper: "standard-premium",
    lamination: "standard",
    variantKey: "pur",
    pages: [16, 48, 4],
    base: 7,
    perPage: 0.25,
  },
];
const formatsFor = {
  digitalfotobuch: [
    "20x20",
    "30x30",
    "a3-landscape",
    "a4-portrait",
    "a4-landscape",
    "a4-landscape-sendmoments",
    "a5-portrait",
    "a5-landscape",
  ],
  echtfotobuch: ["20x20", "30x30", "a4-portrait", "a4-landscape"],
  fotoheft: ["a5-portrait", "a5-landscape", "a6-landscape", "20x20"],
};
for (const v of photobookVariants) {
  for (const formatKey of formatsFor[v.type]) {
    const format = photobookFormats[formatKey];
    const size = area(format) / 6.24; // relative to A4
    const id = `photobook-${v.type}-${v.cover}-${v.variantKey}-${formatKey}`;
    const [pagesMin, pagesMax, pagesStep] = v.pages;
    cards.push({
      article: id,
      kind: "photobook",
      productType: "photobook",
      format,
      formatGroup: v.type,
      attributes: {
        photobookType: v.type,
        cover: v.cover,
        binding: v.binding,
        paper: v.paper,
        coverLamination: v.lamination,
        variantKey: v.variantKey,
        formatKey,
        pagesMin,
        pagesMax,
        pagesStep,
        printing: v.type === "echtfotobuch" ? "photo" : "digital",
      },
      prices: prices(v.base * (0.6 + 0.4 * size) + 4 * size, v.type === "echtfotobuch" ? 0.15 : 0),
      sortOrder: order++,
    });
    cards.push({
      article: `${id}-extra-pages`,
      kind: "photobook-pages",
      productType: "photobook",
      format,
      formatGroup: v.type,
      attributes: { forArticle: id, pages: pagesStep },
      prices: prices(v.perPage * pagesStep * (0.6 + 0.4 * size)),
      sortOrder: order++,
    });
  }
}
const printFormats = ["100x100", "100x120", "130x90", "150x100", "180x130", "300x200"];
const printUnit = {
  "100x100": 19,
  "100x120": 21,
  "130x90": 19,
  "150x100": 22,
  "180x130": 39,
  "300x200": 149,
};
for (const photoboxType of ["small", "large", "photoprint"]) {
  for (const format of printFormats) {
    if (photoboxType === "small" && format === "300x200") continue;
    const unit = printUnit[format] * (photoboxType === "photoprint" ? 1 : 1.4);
    for (const finish of ["glossy", "matt"]) {
      cards.push({
        article: `${photoboxType === "photoprint" ? "photoprint" : "photobox"}-${photoboxType}-${format}-${finish}`,
        kind: photoboxType === "photoprint" ? "photoprint" : "photobox",
        productType: photoboxType === "photoprint" ? "photoprint" : "photobox",
        format,
        formatGroup: photoboxType,
        attributes: {
          photoboxType,
          paperFinish: finish,
          paper: finish === "glossy" ? "glossy-photo-paper" : "matt-photo-paper",
          maxQuantity: photoboxType === "small" ? 250 : photoboxType === "large" ? 1000 : 5000,
          boxPriceIncluded: photoboxType !== "photoprint",
        },
        prices: tiers(
          [
            [1, unit],
            [100, unit * 0.85],
            [500, unit * 0.7],
            [1000, unit * 0.6],
          ].map(([q, c]) => [q, Math.round(c + (finish === "matt" ? 2 : 0))]),
        ),
        sortOrder: order++,
      });
    }
  }
}
const cardArticles = [
  { product: "folded-card", format: "148x105", eur: 2.29 },
  { product: "folded-card", format: "148x148", eur: 2.49 },
  { product: "folded-card", format: "210x100", eur: 2.69 },
  { product: "flat-card", format: "148x105", eur: 1.49 },
  { product: "flat-card", format: "148x148", eur: 1.69 },
  { product: "postcard", format: "148x105", eur: 0.99 },
  { product: "photo-card", format: "148x105", eur: 1.99 },
  { product: "photo-card", format: "210x100", eur: 2.39 },
];
for (const a of cardArticles) {
  cards.push({
    article: `card-${a.product}-${a.format}`,
    kind: "card",
    productType: "card",
    format: a.format,
    formatGroup: a.product,
    attributes: {
      product: a.product,
      refinements: ["none", "gold", "silver", "rosegold", "relief"],
    },
    prices: tiers(
      [
        [1, a.eur * 100],
        [10, a.eur * 90],
        [50, a.eur * 80],
        [100, a.eur * 70],
      ].map(([q, c]) => [q, Math.round(c)]),
    ),
    sortOrder: order++,
  });
}
for (const refinement of ["gold", "silver", "rosegold", "relief"]) {
  cards.push({
    article: `card-refinement-${refinement}`,
    kind: "card-refinement",
    productType: "card",
    attributes: { refinement },
    prices: tiers([[1, refinement === "relief" ? 60 : 45]]),
    sortOrder: order++,
  });
}
const accessoryFormats = {
  envelope: Object.keys(ENVELOPE_SIZES),
  inlay: ["148x105", "148x148", "210x100"],
};
for (const type of [
  "bow",
  "box",
  "envelope",
  "inlay",
  "posterbar",
  "ribbon",
  "screw",
  "standard",
]) {
  const formats = accessoryFormats[type] ?? [null];
  for (const format of formats) {
    const eur = {
      bow: 1.49,
      box: 3.99,
      envelope: 0.95,
      inlay: 0.95,
      posterbar: 9.99,
      ribbon: 1.99,
      screw: 0.49,
      standard: 0.49,
    }[type];
    cards.push({
      article: format ? `accessory-${type}-${format}` : `accessory-${type}`,
      kind: "card-accessory",
      productType: "card",
      ...(format ? { format } : {}),
      formatGroup: type,
      attributes: {
        accessoryType: type,
        ...(type === "envelope"
          ? {
              envelope: ENVELOPE_SIZES[format].name,
              colours: ["white", "cream", "kraft", "red", "gold"],
            }
          : {}),
      },
      prices: prices(eur),
      sortOrder: order++,
    });
  }
}
for (const value of [15, 25, 50, 100]) {
  cards.push({
    article: `gift-voucher-${value}`,
    kind: "gift-voucher",
    productType: "card",
    attributes: { value, delivery: ["print", "email"] },
    prices: Object.fromEntries(
      Object.keys(RATES).map((c) => [c, [{ minQuantity: 1, current: value * 100 }]]),
    ),
    sortOrder: order++,
  });
}
const express = [
  ["calendar-wandkalender-a4-hoch-spirale", 48],
  ["photobook-digitalfotobuch-hard-glossy-20x20", 48],
  ["photobox-small-150x100-glossy", 24],
  ["card-folded-card-148x105", 24],
  ["photoprint-photoprint-150x100-glossy", 24],
];
for (const [forArticle, hours] of express) {
  cards.push({
    article: `express-${forArticle}`,
    kind: "express",
    productType: cards.find((a) => a.article === forArticle).productType,
    attributes: { forArticle, productionHours: hours, cutOff: "14:00" },
    prices: prices(hours === 24 ? 4.99 : 7.99),
    sortOrder: order++,
  });
}

// ------------------------------------------------------------------ wall-art channel
const wall = [];
const ratioFormats = {
  "3:2": ["300x200", "450x300", "600x400", "750x500", "900x600", "1200x800", "1500x1000"],
  "4:3": ["400x300", "600x450", "800x600", "1000x750", "1200x900"],
  square: ["300x300", "500x500", "700x700", "1000x1000"],
  "16:9": ["640x360", "960x540", "1280x720"],
  "2:1": ["600x300", "1000x500", "1400x700"],
  din: ["297x210", "420x297", "594x420", "841x594"],
  "3:1": ["900x300", "1500x500"],
  "5:4": ["500x400", "1000x800"],
  "4:1": ["1200x300"],
  "5:1": ["1500x300"],
  "5:2": ["1000x400"],
  "6:1": ["1800x300"],
  "panoramic-wide": ["1200x400"],
  "panoramic-ultra-wide": ["1800x400"],
};
const wallMural = ["2000x1500", "3000x2000", "4000x2500"];
const materials = {
  poster: { base: 6, perM2: 38, variants: ["plain", "laminated", "framed"], minArea: 0 },
  leinwand: { base: 19, perM2: 95, variants: ["plain", "framed", "shadow-gap"], minArea: 0 },
  acrylglas: { base: 29, perM2: 190, variants: ["plain", "fine-art", "framed"], minArea: 0 },
  aludibond: {
    base: 24,
    perM2: 150,
    variants: ["plain", "brushed", "fine-art", "framed"],
    minArea: 0,
  },
  forexplatte: { base: 15, perM2: 85, variants: ["plain", "fine-art", "framed"], minArea: 0 },
  gallerybond: { base: 34, perM2: 210, variants: ["plain"], minArea: 0 },
  echtglas: { base: 39, perM2: 260, variants: ["plain"], minArea: 0 },
  hahnemuehle: { base: 14, perM2: 120, variants: ["plain", "framed"], minArea: 0 },
  backlitfolie: { base: 29, perM2: 140, variants: ["plain"], minArea: 0 },
  klebefolie: { base: 12, perM2: 70, variants: ["plain"], minArea: 0 },
  pvcplane: { base: 19, perM2: 45, variants: ["plain"], minArea: 0 },
  fototapete: { base: 29, perM2: 29, variants: ["plain"], minArea: 0 },
};
for (const [material, m] of Object.entries(materials)) {
  const groups = material === "fototapete" ? { "wall-mural": wallMural } : ratioFormats;
  for (const [ratio, formats] of Object.entries(groups)) {
    if (material === "echtglas" && Number(formats[0].split("x")[0]) > 1000) continue;
    for (const format of formats) {
      if (material === "echtglas" && area(format) > 12000) continue;
      const eur = m.base + (area(format) / 100) * m.perM2;
      wall.push({
        article: `wallart-${material}-${format}`,
        kind: "wallart",
        productType: "photoframe",
        format,
        formatGroup: material,
        attributes: { material, ratio, variants: m.variants },
        prices: prices(eur, ratio === "3:2" && format === "600x400" ? 0.25 : 0),
        sortOrder: order++,
      });
    }
  }
}
const frameBase = {
  alurahmen: [19, 0.9],
  artbox: [29, 1.3],
  fotorahmen: [9, 0.6],
  holzrahmen: [24, 1.1],
  kunststoffrahmen: [12, 0.5],
  "schattenfuge-leinwand": [29, 1.2],
  "schattenfuge-platte": [34, 1.4],
};
const frameFormats = [
  "300x200",
  "450x300",
  "600x400",
  "900x600",
  "400x300",
  "600x450",
  "800x600",
  "300x300",
  "500x500",
  "700x700",
  "297x210",
  "420x297",
  "594x420",
];
for (const [frameType, [base, perCm]] of Object.entries(frameBase)) {
  for (const format of frameFormats) {
    if (frameType === "fotorahmen" && area(format) > 1300) continue;
    const [w, h] = format.split("x").map(Number);
    const perimeterCm = (2 * (w + h)) / 10;
    wall.push({
      article: `frame-${frameType}-${format}`,
      kind: "frame",
      productType: "photoframe",
      format,
      formatGroup: frameType,
      attributes: {
        frameType,
        matTypes: ["mat-none", "mat-weiss"],
        matSizes: [0, 30],
        glass: frameType === "fotorahmen" ? [] : ["museum-glass", "museum-acrylic"],
        back: "normal",
      },
      prices: prices(base + (perimeterCm * perCm) / 10),
      sortOrder: order++,
    });
  }
}
for (const format of ["300x200", "600x400", "900x600", "500x500", "700x700", "1000x1000"]) {
  for (const material of ["poster", "leinwand", "acrylglas", "aludibond"]) {
    const m = materials[material];
    wall.push({
      article: `collage-${material}-${format}`,
      kind: "collage",
      productType: "collage",
      format,
      formatGroup: material,
      attributes: {
        material,
        ratio:
          format === "500x500" || format === "700x700" || format === "1000x1000" ? "square" : "3:2",
      },
      prices: prices(m.base + 5 + (area(format) / 100) * m.perM2),
      sortOrder: order++,
    });
  }
}
for (const value of [25, 50, 100, 150]) {
  wall.push({
    article: `gift-voucher-${value}`,
    kind: "gift-voucher",
    productType: "photoframe",
    attributes: { value, delivery: ["print", "email"] },
    prices: Object.fromEntries(
      Object.keys(RATES).map((c) => [c, [{ minQuantity: 1, current: value * 100 }]]),
    ),
    sortOrder: order++,
  });
}
for (const [forArticle, hours] of [
  ["wallart-leinwand-600x400", 24],
  ["wallart-poster-600x400", 24],
  ["wallart-acrylglas-600x400", 48],
]) {
  wall.push({
    article: `express-${forArticle}`,
    kind: "express",
    productType: "photoframe",
    attributes: { forArticle, productionHours: hours, cutOff: "12:00" },
    prices: prices(hours === 24 ? 9.99 : 14.99),
    sortOrder: order++,
  });
}

// ------------------------------------------------------------------ shared assortment
// The poster shop also sells wall calendars, photo prints and hanging accessories; the
// card shop also sells posters, canvas and photo frames for the prints it makes.
const copy = (a) => ({ ...a, sortOrder: order++ });
wall.push(
  ...cards
    .filter(
      (a) =>
        (a.kind === "calendar" &&
          a.attributes.calendarType === "wandkalender" &&
          a.attributes.mounting === "spirale") ||
        a.kind === "photoprint" ||
        (a.kind === "card-accessory" &&
          ["posterbar", "screw"].includes(a.attributes.accessoryType)),
    )
    .map(copy),
);
cards.push(
  ...wall
    .filter(
      (a) =>
        (a.kind === "wallart" &&
          ["poster", "leinwand"].includes(a.formatGroup) &&
          ["3:2", "square", "din"].includes(a.attributes.ratio)) ||
        (a.kind === "frame" && ["fotorahmen", "kunststoffrahmen"].includes(a.formatGroup)) ||
        (a.kind === "collage" && a.formatGroup === "poster"),
    )
    .map(copy),
);

// ------------------------------------------------------------------ themes
const occasionWords = {
  einschulung: {
    de: "Schulstart",
    en: "First day of school",
    fr: "Rentrée",
    it: "Primo giorno di scuola",
    es: "Primer día de cole",
    nl: "Eerste schooldag",
  },
  firmung: {
    de: "Firmung",
    en: "Confirmation",
    fr: "Confirmation",
    it: "Cresima",
    es: "Confirmación",
    nl: "Vormsel",
  },
  geburt: {
    de: "Geburt",
    en: "Birth",
    fr: "Naissance",
    it: "Nascita",
    es: "Nacimiento",
    nl: "Geboorte",
  },
  geburtstag: {
    de: "Geburtstag",
    en: "Birthday",
    fr: "Anniversaire",
    it: "Compleanno",
    es: "Cumpleaños",
    nl: "Verjaardag",
  },
  hochzeit: {
    de: "Hochzeit",
    en: "Wedding",
    fr: "Mariage",
    it: "Matrimonio",
    es: "Boda",
    nl: "Bruiloft",
  },
  kindergeburtstag: {
    de: "Kindergeburtstag",
    en: "Kids' party",
    fr: "Anniversaire enfant",
    it: "Festa bimbi",
    es: "Cumple infantil",
    nl: "Kinderfeestje",
  },
  kommunion: {
    de: "Kommunion",
    en: "Communion",
    fr: "Communion",
    it: "Comunione",
    es: "Comunión",
    nl: "Communie",
  },
  konfirmation: {
    de: "Konfirmation",
    en: "Confirmation",
    fr: "Confirmation",
    it: "Confermazione",
    es: "Confirmación",
    nl: "Belijdenis",
  },
  ostern: { de: "Ostern", en: "Easter", fr: "Pâques", it: "Pasqua", es: "Pascua", nl: "Pasen" },
  taufe: { de: "Taufe", en: "Baptism", fr: "Baptême", it: "Battesimo", es: "Bautizo", nl: "Doop" },
  trauer: {
    de: "Trauer",
    en: "Sympathy",
    fr: "Condoléances",
    it: "Cordoglio",
    es: "Condolencias",
    nl: "Rouw",
  },
  weihnachten: {
    de: "Weihnachten",
    en: "Christmas",
    fr: "Noël",
    it: "Natale",
    es: "Navidad",
    nl: "Kerst",
  },
};
const designWords = [
  {
    de: "Sternenglanz",
    en: "Starlight",
    fr: "Éclat d'étoiles",
    it: "Luce di stelle",
    es: "Luz de estrellas",
    nl: "Sterrenglans",
  },
  {
    de: "Blütenkranz",
    en: "Flower wreath",
    fr: "Couronne fleurie",
    it: "Ghirlanda",
    es: "Corona floral",
    nl: "Bloemenkrans",
  },
  {
    de: "Aquarell",
    en: "Watercolour",
    fr: "Aquarelle",
    it: "Acquerello",
    es: "Acuarela",
    nl: "Aquarel",
  },
  {
    de: "Goldrahmen",
    en: "Golden frame",
    fr: "Cadre doré",
    it: "Cornice d'oro",
    es: "Marco dorado",
    nl: "Gouden lijst",
  },
  {
    de: "Fotocollage",
    en: "Photo collage",
    fr: "Collage photo",
    it: "Collage",
    es: "Collage",
    nl: "Fotocollage",
  },
  { de: "Schlicht", en: "Simple", fr: "Sobre", it: "Semplice", es: "Sencillo", nl: "Eenvoudig" },
  {
    de: "Konfetti",
    en: "Confetti",
    fr: "Confettis",
    it: "Coriandoli",
    es: "Confeti",
    nl: "Confetti",
  },
  {
    de: "Eukalyptus",
    en: "Eucalyptus",
    fr: "Eucalyptus",
    it: "Eucalipto",
    es: "Eucalipto",
    nl: "Eucalyptus",
  },
  {
    de: "Handschrift",
    en: "Handwritten",
    fr: "Manuscrit",
    it: "Calligrafia",
    es: "Manuscrito",
    nl: "Handgeschreven",
  },
  { de: "Pastell", en: "Pastel", fr: "Pastel", it: "Pastello", es: "Pastel", nl: "Pastel" },
  { de: "Boho", en: "Boho", fr: "Bohème", it: "Boho", es: "Boho", nl: "Boho" },
  { de: "Klassik", en: "Classic", fr: "Classique", it: "Classico", es: "Clásico", nl: "Klassiek" },
  { de: "Momente", en: "Moments", fr: "Moments", it: "Momenti", es: "Momentos", nl: "Momenten" },
  { de: "Herzstück", en: "Centrepiece", fr: "Cœur", it: "Cuore", es: "Corazón", nl: "Hartstuk" },
];
const colors = {
  white: "#f4f1ec",
  gold: "#c9a23f",
  rose: "#e8a5b3",
  blue: "#3d6fa8",
  green: "#5f8f62",
  black: "#222222",
  red: "#b3262f",
  beige: "#d9c6a5",
};
const styles = ["classic", "modern", "playful", "elegant", "minimal", "rustic"];
const punchings = ["none", "none", "none", "round", "heart", "scalloped"];
const labelsCycle = [null, null, "bestseller", null, "new", null, null, "sale"];
const cardProducts = [
  ["folded-card", "148x105", "landscape"],
  ["folded-card", "148x148", "square"],
  ["folded-card", "105x148", "portrait"],
  ["flat-card", "148x105", "landscape"],
  ["photo-card", "210x100", "panorama"],
  ["postcard", "148x105", "landscape"],
];
const cardArticleFor = (product, format) =>
  `card-${product}-${format === "105x148" ? "148x105" : format}`;
// A fixed pseudo-random sequence, so the seed is the same on every run.
let seed = 20261123;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const themes = [];
const base = Date.UTC(2024, 0, 1);
for (const [occasionIndex, occasion] of Object.keys(occasionWords).entries()) {
  const count = 52 + (occasionIndex % 4) * 6;
  for (let i = 0; i < count; i++) {
    const colorName = Object.keys(colors)[(i + occasionIndex) % 8];
    const [product, format, aspectRatio] =
      cardProducts[(i * 7 + occasionIndex) % cardProducts.length];
    const word = designWords[i % designWords.length];
    const names = Object.fromEntries(
      Object.keys(word).map((lang) => [
        lang,
        `${occasionWords[occasion][lang]} – ${word[lang]}${i >= designWords.length ? ` ${Math.floor(i / designWords.length) + 1}` : ""}`,
      ]),
    );
    themes.push({
      id: `${occasion}-${String(i + 1).padStart(3, "0")}`,
      occasion,
      category:
        i % 5 === 0 && ["weihnachten", "ostern", "trauer"].includes(occasion)
          ? "business"
          : "private",
      color: colorName,
      style: styles[(i + occasionIndex * 2) % styles.length],
      aspectRatio,
      label: labelsCycle[(i + occasionIndex) % labelsCycle.length],
      product,
      punching: punchings[(i * 5 + occasionIndex) % punchings.length],
      format,
      article: cardArticleFor(product, format),
      popularity: Math.round(rand() * 10000),
      status: i % 23 === 22 ? "draft" : "published",
      names,
      palette: [colors[colorName], Object.values(colors)[(i + 3) % 8], "#ffffff"],
      createdAt: new Date(base + Math.floor(rand() * 700) * 86400000).toISOString(),
    });
  }
}
const posterThemes = [];
const posterOccasions = ["geburt", "hochzeit", "weihnachten", "geburtstag"];
for (const [oi, occasion] of posterOccasions.entries()) {
  for (let i = 0; i < 16; i++) {
    const colorName = Object.keys(colors)[(i + oi) % 8];
    const word = designWords[(i + oi) % designWords.length];
    const format = ["600x400", "500x500", "400x300"][i % 3];
    posterThemes.push({
      id: `poster-${occasion}-${String(i + 1).padStart(3, "0")}`,
      occasion,
      category: "private",
      color: colorName,
      style: styles[(i + oi) % styles.length],
      aspectRatio: format === "500x500" ? "square" : "landscape",
      label: labelsCycle[i % labelsCycle.length],
      product: "collage",
      punching: "none",
      format,
      article: `collage-poster-${format === "400x300" ? "600x400" : format}`,
      popularity: Math.round(rand() * 10000),
      status: "published",
      names: Object.fromEntries(
        Object.keys(word).map((lang) => [lang, `${occasionWords[occasion][lang]} – ${word[lang]}`]),
      ),
      palette: [colors[colorName], "#ffffff", "#222222"],
      createdAt: new Date(base + Math.floor(rand() * 700) * 86400000).toISOString(),
    });
  }
}

// ------------------------------------------------------------------ design groups
const cardsGroups = [];
for (const [i, calendarType] of Object.keys(calendarSets).entries()) {
  cardsGroups.push({
    kind: "calendar",
    id: 100 + i,
    name: calendarType,
    attributes: {
      calendarType,
      formats: calendarSets[calendarType].formats,
      startMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    },
  });
}
let groupId = 1000;
for (const [setIndex, categoryId] of PHOTOBOOK_CATEGORY_IDS.entries()) {
  const setId = 500 + setIndex;
  for (const orientation of PHOTOBOOK_ORIENTATIONS) {
    cardsGroups.push({
      kind: "photobook",
      id: groupId++,
      setId,
      name: `set-${categoryId}-${orientation}`,
      attributes: { categoryId, orientation, templateId: 70000 + groupId, pagesDefault: 26 },
    });
  }
}
const collageGroups = [];
const collageNames = [
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
];
for (const [i, name] of collageNames.entries()) {
  collageGroups.push({
    kind: "collage",
    id: i + 1,
    name,
    attributes: {
      images: [4, 6, 9, 12, 16, 24, 8, 7, 10, 12][i],
      formats: ["600x400", "500x500", "900x600"],
      ratio: i % 2 ? "square" : "3:2",
    },
  });
}
collageGroups.push({
  kind: "collage",
  id: 13,
  name: "classic-collage",
  attributes: { images: 5, formats: ["600x400", "900x600"], ratio: "3:2" },
});
// Collages of many photos (a grid of up to 100), in every collage format.
collageGroups.push({
  kind: "collage",
  id: 14,
  name: "many-photos",
  attributes: { images: 50, formats: ["600x400", "500x500", "900x600"], ratio: "3:2" },
});

// ------------------------------------------------------------------ vouchers, shipping, SKU containers
const euro = ["DE", "AT", "IT", "LU", "ES", "FR", "BE", "NL"];
const vouchers = (prefix) => [
  {
    code: `${prefix}WELCOME10`,
    kind: "voucher",
    countries: [...euro, "CH", "LI", "GB", "US"],
    percent: 10,
    minOrderMinor: 1500,
    validFrom: "2025-01-01T00:00:00Z",
    validUntil: "2030-12-31T23:59:59Z",
  },
  {
    code: `${prefix}SPRING5`,
    kind: "voucher",
    countries: euro,
    valueMinor: 500,
    minOrderMinor: 2500,
    validFrom: "2025-01-01T00:00:00Z",
    validUntil: "2030-06-30T23:59:59Z",
  },
  {
    code: `${prefix}EXPIRED`,
    kind: "voucher",
    countries: euro,
    percent: 20,
    validFrom: "2023-01-01T00:00:00Z",
    validUntil: "2024-01-01T00:00:00Z",
  },
  {
    code: `${prefix}GIFT-2F7K-9QX4`,
    kind: "gift",
    countries: euro,
    valueMinor: 2500,
    validFrom: "2025-01-01T00:00:00Z",
    validUntil: "2029-12-31T23:59:59Z",
  },
  {
    code: `${prefix}GIFT-CH50-8Z2M`,
    kind: "gift",
    countries: ["CH", "LI"],
    valueMinor: 5000,
    validFrom: "2025-01-01T00:00:00Z",
    validUntil: "2029-12-31T23:59:59Z",
  },
  {
    code: `${prefix}GIFT-US25-4K7P`,
    kind: "gift",
    countries: ["US"],
    valueMinor: 2500,
    validFrom: "2025-01-01T00:00:00Z",
    validUntil: "2029-12-31T23:59:59Z",
  },
];
const shipping = (wallart) => {
  const out = [];
  const sheet = {
    DE: [495, 4900, 2, 4],
    AT: [695, 5900, 3, 5],
    CH: [990, 7900, 4, 7],
    LI: [990, 7900, 4, 7],
    IT: [795, 6900, 4, 7],
    LU: [695, 5900, 3, 5],
    GB: [699, 6000, 5, 8],
    US: [1299, 9900, 7, 12],
    ES: [795, 6900, 4, 7],
    FR: [695, 5900, 3, 6],
    BE: [695, 5900, 3, 5],
    NL: [595, 5900, 2, 4],
  };
  for (const [country, [price, free, min, max]] of Object.entries(sheet)) {
    const factor = wallart ? 1.4 : 1;
    out.push({
      country,
      method: "standard",
      priceMinor:
        Math.round((price * factor) / 5) * 5 - (country === "CH" || country === "LI" ? 0 : 0),
      freeFromMinor: free,
      daysMin: min,
      daysMax: max,
    });
    out.push({
      country,
      method: "express",
      priceMinor: Math.round((price * 2.2 * factor) / 10) * 10 - 1,
      freeFromMinor: null,
      daysMin: 1,
      daysMax: Math.max(2, min - 1),
    });
  }
  return out;
};
const cardsSku = [
  {
    sku: "calendar-bestsellers",
    articles: [
      "calendar-wandkalender-a4-hoch-spirale",
      "calendar-tischkalender-a5-quer-holzfuss",
      "calendar-familienplaner-200-400-spirale",
      "calendar-kuechenkalender-150-400-spirale",
    ],
    attributes: { title: "Kalender-Bestseller" },
  },
  {
    sku: "photobook-start",
    articles: [
      "photobook-digitalfotobuch-hard-glossy-20x20",
      "photobook-digitalfotobuch-hard-glossy-a4-landscape",
      "photobook-echtfotobuch-hard-glossy-30x30",
      "photobook-fotoheft-soft-pur-a5-portrait",
    ],
    attributes: { title: "Fotobuch" },
  },
  {
    sku: "photobox",
    articles: [
      "photobox-small-100x100-glossy",
      "photobox-large-150x100-glossy",
      "photoprint-photoprint-300x200-matt",
    ],
    attributes: { title: "Fotobox" },
  },
];
const wallSku = [
  {
    sku: "wallart-bestsellers",
    articles: [
      "wallart-leinwand-600x400",
      "wallart-acrylglas-600x400",
      "wallart-aludibond-900x600",
      "wallart-poster-600x400",
    ],
    attributes: { title: "Bestseller" },
  },
  {
    sku: "frames",
    articles: ["frame-alurahmen-600x400", "frame-holzrahmen-600x400", "frame-artbox-500x500"],
    attributes: { title: "Rahmen" },
  },
];

function write(channel, file, data) {
  mkdirSync(path.join(root, channel), { recursive: true });
  // One entry per line: readable diffs, small files.
  const [[key, list]] = Object.entries(data);
  const body = list.map((entry) => JSON.stringify(entry)).join(",\n");
  writeFileSync(path.join(root, channel, file), `{"${key}": [\n${body}\n]}\n`);
}
write("cards", "articles.json", { articles: cards });
write("cards", "themes.json", { themes });
write("cards", "design-groups.json", { designGroups: [...cardsGroups, ...collageGroups] });
write("cards", "vouchers.json", { vouchers: vouchers("C-") });
write("cards", "shipping.json", { shipping: shipping(false) });
write("cards", "sku-containers.json", { skuContainers: cardsSku });
write("wallart", "articles.json", { articles: wall });
write("wallart", "themes.json", { themes: posterThemes });
write("wallart", "design-groups.json", {
  designGroups: [
    ...cardsGroups.filter((g) => g.kind === "calendar" && g.name === "wandkalender"),
    ...collageGroups,
  ],
});
write("wallart", "vouchers.json", { vouchers: vouchers("W-") });
write("wallart", "shipping.json", { shipping: shipping(true) });
write("wallart", "sku-containers.json", { skuContainers: wallSku });
console.info(
  `cards: ${cards.length} articles, ${themes.length} themes; wallart: ${wall.length} articles, ${posterThemes.length} themes`,
);
