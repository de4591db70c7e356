import { describe, expect, it } from "vitest";
import { calculatorChoice, calculatorLink, listedFormats } from "./calculator";

const formats = (...values: string[]) => values.map((value) => ({ value }));
const MATERIALS = [
  {
    value: "leinwand",
    initiallySelectedFormat: "600x400",
    formats: formats("300x200", "450x300", "600x400", "900x600", "1200x800", "1500x1000"),
  },
  { value: "poster", initiallySelectedFormat: null, formats: formats("300x200", "600x400") },
];

describe("which material and format the calculator shows", () => {
  it("starts from the preselected material and its initial format", () => {
    expect(calculatorChoice(MATERIALS, "leinwand", {}, 3)).toEqual({
      material: "leinwand",
      format: "600x400",
      extra: null,
    });
  });

  it("takes the asked material and format when the material has them", () => {
    expect(
      calculatorChoice(MATERIALS, "leinwand", { material: "poster", format: "300x200" }, 3),
    ).toEqual({ material: "poster", format: "300x200", extra: null });
  });

  it("starts a material without the asked format from its initial format, else its first", () => {
    expect(
      calculatorChoice(MATERIALS, "leinwand", { material: "leinwand", format: "1x1" }, 3)?.format,
    ).toBe("600x400");
    expect(calculatorChoice(MATERIALS, "leinwand", { material: "poster" }, 3)?.format).toBe(
      "300x200",
    );
  });

  it("shows a chosen format beyond the listed ones as an extra option", () => {
    expect(
      calculatorChoice(MATERIALS, "leinwand", { material: "leinwand", format: "1500x1000" }, 3),
    ).toEqual({ material: "leinwand", format: "1500x1000", extra: "1500x1000" });
  });

  it("ignores an unknown material", () => {
    expect(calculatorChoice(MATERIALS, "poster", { material: "marble" }, 3)?.material).toBe(
      "poster",
    );
    expect(calculatorChoice([], "poster", {}, 3)).toBeNull();
  });
});

describe("the listed formats", () => {
  it("are the first ones, with the initial format always among them", () => {
    expect(listedFormats(MATERIALS[0]!, 2).map((f) => f.value)).toEqual(["300x200", "600x400"]);
    expect(listedFormats(MATERIALS[0]!, 4).map((f) => f.value)).toEqual([
      "300x200",
      "450x300",
      "600x400",
      "900x600",
    ]);
  });
});

describe("where the calculator leads", () => {
  it("sends wall art to the photo frame configurator with material and size, and no frame it did not price", () => {
    expect(calculatorLink("wallart", "leinwand", "600x400")).toBe(
      "/configurator-photo-frame?materialType=leinwand&formatType=600x400",
    );
  });

  it("sends a frame with the picture its price is for", () => {
    expect(
      calculatorLink("photoframe", "holzrahmen", "400x300", {
        materialType: "poster",
        frameType: "holzrahmen",
      }),
    ).toBe("/configurator-photo-frame?materialType=poster&formatType=400x300&frameType=holzrahmen");
  });

  it("sends photo books with their printing and size, photo boxes with their type, finish and number", () => {
    expect(calculatorLink("photobook", "digitalfotobuch", "200x200")).toBe(
      "/configurator-photobook?printing=digitalfotobuch&photobookFormat=200x200",
    );
    expect(
      calculatorLink("photobox", "small", "130x90", { finish: "glossy", quantity: "100" }),
    ).toBe(
      "/configurator-photobox?photoboxType=small&formatType=130x90&finish=glossy&quantity=100",
    );
    expect(calculatorLink("photoprint", "photoprint", "150x100", { finish: "matt" })).toBe(
      "/configurator-photobox?photoboxType=photoprint&formatType=150x100&finish=matt",
    );
    expect(calculatorLink("collage", "poster", "600x400")).toBe(
      "/configurator-collage?materialType=poster&formatType=600x400",
    );
  });
});
