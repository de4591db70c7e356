import { describe, expect, it } from "vitest";
import { FRAME_FINISHES, FRAME_TYPES } from "../catalogue";
import { frameOptionProblem, frameOptionsIn } from "../frames";
import {
  FRAME_LOOKS,
  frameChoice,
  frameDesignProblem,
  frameGeometry,
  frameOptionsChosen,
  frameOptionsOf,
  glassOf,
  MAT_CHOICES,
  withFrameOptions,
  withoutFrameOptions,
} from "./frame";
import { sheetOf } from "./print";
import { printProfile, surfacesOf } from "./profiles";

describe("a framed picture", () => {
  it("reads the frame, its colour, mat and glazing from the product's options", () => {
    const choice = frameChoice({
      frameType: "holzrahmen",
      frameColour: "walnut",
      matType: "mat-weiss",
      matSize: "30",
      glass: "museum-acrylic",
    })!;
    expect(choice.finish).toBe("walnut");
    expect(choice.colour).toBe("#5c4033");
    expect(choice.mat).toEqual({ name: "white", colour: "#fbfbf8", width: 30 });
    expect(choice.glass).toBe("museum-acrylic");
  });

  it("takes the frame's defaults where the options leave them open or name what it has not", () => {
    const choice = frameChoice({ frameType: "alurahmen", frameColour: "oak", glass: "none" })!;
    expect(choice.finish).toBe("angular-silver");
    expect(choice.glass).toBe("museum-glass");
    expect(choice.mat).toBeNull();
    expect(frameChoice({ frameType: "fotorahmen" })!.glass).toBeNull();
    expect(
      frameChoice({ frameType: "schattenfuge-leinwand", matType: "mat-weiss", matSize: "30" })!.mat,
    ).toBeNull();
    expect(frameChoice({ frameType: "bilderrahmen" })).toBeNull();
    expect(frameChoice({})).toBeNull();
  });

  it("every frame type has a look and glazing only where it holds paper behind glass", () => {
    for (const t of FRAME_TYPES) {
      expect(FRAME_LOOKS[t].face).toBeGreaterThan(0);
      if (t.startsWith("schattenfuge")) expect(glassOf(t)).toEqual([]);
    }
  });

  it("names a chosen frame's colour, mat and glazing as its options, and reads them back", () => {
    const options = frameOptionsChosen("holzrahmen", {
      frameColour: "oak",
      mat: "cream",
      glass: "museum-acrylic",
    });
    expect(options).toEqual({
      frameColour: "oak",
      matType: "mat-weiss",
      matSize: "30",
      matColour: "cream",
      glass: "museum-acrylic",
    });
    expect(frameOptionsOf(frameChoice({ frameType: "holzrahmen", ...options })!)).toEqual(options);
  });

  it("gives a page's choice the frame's defaults for what the frame type is not sold with", () => {
    // An aluminium frame comes in no oak; a frame that takes a mat says it has none.
    expect(frameOptionsChosen("alurahmen", { frameColour: "oak", mat: "pink" })).toEqual({
      frameColour: "angular-silver",
      matType: "mat-none",
      glass: "museum-glass",
    });
    // A shadow gap has neither mat nor glazing.
    expect(
      frameOptionsChosen("schattenfuge-leinwand", { mat: "cream", glass: "museum-glass" }),
    ).toEqual({ frameColour: FRAME_FINISHES["schattenfuge-leinwand"][0] });
    // Whatever is asked, the options are ones the price rules accept for the frame.
    for (const t of FRAME_TYPES)
      for (const mat of MAT_CHOICES)
        for (const frameColour of FRAME_FINISHES[t]) {
          const chosen = frameOptionsChosen(t, { frameColour, mat, glass: "museum-acrylic" });
          expect(frameOptionProblem(t, frameOptionsIn(chosen))).toBeNull();
        }
  });

  it("lays frame, mat and picture out around a 30 x 40 print", () => {
    const choice = frameChoice({ frameType: "holzrahmen", matType: "mat-weiss", matSize: "30" })!;
    const g = frameGeometry({ width: 300, height: 400 }, choice);
    // Visible 290 x 390 (5 mm rebate), mat 30, face 20.
    expect(g.visible).toEqual({ x: 50, y: 50, width: 290, height: 390 });
    expect(g.outer).toEqual({ width: 390, height: 490 });
    expect(g.opening).toEqual({ x: 20, y: 20, width: 350, height: 450 });
    expect(g.print).toEqual({ x: 45, y: 45, width: 300, height: 400 });
  });
});

describe("a framed print's profile", () => {
  it("prints the visible area plus the frame's rebate, with bleed beyond", () => {
    const product = {
      family: "photoframe" as const,
      format: "300x400",
      options: { material: "poster", frameType: "holzrahmen", frameColour: "oak" },
    };
    const profile = printProfile(product)!;
    expect(profile.rebate).toBe(5);
    const sheet = sheetOf(surfacesOf(profile)[0]!, profile.rebate);
    expect(sheet.trim).toEqual({ x: 3, y: 3, width: 300, height: 400 });
    expect(sheet.art).toEqual({ x: 8, y: 8, width: 290, height: 390 });
    expect(sheet.bleed).toEqual({ x: 0, y: 0, width: 306, height: 406 });
  });

  it("a shadow-gap frame hides nothing: a framed canvas keeps its wrap", () => {
    const profile = printProfile({
      family: "photoframe",
      format: "600x400",
      options: { material: "leinwand", frameType: "schattenfuge-leinwand" },
    })!;
    expect(profile.rebate).toBeUndefined();
    expect(profile.wrap?.depth).toBe(25);
    expect(
      printProfile({
        family: "photoframe",
        format: "600x400",
        options: { frameType: "bilderrahmen" },
      }),
    ).toBeNull();
  });

  it("a collage is one picture on its material; a canvas collage has coloured sides", () => {
    const poster = printProfile({
      family: "collage",
      format: "600x400",
      options: { design: "3", collageMaterial: "poster" },
    })!;
    expect(poster.surfaces).toEqual([{ name: "collage", width: 600, height: 400 }]);
    expect(poster.wrap).toBeUndefined();
    const canvas = printProfile({
      family: "collage",
      format: "600x400",
      options: { design: "3", collageMaterial: "leinwand" },
    })!;
    expect(canvas.wrap).toEqual({ depth: 25, foldBack: 15, edge: "colour" });
    expect(
      printProfile({ family: "collage", format: "600x400", options: { collageMaterial: "wood" } }),
    ).toBeNull();
  });

  it("lets the studio change a frame's colour, mat and glazing among those its type is sold with", () => {
    const options = { material: "poster", frameType: "alurahmen", frameColour: "angular-silver" };
    const black = withFrameOptions(options, {
      frameColour: "round-black",
      matType: "mat-weiss",
      matSize: "30",
      matColour: "black",
      glass: "museum-acrylic",
    });
    expect(frameDesignProblem(black)).toBeNull();
    expect(frameChoice(black)).toMatchObject({
      finish: "round-black",
      mat: { name: "black", width: 30 },
      glass: "museum-acrylic",
    });
    // The product apart from the frame's options stays what it was.
    const product = { family: "photoframe", format: "300x400", options };
    expect(withoutFrameOptions({ ...product, options: black })).toEqual(
      withoutFrameOptions(product),
    );
    // Left out: the frame's default again.
    expect(withFrameOptions(black, { frameColour: "angular-gold" })).toEqual({
      material: "poster",
      frameType: "alurahmen",
      frameColour: "angular-gold",
    });
    expect(frameDesignProblem({ ...options, frameColour: "walnut" })).toMatch(/walnut/);
    expect(frameDesignProblem({ frameType: "fotorahmen", glass: "museum-glass" })).toMatch(/glass/);
    expect(
      frameDesignProblem({ frameType: "schattenfuge-platte", matType: "mat-weiss", matSize: "30" }),
    ).toMatch(/no mat/);
    expect(frameDesignProblem({ material: "leinwand", frameColour: "oak" })).toMatch(
      /without a frame/,
    );
    expect(frameDesignProblem({ material: "leinwand" })).toBeNull();
  });
});
