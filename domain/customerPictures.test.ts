import { describe, expect, it } from "vitest";
import { cleanCaption, customerPictureSrc, PICTURE_PRODUCT } from "./customerPictures";

describe("customer pictures", () => {
  it("keeps a caption on one line without control characters, within 200 characters", () => {
    expect(cleanCaption("  Unser   Fotobuch\nvom\u0000 Urlaub\u202e ")).toBe(
      "Unser Fotobuch vom Urlaub",
    );
    expect(cleanCaption("x".repeat(300))).toHaveLength(200);
  });

  it("names a product family by lowercase letters and dashes only", () => {
    expect(PICTURE_PRODUCT.test("photobook")).toBe(true);
    expect(PICTURE_PRODUCT.test("wall-art")).toBe(true);
    expect(PICTURE_PRODUCT.test("Photobook")).toBe(false);
    expect(PICTURE_PRODUCT.test("../x")).toBe(false);
  });

  it("serves each size of a picture at its own address", () => {
    expect(customerPictureSrc(42, "small")).toBe("/customer-picture/image/42/small.jpg");
  });
});
