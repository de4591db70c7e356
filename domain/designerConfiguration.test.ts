import { describe, expect, it } from "vitest";
import { configurationFields, designerConfiguration } from "./designerConfiguration";

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

  it("posts as form fields that read back as the same configuration", () => {
    const config = designerConfiguration("card", card)!;
    expect(designerConfiguration("card", Object.fromEntries(configurationFields(config)))).toEqual(
      config,
    );
  });
});
