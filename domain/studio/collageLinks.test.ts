import { describe, expect, it } from "vitest";
import { productRefOf, studioConfigurationSchema } from "./configuration";
import { studioConfiguration } from "./studioLinks";

describe("designer links into the studio: collages and frames", () => {
  it("a collage link with its design, material, format and quantity starts a collage", () => {
    const start = studioConfiguration("collage", {
      designId: "3",
      materialType: "poster",
      formatType: "600x400",
      quantity: "2",
    });
    expect(start).toEqual({
      configuration: {
        kind: "collage",
        design: "3",
        collageMaterial: "poster",
        size: "600x400",
        quantity: 2,
      },
      themeId: null,
    });
    const parsed = studioConfigurationSchema.parse(start!.configuration);
    expect(productRefOf(parsed)).toEqual({
      family: "collage",
      format: "600x400",
      options: { design: "3", collageMaterial: "poster" },
    });
  });

  it("a collage link that leaves a choice open, or names no design group id, starts none", () => {
    expect(
      studioConfiguration("collage", {
        designId: "3",
        materialType: "poster",
        formatType: "600x400",
      }),
    ).toBeNull();
    expect(
      studioConfiguration("collage", {
        designId: "heart",
        materialType: "poster",
        formatType: "600x400",
        quantity: "1",
      }),
    ).toBeNull();
    expect(
      studioConfiguration("collage", {
        designId: "3",
        materialType: "poster",
        formatType: "big",
        quantity: "1",
      }),
    ).toBeNull();
  });

  it("a framed picture's link carries the frame's colour, mat and glazing into the product", () => {
    const start = studioConfiguration("photoframe", {
      materialType: "poster",
      frameType: "holzrahmen",
      formatType: "400x300",
      frameColour: "walnut",
      matType: "mat-weiss",
      matSize: "30",
      glass: "museum-acrylic",
    })!;
    const parsed = studioConfigurationSchema.parse(start.configuration);
    expect(productRefOf(parsed).options).toEqual({
      material: "poster",
      frameType: "holzrahmen",
      frameColour: "walnut",
      matType: "mat-weiss",
      matSize: "30",
      glass: "museum-acrylic",
    });
    // A mat width the shop does not sell is left out rather than refused.
    const odd = studioConfiguration("photoframe", {
      materialType: "poster",
      frameType: "holzrahmen",
      formatType: "400x300",
      matSize: "45",
    })!;
    expect(odd.configuration.matSize).toBeUndefined();
    expect(studioConfigurationSchema.safeParse(odd.configuration).success).toBe(true);
  });
});
