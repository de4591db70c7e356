import { describe, expect, it } from "vitest";
import { designerConfiguration } from "./designerConfiguration";

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
    expect(designerConfiguration("card", { ...card, quantity: "5001" })).toBeNull();
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
