import { describe, expect, it } from "vitest";
import {
  defaultFrameFor,
  finishSwatch,
  finishWords,
  framedMaterials,
  framesInColour,
} from "./frames";

describe("frames and materials", () => {
  it("puts a canvas into a shadow-gap canvas frame and panels into the panel one", () => {
    expect(framedMaterials("schattenfuge-leinwand", ["leinwand", "poster"])).toEqual(["leinwand"]);
    expect(framedMaterials("schattenfuge-platte", ["aludibond", "acrylglas", "poster"])).toEqual([
      "acrylglas",
      "aludibond",
    ]);
  });

  it("puts only the paper prints the shop sells behind glass", () => {
    expect(framedMaterials("holzrahmen", ["poster", "leinwand"])).toEqual(["poster"]);
    expect(framedMaterials("alurahmen", ["leinwand"])).toEqual([]);
  });

  it("knows each material's default frame, and none for materials shown unframed", () => {
    expect(defaultFrameFor("poster")).toBe("holzrahmen");
    expect(defaultFrameFor("leinwand")).toBe("schattenfuge-leinwand");
    expect(defaultFrameFor("aludibond")).toBe("schattenfuge-platte");
    expect(defaultFrameFor("echtglas")).toBeNull();
  });
});

describe("frame finishes", () => {
  it("reads a finish name as its words", () => {
    expect(finishWords("angular-silver-matt")).toEqual(["angular", "silver", "matt"]);
    expect(finishWords("black-structure")).toEqual(["black", "structure"]);
  });

  it("colours the swatch after the first colour word, grey for an unknown finish", () => {
    expect(finishSwatch("round-gold")).toBe("#c9a227");
    expect(finishSwatch("white-lacquer")).toBe("#ffffff");
    expect(finishSwatch("sparkly")).toBe("#cccccc");
  });
});

describe("frames in a colour", () => {
  const frames = [
    { frameType: "holzrahmen", finishes: ["angular-oak", "angular-black", "round-white"] },
    { frameType: "alurahmen", finishes: ["silver", "gold"] },
  ];

  it("keeps the frames with a finish of the colour, with only those finishes", () => {
    expect(framesInColour(frames, "black")).toEqual([
      { frameType: "holzrahmen", finishes: ["angular-black"] },
    ]);
    expect(framesInColour(frames, "gold")).toEqual([
      { frameType: "alurahmen", finishes: ["gold"] },
    ]);
  });

  it("filters nothing without a colour or with a word that is no finish colour", () => {
    expect(framesInColour(frames, null)).toEqual(frames);
    expect(framesInColour(frames, "purple")).toEqual(frames);
    expect(framesInColour(frames, "angular")).toEqual(frames);
  });
});
