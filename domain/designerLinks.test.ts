import { describe, expect, it } from "vitest";
import {
  calendarStart,
  designerProductFor,
  designerRequest,
  designerUrl,
  filterQuery,
  firstValues,
  isSafeDesignerBase,
  photobookOrientation,
  templateFor,
  type DesignerContext,
  type DesignerQuery,
} from "./designerLinks";
import { DEFAULT_PHOTOBOX_QUANTITY } from "./photobox";

const context: DesignerContext = {
  locale: "de-DE",
  today: new Date("2026-11-23T10:00:00Z"),
  defaultCollageId: 13,
  defaultRefinement: "gold",
};

/** The designer parameters of a query as a plain object. */
function params(query: DesignerQuery, extra: Partial<DesignerContext> = {}, collage = false) {
  const request = designerRequest(query, { ...context, ...extra }, { collage });
  return request ? { product: request.product, ...Object.fromEntries(request.params) } : null;
}

describe("the product family of a designer link", () => {
  it("is a photobox for a photobox type and prints for the photoprint type", () => {
    expect(designerProductFor({ photoboxType: "small" })).toBe("photobox");
    expect(designerProductFor({ photoboxType: "large" })).toBe("photobox");
    expect(designerProductFor({ photoboxType: "photoprint" })).toBe("photoprint");
  });

  it("is a collage for a material or frame type with a design id or the collage hint, else a photo frame", () => {
    expect(designerProductFor({ materialType: "leinwand" })).toBe("photoframe");
    expect(designerProductFor({ frameType: "holzrahmen" })).toBe("photoframe");
    expect(designerProductFor({ materialType: "leinwand", designId: "7" })).toBe("collage");
    expect(designerProductFor({ frameType: "alurahmen" }, { collage: true })).toBe("collage");
  });

  it("is a collage with the collage hint alone, and nothing without any field", () => {
    expect(designerProductFor({}, { collage: true })).toBe("collage");
    expect(designerProductFor({})).toBeNull();
  });

  it("is a calendar for a calendar type, a photo book for a type or printing, a card for a theme id", () => {
    expect(designerProductFor({ calendarType: "wandkalender" })).toBe("calendar");
    expect(designerProductFor({ photobookType: "echtfotobuch" })).toBe("photobook");
    expect(designerProductFor({ printing: "fotoheft" })).toBe("photobook");
    expect(designerProductFor({ themeId: "winter-12" })).toBe("card");
  });

  it("checks the fields in order: photobox type before material before calendar before photo book before theme", () => {
    const all = {
      photoboxType: "small",
      materialType: "poster",
      calendarType: "wandkalender",
      photobookType: "fotoheft",
      themeId: "t1",
    };
    expect(designerProductFor(all)).toBe("photobox");
    expect(designerProductFor({ ...all, photoboxType: undefined })).toBe("photoframe");
    expect(designerProductFor({ ...all, photoboxType: undefined, materialType: undefined })).toBe(
      "calendar",
    );
    expect(designerProductFor({ photobookType: "fotoheft", themeId: "t1" })).toBe("photobook");
  });

  it("is none when no field names a product, or the fields hold unknown values", () => {
    expect(designerProductFor({})).toBeNull();
    expect(designerProductFor({ quantity: "5", locale: "de-DE" })).toBeNull();
    expect(designerProductFor({ photoboxType: "huge", calendarType: "mondkalender" })).toBeNull();
    expect(designerProductFor({ themeId: "<script>" })).toBeNull();
    expect(designerRequest({}, context)).toBeNull();
  });
});

describe("calendar links", () => {
  it("start in the month of the start date", () => {
    expect(params({ calendarType: "wandkalender", startDate: "2027-03" })).toMatchObject({
      startMonth: "3",
      startYear: "2027",
    });
    expect(calendarStart("2027-11-01", context.today)).toEqual({ month: 11, year: 2027 });
  });

  it("start this month without a (valid) start date", () => {
    expect(params({ calendarType: "tischkalender" })).toMatchObject({
      startMonth: "11",
      startYear: "2026",
    });
    expect(calendarStart("2027-13", context.today)).toEqual({ month: 11, year: 2026 });
  });

  it("carry the mounting, and as accessory type the mounting when it is one, else 'ohne'", () => {
    expect(params({ calendarType: "wandkalender", mounting: "holzblock" })).toMatchObject({
      mounting: "holzblock",
      accessoryTypes: "holzblock",
    });
    expect(params({ calendarType: "wandkalender", mounting: "spirale" })).toMatchObject({
      mounting: "spirale",
      accessoryTypes: "ohne",
    });
    expect(params({ calendarType: "wandkalender" })).toMatchObject({ accessoryTypes: "ohne" });
  });

  it("carry the calendar type and format code", () => {
    expect(params({ calendarType: "familienplaner", formatType: "a3-hoch" })).toMatchObject({
      product: "calendar",
      calendarType: "familienplaner",
      format: "a3-hoch",
    });
  });
});

describe("card links", () => {
  it("carry theme id, quantity, sample flag and referral source", () => {
    expect(params({ themeId: "t1", quantity: "50", s: "gs" })).toEqual({
      product: "card",
      themeId: "t1",
      quantity: "50",
      sample: "false",
      s: "gs",
      locale: "de-DE",
    });
  });

  it("force quantity 1 and sample true for a sample, whatever quantity was asked", () => {
    expect(params({ themeId: "t1", s: "sample", quantity: "50" })).toMatchObject({
      quantity: "1",
      sample: "true",
      s: "sample",
    });
    expect(params({ themeId: "t1", sample: "true", quantity: "20" })).toMatchObject({
      quantity: "1",
      sample: "true",
    });
  });

  it("carry the product page's type, size, refinement (none too) and envelope", () => {
    expect(
      params({
        themeId: "hochzeit-001",
        cardType: "folded-card",
        size: "210x100",
        refinement: "none",
        envelope: "accessory-envelope-220x110",
        quantity: "10",
      }),
    ).toEqual({
      product: "card",
      themeId: "hochzeit-001",
      cardType: "folded-card",
      size: "210x100",
      refinement: "none",
      envelope: "accessory-envelope-220x110",
      quantity: "10",
      sample: "false",
      locale: "de-DE",
    });
  });

  it("drop an option value that is no catalogue value", () => {
    const link = params({ themeId: "t1", size: "210x100&x=1", envelope: "<b>" });
    expect(link).not.toHaveProperty("size");
    expect(link).not.toHaveProperty("envelope");
  });

  it("drop a quantity that is not a whole number in range, and an unknown referral source", () => {
    const link = params({ themeId: "t1", quantity: "-3", s: "evil" });
    expect(link).not.toHaveProperty("quantity");
    expect(link).not.toHaveProperty("s");
  });
});

describe("photo book links", () => {
  it("split the type into printing and cover", () => {
    expect(params({ photobookType: "digitalfotobuch-soft" })).toMatchObject({
      printing: "digitalfotobuch",
      cover: "soft",
    });
    expect(params({ photobookType: "digitalfotobuch" })).toMatchObject({ cover: "hard" });
  });

  it("keep each type's rules: real photo books are lay-flat hardcovers, booklets stapled softcovers", () => {
    expect(params({ photobookType: "echtfotobuch-soft", binding: "pur" })).toMatchObject({
      printing: "echtfotobuch",
      cover: "hard",
      binding: "layflat",
    });
    expect(params({ printing: "fotoheft" })).toMatchObject({
      cover: "soft",
      binding: "heftbindung",
    });
    expect(params({ photobookType: "digitalfotobuch", binding: "layflat" })).toMatchObject({
      binding: "layflat",
    });
  });

  it("carry paper, format and page count", () => {
    expect(
      params({
        photobookType: "digitalfotobuch",
        paper: "matt",
        photobookFormat: "297x210",
        pageCount: "48",
      }),
    ).toMatchObject({ paper: "matt", format: "297x210", pageCount: "48" });
    const bad = params({ photobookType: "digitalfotobuch", paper: "<x>", pageCount: "9999" });
    expect(bad).not.toHaveProperty("paper");
    expect(bad).not.toHaveProperty("pageCount");
  });

  it("carry the paper and size as the catalogue names them, and no refinement the page did not choose", () => {
    const link = params({
      photobookType: "digitalfotobuch-hard",
      paper: "standard-premium",
      photobookFormat: "200x200",
      size: "20x20",
      pageCount: "60",
    });
    expect(link).toMatchObject({ paper: "standard-premium", size: "20x20", pageCount: "60" });
    expect(link).not.toHaveProperty("refinement");
    // "ohne" is the page's word for none; a bare link keeps the channel's default.
    expect(params({ photobookType: "digitalfotobuch", refinement: "ohne" })).not.toHaveProperty(
      "refinement",
    );
    expect(params({ photobookType: "digitalfotobuch" })).toMatchObject({ refinement: "gold" });
  });

  it("take the template of the design group that fits the format's orientation", () => {
    const designGroup = { landscape: "tpl-l", portrait: "tpl-p", square: "tpl-s" };
    expect(
      params({ photobookType: "fotoheft", photobookFormat: "297x210" }, { designGroup }),
    ).toMatchObject({ templateId: "tpl-l" });
    expect(
      params({ photobookType: "fotoheft", photobookFormat: "210x297" }, { designGroup }),
    ).toMatchObject({ templateId: "tpl-p" });
    expect(
      params({ photobookType: "fotoheft", photobookFormat: "200x200" }, { designGroup }),
    ).toMatchObject({ templateId: "tpl-s" });
    expect(params({ photobookType: "fotoheft" }, { designGroup })).not.toHaveProperty("templateId");
    expect(photobookOrientation("din-portrait")).toBe("din-portrait");
    expect(photobookOrientation("nonsense")).toBeNull();
    expect(templateFor({ landscape: "a" }, "square")).toBeNull();
  });

  it("order one copy unless an amount is given", () => {
    expect(params({ photobookType: "fotoheft" })).toMatchObject({ amount: "1" });
    expect(params({ photobookType: "fotoheft", amount: "3" })).toMatchObject({ amount: "3" });
  });

  it("add the refinement unless it is none or ohne; the channel's default otherwise", () => {
    expect(params({ photobookType: "fotoheft" })).toMatchObject({ refinement: "gold" });
    expect(params({ photobookType: "fotoheft", refinement: "silver" })).toMatchObject({
      refinement: "silver",
    });
    expect(params({ photobookType: "fotoheft", refinement: "none" })).not.toHaveProperty(
      "refinement",
    );
    expect(params({ photobookType: "fotoheft" }, { defaultRefinement: "ohne" })).not.toHaveProperty(
      "refinement",
    );
  });
});

describe("photobox and print links", () => {
  it("carry the format as width and height in mm, type small for a photobox", () => {
    expect(params({ photoboxType: "small", formatType: "130x90", quantity: "100" })).toEqual({
      product: "photobox",
      type: "small",
      width: "130",
      height: "90",
      quantity: "100",
      locale: "de-DE",
    });
    expect(params({ photoboxType: "photoprint", formatType: "150x100" })).toEqual({
      product: "photoprint",
      type: "photoprint",
      width: "150",
      height: "100",
      quantity: String(DEFAULT_PHOTOBOX_QUANTITY),
      locale: "de-DE",
    });
  });

  it("carry the paper finish and the number of prints the page priced", () => {
    expect(
      params({ photoboxType: "photoprint", formatType: "150x100", finish: "matt", quantity: "50" }),
    ).toMatchObject({ finish: "matt", quantity: "50" });
    expect(params({ photoboxType: "small", finish: "satin" })).not.toHaveProperty("finish");
  });

  it("use the default photobox quantity when the asked one is not a step", () => {
    expect(params({ photoboxType: "small", quantity: "7" })).toMatchObject({
      quantity: String(DEFAULT_PHOTOBOX_QUANTITY),
    });
  });
});

describe("photo frame and collage links", () => {
  it("carry material, frame, its colour, mat and glazing, and format of a photo frame", () => {
    expect(
      params({
        materialType: "poster",
        frameType: "holzrahmen",
        frameColour: "walnut",
        matType: "mat-weiss",
        matSize: "30",
        matColour: "cream",
        glass: "museum-acrylic",
        formatType: "400x300",
      }),
    ).toEqual({
      product: "photoframe",
      materialType: "poster",
      frameType: "holzrahmen",
      frameColour: "walnut",
      matType: "mat-weiss",
      matColour: "cream",
      glass: "museum-acrylic",
      matSize: "30",
      formatType: "400x300",
      locale: "de-DE",
    });
  });

  it("carry the design id of a collage, or the channel's default collage for the collage hint", () => {
    expect(params({ materialType: "leinwand", designId: "21" })).toMatchObject({
      product: "collage",
      designId: "21",
    });
    expect(params({ materialType: "leinwand" }, { defaultCollageId: 1 }, true)).toMatchObject({
      product: "collage",
      designId: "1",
    });
  });
});

describe("every designer link", () => {
  it("carries the locale: the query's when supported, else the visitor's", () => {
    expect(params({ themeId: "t" })).toMatchObject({ locale: "de-DE" });
    expect(params({ themeId: "t", locale: "fr-CH" })).toMatchObject({ locale: "fr-CH" });
    expect(params({ themeId: "t", locale: "xx-YY" })).toMatchObject({ locale: "de-DE" });
  });

  it("carries the ad-click id from its cookie when it is well-formed", () => {
    expect(params({ themeId: "t" }, { adClickId: "Cj0KCQ_abc-1" })).toMatchObject({
      gclid: "Cj0KCQ_abc-1",
    });
    expect(params({ themeId: "t" }, { adClickId: "a b<" })).not.toHaveProperty("gclid");
    expect(params({ themeId: "t", gclid: "from-query" })).not.toHaveProperty("gclid");
  });

  it("is the designer base, the product and the parameters", () => {
    const request = designerRequest({ themeId: "t1", s: "sample" }, context);
    expect(request && designerUrl("https://designer.example/app/", request)).toBe(
      "https://designer.example/app/card?themeId=t1&quantity=1&sample=true&s=sample&locale=de-DE",
    );
  });
});

describe("designer addresses", () => {
  const hosts = ["designer.example"];

  it("are a path of this shop or http(s) on an allowed host", () => {
    expect(isSafeDesignerBase("/designer", hosts)).toBe(true);
    expect(isSafeDesignerBase("https://designer.example/app", hosts)).toBe(true);
    expect(isSafeDesignerBase("http://DESIGNER.example", hosts)).toBe(true);
  });

  it("refuse other hosts, unsafe protocols, credentials and protocol-relative paths", () => {
    expect(isSafeDesignerBase("https://evil.example", hosts)).toBe(false);
    expect(isSafeDesignerBase("javascript:alert(1)", hosts)).toBe(false);
    expect(isSafeDesignerBase("data:text/html,x", hosts)).toBe(false);
    expect(isSafeDesignerBase("https://user:pw@designer.example", hosts)).toBe(false);
    expect(isSafeDesignerBase("//evil.example", hosts)).toBe(false);
    expect(isSafeDesignerBase("/\\evil.example", hosts)).toBe(false);
  });
});

describe("filtered queries", () => {
  it("keep only the whitelisted parameters, in order and with repeats", () => {
    const query = new URLSearchParams(
      "themeId=1&evil=2&quantity=3&s=gs&_storyblok=9&utm_source=x&quantity=4&gclid=g&suppress_promotion=1",
    );
    expect(filterQuery(query).toString()).toBe(
      "themeId=1&quantity=3&s=gs&_storyblok=9&quantity=4&gclid=g&suppress_promotion=1",
    );
  });

  it("read the first value of each parameter, without inherited names", () => {
    const values = firstValues(new URLSearchParams("a=1&a=2&constructor=x"));
    expect(values.a).toBe("1");
    expect(values.constructor).toBe("x");
    expect(firstValues(new URLSearchParams("b=1")).constructor).toBeUndefined();
  });
});
