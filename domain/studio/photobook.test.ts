import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cartConfigurationOf, productRefOf, studioConfigurationSchema } from "./configuration";
import { designDocumentSchema, MIN_TEXT_PT, MM_PER_POINT, type ProductRef } from "./document";
import { bookTemplate, withPageCount } from "./layouts";
import {
  bookGeometry,
  bookSafeAreas,
  bookTextOutsideSafe,
  coverPanels,
  coverTrim,
  emptyPages,
  GUTTER_MM,
  HARD_COVER,
  MM_PER_PAGE,
  pageCountProblem,
  pageLimitOptions,
  PHOTOBOOK_BINDINGS,
  PHOTOBOOK_PAPERS,
  photobookFormat,
  SPINE_SAFE_MM,
  SPINE_TITLE_ID,
  spineSafeArea,
  spineTitle,
  type PhotobookType,
} from "./photobook";
import { printProfile, profileMismatches, surfacesOf } from "./profiles";
import { studioConfiguration } from "./studioLinks";

const limits = { min: 24, max: 200, step: 2 };
const book = (over: Partial<ProductRef["options"]> = {}, pages = 24, format = "200x200") =>
  ({
    family: "photobook",
    format,
    options: {
      photobookType: "digitalfotobuch",
      cover: "hard",
      paper: "glossy",
      size: "20x20",
      ...pageLimitOptions(limits),
      ...over,
    },
    pages,
  }) satisfies ProductRef;

describe("a photo book's print profile", () => {
  it("has the cover (back, spine, front) first, then one spread per two pages", () => {
    const p = printProfile(book({}, 40))!;
    expect(p.surfaces.map((s) => s.name)).toEqual([
      "book-cover",
      ...Array.from({ length: 20 }, () => "spread"),
    ]);
    expect(p.surfaces[1]).toMatchObject({ width: 400, height: 200 });
    expect(p.printOrder).toEqual(p.surfaces.map((_, i) => i));
    expect(p.book?.interior).toBe("pages");
  });

  it("makes the spine as thick as the pages' paper plus the boards", () => {
    const g40 = bookGeometry(book({}, 40))!;
    const g100 = bookGeometry(book({}, 100))!;
    // 0.06 mm a page of standard premium paper, two 2.5 mm boards.
    expect(g40.spine).toBeCloseTo(40 * 0.06 + 5, 5);
    expect(g100.spine).toBeCloseTo(100 * 0.06 + 5, 5);
    // A thicker paper makes a thicker spine for the same pages.
    expect(bookGeometry(book({ paper: "matt" }, 100))!.spine).toBeGreaterThan(g100.spine);
    // The cover sheet: two boards (3 mm beyond the block), two hinges, the spine.
    const trim = coverTrim(g100);
    expect(trim.width).toBeCloseTo(2 * 203 + 2 * HARD_COVER.hinge + g100.spine, 5);
    expect(trim.height).toBe(206);
    const panels = coverPanels(g100);
    expect(panels.front.x + panels.front.width).toBeCloseTo(trim.width, 5);
    expect(panels.spine.width).toBe(g100.spine);
  });

  it("keeps a hard cover's wrap as its bleed; a soft cover has plain bleed and no hinge", () => {
    const hard = printProfile(book({}, 40))!;
    const cover = surfacesOf(hard)[0]!;
    expect(cover.bleed).toBe(HARD_COVER.wrap);
    expect(surfacesOf(hard)[1]!.bleed).toBe(3);
    const soft = bookGeometry(book({ cover: "soft", paper: "standard" }, 40))!;
    expect(soft.hinge).toBe(0);
    expect(soft.spine).toBeCloseTo(40 * 0.06 + 0.6, 5);
    expect(coverTrim(soft)).toEqual({ width: 400 + soft.spine, height: 200 });
  });

  it("prints a lay-flat book's interior as whole spreads with a narrow gutter", () => {
    const flat = bookGeometry(
      book(
        {
          photobookType: "echtfotobuch",
          paper: "glossy",
          ...pageLimitOptions({ min: 26, max: 130, step: 2 }),
        },
        26,
      ),
    )!;
    expect(flat.interior).toBe("spreads");
    expect(flat.gutter).toBe(GUTTER_MM.layflat);
    expect(flat.gutter).toBeLessThan(GUTTER_MM.glued);
    expect(flat.spine).toBeCloseTo(26 * 0.25 + 5, 5);
    const stapled = bookGeometry(
      book(
        {
          photobookType: "fotoheft",
          cover: "soft",
          paper: "pur",
          ...pageLimitOptions({ min: 16, max: 48, step: 4 }),
        },
        16,
      ),
    )!;
    expect(stapled.spine).toBe(0);
  });

  it("has no profile for a page count off the grid, an unknown paper or type", () => {
    expect(printProfile(book({}, 25))).toBeNull();
    expect(printProfile(book({}, 202))).toBeNull();
    expect(printProfile(book({ paper: "gold" }))).toBeNull();
    expect(printProfile(book({ photobookType: "scroll" }))).toBeNull();
  });

  it("keeps the gutter and the outer margin out of a spread's safe areas", () => {
    const g = bookGeometry(book({}, 24))!;
    const [left, right] = bookSafeAreas({ name: "spread", trim: { width: 400, height: 200 } }, g);
    expect(left!.x + left!.width).toBe(200 - GUTTER_MM.glued);
    expect(right!.x).toBe(200 + GUTTER_MM.glued);
    const doc = bookTemplate(book({}, 24), g, "en");
    const spread = {
      ...doc.surfaces[1]!,
      elements: [
        {
          id: "words",
          kind: "text" as const,
          x: 150,
          y: 80,
          width: 100,
          height: 20,
          rotation: 0,
          locked: false,
          fontFamily: "Inter" as const,
          fontWeight: "normal" as const,
          fontSize: 12,
          colour: "#000000",
          align: "center" as const,
          lines: ["across the fold"],
        },
        {
          id: "fine",
          kind: "text" as const,
          x: 250,
          y: 80,
          width: 100,
          height: 20,
          rotation: 0,
          locked: false,
          fontFamily: "Inter" as const,
          fontWeight: "normal" as const,
          fontSize: 12,
          colour: "#000000",
          align: "center" as const,
          lines: ["on the right page"],
        },
      ],
    };
    expect(bookTextOutsideSafe(spread, g)).toEqual(["words"]);
    // The cover's title sits on the front panel, clear of spine and hinges.
    expect(bookTextOutsideSafe(doc.surfaces[0]!, g)).toEqual([]);
  });

  it("carries the title along a spine thick enough for words, inside the spine's band", () => {
    // 40 pages of standard paper in a hard cover: a 7.4 mm spine, 1.5 mm kept from each fold.
    const g = bookGeometry(book({}, 40))!;
    const spine = coverPanels(g).spine;
    const band = spineSafeArea(g)!;
    expect(band.x).toBeCloseTo(spine.x + SPINE_SAFE_MM, 5);
    expect(band.width).toBeCloseTo(g.spine - 2 * SPINE_SAFE_MM, 5);
    expect(bookSafeAreas({ name: "book-cover", trim: coverTrim(g) }, g)).toContainEqual(band);
    const cover = bookTemplate(book({}, 40), g, "de").surfaces[0]!;
    const title = cover.elements.find((e) => e.id === SPINE_TITLE_ID)!;
    expect(title).toMatchObject({ kind: "text", rotation: 90, lines: ["Unser Fotobuch"] });
    // Turned a quarter about its centre it lies on the spine's middle and fills the band.
    expect(title.x + title.width / 2).toBeCloseTo(spine.x + spine.width / 2, 2);
    expect(title.height).toBeCloseTo(band.width, 2);
    expect(title.width).toBeCloseTo(band.height, 2);
    if (title.kind !== "text") throw new Error("text");
    expect(title.fontSize).toBeGreaterThanOrEqual(MIN_TEXT_PT);
    expect(title.fontSize * MM_PER_POINT * 1.2).toBeLessThanOrEqual(band.width + 1e-6);
    expect(bookTextOutsideSafe(cover, g)).toEqual([]);
    // Words crossing the spine's fold onto the hinge are outside it.
    const wide = { ...title, height: g.spine + 4, y: title.y - 2 - SPINE_SAFE_MM };
    expect(bookTextOutsideSafe({ ...cover, elements: [wide] }, g)).toEqual([SPINE_TITLE_ID]);
  });

  it("leaves a spine too thin for the smallest text plain: a thin soft cover, a stapled booklet", () => {
    const soft = bookGeometry(book({ cover: "soft" }, 40))!;
    expect(soft.spine).toBeLessThan(4);
    expect(spineTitle(soft, ["Title"])).toBeNull();
    const cover = bookTemplate(book({ cover: "soft" }, 40), soft, "en").surfaces[0]!;
    expect(cover.elements.some((e) => e.id === SPINE_TITLE_ID)).toBe(false);
    const booklet = bookGeometry(book({ photobookType: "fotoheft", paper: "pur" }, 24))!;
    expect(spineSafeArea(booklet)).toBeNull();
  });

  it("fits the spine's title to the spine when pages are added or taken away", () => {
    const g40 = bookGeometry(book({}, 40))!;
    const doc = bookTemplate(book({}, 40), g40, "en");
    const g120 = bookGeometry(book({}, 120))!;
    const grown = withPageCount(doc, g120, 120);
    const title = grown.surfaces[0]!.elements.find((e) => e.id === SPINE_TITLE_ID)!;
    const spine = coverPanels(g120).spine;
    expect(title.x + title.width / 2).toBeCloseTo(spine.x + spine.width / 2, 2);
    expect(title.height).toBeCloseTo(spineSafeArea(g120)!.width, 2);
    expect(bookTextOutsideSafe(grown.surfaces[0]!, g120)).toEqual([]);
    // Back to 40 pages: the band narrows again and the words shrink to fit it.
    const back = withPageCount(grown, g40, 40);
    const again = back.surfaces[0]!.elements.find((e) => e.id === SPINE_TITLE_ID)!;
    expect(again).toEqual(doc.surfaces[0]!.elements.find((e) => e.id === SPINE_TITLE_ID));
    expect(designDocumentSchema.safeParse(back).success).toBe(true);
  });
});

describe("a photo book's pages", () => {
  it("are on the catalogue's grid or refused naming the limits", () => {
    expect(pageCountProblem(24, limits)).toBeNull();
    expect(pageCountProblem(200, limits)).toBeNull();
    expect(pageCountProblem(22, limits)).toBe("pages must be 24 to 200 in steps of 2");
    expect(pageCountProblem(25, limits)).toMatch(/24 to 200 in steps of 2/);
    expect(pageCountProblem(202, limits)).not.toBeNull();
  });

  it("are added and taken away as spreads at the end, the template valid throughout", () => {
    const g = bookGeometry(book({}, 24))!;
    const doc = bookTemplate(book({}, 24), g, "de");
    expect(designDocumentSchema.safeParse(doc).success).toBe(true);
    expect(profileMismatches(doc.surfaces, printProfile(doc.product)!)).toEqual({});
    expect(doc.surfaces[0]!.elements.find((e) => e.kind === "text")).toMatchObject({
      lines: ["Unser Fotobuch"],
    });
    const more = withPageCount(doc, bookGeometry(book({}, 100))!, 100);
    expect(more.product.pages).toBe(100);
    expect(more.surfaces.filter((s) => s.name === "spread")).toHaveLength(50);
    // The cover's size follows the spine of the new count, its front moving with it.
    expect(profileMismatches(more.surfaces, printProfile(more.product)!)).toEqual({});
    const title = (d: typeof doc) => d.surfaces[0]!.elements.find((e) => e.kind === "text")!;
    expect(title(more).x - title(doc).x).toBeCloseTo(76 * 0.06, 5);
    expect(title(withPageCount(more, g, 24)).x).toBeCloseTo(title(doc).x, 5);
    const fewer = withPageCount(more, g, 24);
    expect(fewer.surfaces.map((s) => s.id)).toEqual(doc.surfaces.map((s) => s.id));
  });

  it("are empty when nothing shows on them", () => {
    const g = bookGeometry(book({}, 24))!;
    const doc = bookTemplate(book({}, 24), g, "en");
    expect(emptyPages(doc)).toHaveLength(24);
    const first = doc.surfaces[1]!;
    const filled = {
      ...doc,
      surfaces: [
        doc.surfaces[0]!,
        {
          ...first,
          elements: first.elements.map((e, i) =>
            e.kind === "photo" && i === 0
              ? {
                  ...e,
                  photo: { photoId: "p1", crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 } },
                }
              : e,
          ),
        },
        ...doc.surfaces.slice(2),
      ],
    };
    expect(emptyPages(filled)).toEqual(Array.from({ length: 23 }, (_, i) => i + 2));
  });
});

describe("the photo book data", () => {
  const articles = (
    JSON.parse(
      readFileSync(path.join(__dirname, "..", "..", "catalogue", "cards", "articles.json"), "utf8"),
    ) as { articles: { kind: string; format: string; attributes: Record<string, unknown> }[] }
  ).articles.filter((a) => a.kind === "photobook");

  // The catalogue's names for our bindings (its articles' `binding`).
  const CATALOGUE_BINDING = { glued: "pur", layflat: "layflat", stapled: "heftbindung" };

  it("knows every book the catalogue sells: its binding, paper thickness and size", () => {
    expect(articles.length).toBeGreaterThan(0);
    for (const a of articles) {
      const type = a.attributes.photobookType as PhotobookType;
      const binding = PHOTOBOOK_BINDINGS[type];
      expect(CATALOGUE_BINDING[binding]).toBe(a.attributes.binding);
      const paper = PHOTOBOOK_PAPERS[type][a.attributes.variantKey as string];
      expect(paper).toBe(a.attributes.paper);
      expect(MM_PER_PAGE[`${binding}/${paper}`]).toBeGreaterThan(0);
      expect(photobookFormat(a.attributes.formatKey as string)).toBe(a.format);
      const product: ProductRef = {
        family: "photobook",
        format: a.format,
        options: {
          photobookType: type,
          cover: a.attributes.cover as string,
          paper: a.attributes.variantKey as string,
          size: a.attributes.formatKey as string,
        },
        pages: a.attributes.pagesMin as number,
      };
      expect(printProfile(product), JSON.stringify(product)).not.toBeNull();
    }
  });
});

describe("a photo book's way into the studio and back to the cart", () => {
  it("starts from the designer link the product page gives, and the cart takes the design's pages", () => {
    const started = studioConfiguration("photobook", {
      printing: "digitalfotobuch",
      cover: "hard",
      binding: "pur",
      paper: "glossy",
      size: "20x20",
      pageCount: "40",
      amount: "2",
    });
    expect(started).toEqual({
      configuration: {
        kind: "photobook",
        photobookType: "digitalfotobuch",
        cover: "hard",
        paper: "glossy",
        size: "20x20",
        pages: 40,
        quantity: 2,
      },
      themeId: null,
    });
    const configuration = studioConfigurationSchema.parse(started!.configuration);
    expect(productRefOf(configuration)).toMatchObject({ format: "200x200", pages: 40 });
    expect(
      cartConfigurationOf(configuration, { product: { ...book({}, 60), pages: 60 } }),
    ).toMatchObject({ pages: 60, quantity: 2 });
  });
});
