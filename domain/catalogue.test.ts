import { describe, expect, it } from "vitest";
import {
  CALENDAR_FORMATS,
  DEFAULT_FRAME_FOR_MATERIAL,
  FRAME_FINISHES,
  FRAME_TYPES,
  MATERIALS,
  MATERIAL_OPTION_GROUPS,
  OCCASIONS,
  PHOTOBOOK_CATEGORY_IDS,
  PHOTOBOOK_FORMATS,
  photobookCategoryIdsFor,
  printRatiosFor,
  stretcherFrameLabel,
} from "./catalogue";
import { isValidFormat } from "./formats";

describe("catalogue vocabulary", () => {
  it("keeps every format as a valid 'WxH' mm string", () => {
    for (const format of Object.values(CALENDAR_FORMATS)) expect(isValidFormat(format)).toBe(true);
    for (const f of Object.values(PHOTOBOOK_FORMATS)) expect(isValidFormat(f.format)).toBe(true);
  });

  it("lists twelve materials, each with known option groups", () => {
    expect(MATERIALS).toHaveLength(12);
    expect(Object.keys(MATERIAL_OPTION_GROUPS).sort()).toEqual([...MATERIALS].sort());
  });

  it("gives every frame type finishes including a black one", () => {
    expect(FRAME_TYPES).toHaveLength(7);
    for (const type of FRAME_TYPES)
      expect(FRAME_FINISHES[type].some((f) => f.includes("black"))).toBe(true);
  });

  it("pairs materials with their default frames", () => {
    expect(DEFAULT_FRAME_FOR_MATERIAL.acrylglas).toBe("schattenfuge-platte");
    expect(DEFAULT_FRAME_FOR_MATERIAL.poster).toBe("holzrahmen");
    expect(DEFAULT_FRAME_FOR_MATERIAL.leinwand).toBe("schattenfuge-leinwand");
  });

  it("hides the licensed photo book categories in the British shop only", () => {
    expect(photobookCategoryIdsFor("de-DE")).toEqual(PHOTOBOOK_CATEGORY_IDS);
    expect(photobookCategoryIdsFor("en-GB")).not.toContain(41);
    expect(photobookCategoryIdsFor("en-GB")).not.toContain(45);
    expect(photobookCategoryIdsFor("en-GB")).toContain(1);
  });

  it("lists the panoramic ratios in the British shop only", () => {
    expect(printRatiosFor("en-GB")).toContain("panoramic-wide");
    expect(printRatiosFor("en-US")).not.toContain("panoramic-wide");
    expect(printRatiosFor("de-DE")).toContain("16:9");
  });

  it("labels stretcher frames in cm, or inches in the US", () => {
    expect(stretcherFrameLabel("25", "cm")).toBe("2.5 cm");
    expect(stretcherFrameLabel("38", "in")).toBe("1.5 in");
  });

  it("has twelve occasions", () => {
    expect(OCCASIONS).toHaveLength(12);
  });
});
