import { describe, expect, it } from "vitest";
import {
  designerConfiguration,
  designerPath,
  carriedParams,
  changesChoice,
  studioEntry,
  type DesignerConfiguration,
  type SettledChoice,
} from "./designerConfiguration";

const card = {
  themeId: "hochzeit-001",
  cardType: "folded-card",
  size: "210x100",
  refinement: "silver",
  envelope: "accessory-envelope-220x110",
  quantity: "10",
  sample: "false",
};

describe("the configuration a designer link carries", () => {
  it("is a card's whole choice when the link names every option", () => {
    expect(designerConfiguration("card", card)).toEqual({
      kind: "card",
      cardType: "folded-card",
      size: "210x100",
      refinement: "silver",
      envelope: "accessory-envelope-220x110",
      quantity: 10,
      sample: false,
      themeId: "hochzeit-001",
    });
  });

  it("is one card for a sample, whatever quantity was asked", () => {
    expect(designerConfiguration("card", { ...card, s: "sample", quantity: "50" })).toMatchObject({
      quantity: 1,
      sample: true,
    });
  });

  it("is none while an option is open or not a catalogue value, or the quantity is off limits", () => {
    const { envelope: _, ...withoutEnvelope } = card;
    expect(designerConfiguration("card", withoutEnvelope)).toBeNull();
    expect(designerConfiguration("card", { ...card, size: "210x100&x" })).toBeNull();
    expect(designerConfiguration("card", { ...card, quantity: "0" })).toBeNull();
    expect(designerConfiguration("card", { ...card, quantity: "2.5" })).toBeNull();
    expect(designerConfiguration("card", { ...card, quantity: "100001" })).toBeNull();
  });

  it("is none for a product whose links carry no configuration yet", () => {
    expect(designerConfiguration("photobox", card)).toBeNull();
  });

  const book = {
    printing: "digitalfotobuch",
    cover: "hard",
    paper: "standard-premium",
    size: "20x20",
    pageCount: "60",
    amount: "2",
  };
  const calendar = {
    calendarType: "tischkalender",
    format: "a5-quer",
    mounting: "holzfuss",
    startMonth: "3",
    startYear: "2027",
    quantity: "2",
  };
  const collage = { designId: "13", materialType: "poster", formatType: "600x400", quantity: "3" };

  it("reads a photo book, a calendar and a collage from the designer's names", () => {
    expect(designerConfiguration("photobook", book)).toEqual({
      kind: "photobook",
      photobookType: "digitalfotobuch",
      cover: "hard",
      paper: "standard-premium",
      size: "20x20",
      pages: 60,
      quantity: 2,
    });
    expect(designerConfiguration("calendar", calendar)).toEqual({
      kind: "calendar",
      calendarType: "tischkalender",
      size: "a5-quer",
      mounting: "holzfuss",
      start: "2027-03",
      quantity: 2,
    });
    expect(designerConfiguration("collage", collage)).toEqual({
      kind: "collage",
      design: "13",
      collageMaterial: "poster",
      size: "600x400",
      quantity: 3,
    });
  });

  it("leaves a book without size, a calendar without start and a collage without quantity open", () => {
    const { size: _, ...bookWithoutSize } = book;
    const { startMonth: __, ...calendarWithoutStart } = calendar;
    const { quantity: ___, ...bareCollage } = collage;
    expect(designerConfiguration("photobook", bookWithoutSize)).toBeNull();
    expect(designerConfiguration("calendar", calendarWithoutStart)).toBeNull();
    expect(designerConfiguration("collage", bareCollage)).toBeNull();
  });
});

/** A designer path read back as the designer reads it. */
const readBack = (path: string) => {
  const url = new URL(path, "http://shop.invalid");
  const product = url.pathname.split("/")[2]!;
  return designerConfiguration(product, Object.fromEntries(url.searchParams));
};

describe("the designer path of a configuration", () => {
  it("is read back as the same configuration, for every product with one", () => {
    const configurations: DesignerConfiguration[] = [
      {
        kind: "card",
        cardType: "folded-card",
        size: "148x105",
        refinement: "gold",
        envelope: "none",
        quantity: 20,
        sample: false,
        themeId: "t-1",
      },
      {
        kind: "card",
        cardType: "flat-card",
        size: "148x105",
        refinement: "none",
        envelope: "none",
        quantity: 1,
        sample: true,
      },
      {
        kind: "photobook",
        photobookType: "digitalfotobuch",
        cover: "hard",
        paper: "matt",
        size: "20x20",
        pages: 26,
        quantity: 2,
      },
      {
        kind: "calendar",
        calendarType: "wandkalender",
        size: "a3-hoch",
        mounting: "spirale",
        start: "2027-03",
        quantity: 3,
      },
      { kind: "collage", design: "13", collageMaterial: "poster", size: "600x400", quantity: 1 },
    ];
    for (const c of configurations) {
      const path = designerPath(c);
      expect(path.startsWith(`/designer/${c.kind}?`)).toBe(true);
      expect(readBack(path)).toEqual(c);
    }
  });
});

describe("whether the studio opens for a link's configuration", () => {
  const asked: DesignerConfiguration = {
    kind: "card",
    cardType: "folded-card",
    size: "999x999",
    refinement: "none",
    envelope: "none",
    quantity: 20,
    sample: false,
    themeId: "t-1",
  };
  const settled = (values: Record<string, string>, quantity = 20): SettledChoice => ({
    values: {
      cardType: "folded-card",
      size: "148x105",
      refinement: "none",
      envelope: "none",
      ...values,
    },
    quantity,
    pages: null,
    sample: false,
  });

  it("opens for exactly what the cart takes", () => {
    expect(studioEntry(asked, { ok: true, ...settled({ size: "999x999" }) })).toEqual({
      to: "studio",
    });
  });

  it("sends an unsold choice on to the nearest one the shop sells, its theme kept", () => {
    const entry = studioEntry(asked, { ok: false, field: "size", nearest: settled({}) });
    expect(entry).toEqual({
      to: "designer",
      configuration: { ...asked, size: "148x105" },
    });
  });

  it("sends an amount the cart would change on to the amount it keeps", () => {
    expect(studioEntry(asked, { ok: true, ...settled({ size: "999x999" }, 5000) })).toEqual({
      to: "designer",
      configuration: { ...asked, quantity: 5000 },
    });
  });

  it("is not found for a product the shop does not sell, or a type of it it does not know", () => {
    expect(studioEntry(asked, { ok: false, field: "kind", nearest: null })).toEqual({
      to: "notFound",
    });
    expect(studioEntry(asked, { ok: false, field: "themeId", nearest: null })).toEqual({
      to: "notFound",
    });
    expect(
      studioEntry(asked, {
        ok: false,
        field: "cardType",
        nearest: settled({ cardType: "flat-card" }),
      }),
    ).toEqual({ to: "notFound" });
  });

  it("sends a themed card of another type the shop sells on to the theme's own type", () => {
    const flat = { ...asked, cardType: "flat-card", size: "148x105" };
    const refused = { ok: false, field: "cardType", nearest: settled({}) } as const;
    expect(studioEntry(flat, refused, true)).toEqual({
      to: "designer",
      configuration: { ...flat, cardType: "folded-card" },
    });
    // A type the shop does not know at all has no page, theme or not.
    expect(studioEntry(flat, refused, false)).toEqual({ to: "notFound" });
    const { themeId: _, ...themeless } = flat;
    expect(studioEntry(themeless, refused, true)).toEqual({ to: "notFound" });
  });

  it("never sends a refused choice on to itself", () => {
    expect(
      studioEntry(asked, { ok: false, field: "size", nearest: settled({ size: "999x999" }) }),
    ).toEqual({ to: "notFound" });
  });
});

describe("what a designer link carries on besides its choices", () => {
  const query = (text: string) => new URLSearchParams(text);

  it("keeps the language, referral source, ad-click id and the product's own start", () => {
    const card = query(
      "cardType=flat-card&size=1x1&quantity=7&themeId=t-1&sample=false&locale=fr-CH&s=gs&gclid=Cj0-x_1&studioDesign=AbCdEfGh12345678",
    );
    expect(Object.fromEntries(carriedParams("card", card))).toEqual({
      locale: "fr-CH",
      s: "gs",
      gclid: "Cj0-x_1",
    });
    const book = query(
      "printing=fotoheft&templateId=tpl-9&binding=heftbindung&amount=2&quantity=3",
    );
    expect(Object.fromEntries(carriedParams("photobook", book))).toEqual({
      templateId: "tpl-9",
      binding: "heftbindung",
    });
    const calendar = query("calendarType=wandkalender&accessoryTypes=holzfuss&startDate=2027-03");
    expect(Object.fromEntries(carriedParams("calendar", calendar))).toEqual({
      accessoryTypes: "holzfuss",
    });
    // A product's own parameter travels with its product only.
    expect(carriedParams("card", book).has("templateId")).toBe(false);
  });

  it("leaves what described the old choice behind when sent on to another choice", () => {
    const book = query(
      "printing=digitalfotobuch&templateId=71003&binding=lay-flat&format=quadrat&refinement=gloss&designGroupId=500&photobookFormat=200x200&locale=fr-CH&s=gs&gclid=Cj0-x_1",
    );
    // Only the visit's own parameters travel on to another choice.
    expect(Object.fromEntries(carriedParams("photobook", book, true))).toEqual({
      locale: "fr-CH",
      s: "gs",
      gclid: "Cj0-x_1",
    });
    const calendar = query("calendarType=tischkalender&accessoryTypes=holzfuss&locale=de-CH");
    expect(Object.fromEntries(carriedParams("calendar", calendar, true))).toEqual({
      locale: "de-CH",
    });
    // The same choice at other amounts keeps its template and binding.
    expect(Object.fromEntries(carriedParams("photobook", book, false))).toMatchObject({
      templateId: "71003",
      binding: "lay-flat",
    });
  });

  it("counts another option as another choice, other amounts not", () => {
    const book: DesignerConfiguration = {
      kind: "photobook",
      photobookType: "digitalfotobuch",
      cover: "hard",
      paper: "matt",
      size: "210x297",
      pages: 26,
      quantity: 1,
    };
    expect(changesChoice(book, { ...book, pages: 24, quantity: 3 })).toBe(false);
    expect(changesChoice(book, { ...book, size: "200x200" })).toBe(true);
    expect(changesChoice(book, { ...book, cover: "soft", quantity: 3 })).toBe(true);
  });

  it("drops values that are not plain, and every later value of a name", () => {
    const hostile = query(
      "locale=%2F%2Fevil.example&_baseUrl=https://evil.example/&s=gs&s=https://evil.example&next=//evil.example",
    );
    expect(Object.fromEntries(carriedParams("card", hostile))).toEqual({ s: "gs" });
  });

  it("follows the configuration in its designer path, which it cannot override", () => {
    const path = designerPath(
      {
        kind: "card",
        cardType: "flat-card",
        size: "148x105",
        refinement: "none",
        envelope: "none",
        quantity: 5,
        sample: false,
      },
      query("locale=de-CH&quantity=9"),
    );
    expect(new URL(path, "http://shop.invalid").searchParams.getAll("quantity")).toEqual(["5"]);
    expect(path.endsWith("&locale=de-CH")).toBe(true);
  });
});
