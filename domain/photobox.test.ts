import { describe, expect, it } from "vitest";
import {
  DEFAULT_PHOTOBOX_QUANTITY,
  PHOTOBOX_QUANTITIES,
  isPhotoboxQuantity,
  isPhotoboxQuantityOf,
  photoboxQuantitiesOf,
} from "./photobox";

/** The step from a quantity to the following one. */
const stepAfter = (q: number) => {
  const i = PHOTOBOX_QUANTITIES.indexOf(q);
  return (PHOTOBOX_QUANTITIES[i + 1] as number) - q;
};

describe("PHOTOBOX_QUANTITIES", () => {
  it("starts with 1, 5, 10, 15", () => {
    expect(PHOTOBOX_QUANTITIES.slice(0, 4)).toEqual([1, 5, 10, 15]);
  });

  it("runs from 1 to 5000 in strictly increasing order", () => {
    expect(PHOTOBOX_QUANTITIES[0]).toBe(1);
    expect(PHOTOBOX_QUANTITIES.at(-1)).toBe(5000);
    for (let i = 1; i < PHOTOBOX_QUANTITIES.length; i++) {
      expect(PHOTOBOX_QUANTITIES[i]).toBeGreaterThan(PHOTOBOX_QUANTITIES[i - 1] as number);
    }
  });

  it("steps by 4 up to 5", () => {
    expect(stepAfter(1)).toBe(4);
  });

  it("steps by 5 from 5 up to 250", () => {
    expect(stepAfter(5)).toBe(5);
    expect(stepAfter(245)).toBe(5);
    expect(PHOTOBOX_QUANTITIES).toContain(250);
  });

  it("steps by 10 from 250 up to 1000", () => {
    expect(stepAfter(250)).toBe(10);
    expect(stepAfter(990)).toBe(10);
    expect(PHOTOBOX_QUANTITIES).toContain(1000);
  });

  it("steps by 100 from 1000 up to 3000", () => {
    expect(stepAfter(1000)).toBe(100);
    expect(stepAfter(2900)).toBe(100);
    expect(PHOTOBOX_QUANTITIES).toContain(3000);
  });

  it("steps by 250 from 3000 up to 5000", () => {
    expect(stepAfter(3000)).toBe(250);
    expect(stepAfter(4750)).toBe(250);
    expect(PHOTOBOX_QUANTITIES.slice(-9)).toEqual([
      3000, 3250, 3500, 3750, 4000, 4250, 4500, 4750, 5000,
    ]);
  });

  it("has 154 entries", () => {
    expect(PHOTOBOX_QUANTITIES).toHaveLength(2 + 49 + 75 + 20 + 8);
  });

  it("defaults to the entry at index 10, which is 50", () => {
    expect(DEFAULT_PHOTOBOX_QUANTITY).toBe(PHOTOBOX_QUANTITIES[10]);
    expect(DEFAULT_PHOTOBOX_QUANTITY).toBe(50);
  });
});

describe("selectable quantities", () => {
  it("recognises selectable quantities", () => {
    expect(isPhotoboxQuantity(260)).toBe(true);
    expect(isPhotoboxQuantity(255)).toBe(false);
    expect(isPhotoboxQuantity("260")).toBe(false);
  });
});

describe("a box type's quantities", () => {
  it("are the grid's steps up to the type's own most", () => {
    expect(isPhotoboxQuantityOf(250, 250)).toBe(true);
    expect(isPhotoboxQuantityOf(260, 250)).toBe(false);
    expect(isPhotoboxQuantityOf(255, 1000)).toBe(false);
    expect(isPhotoboxQuantityOf(5000)).toBe(true);
    expect(photoboxQuantitiesOf(250).at(-1)).toBe(250);
    expect(photoboxQuantitiesOf(1000).at(-1)).toBe(1000);
  });
});
