import path from "node:path";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { PRINT_FONTS_DIR } from "./pdf";

const SHOP_FONTS = path.join(PRINT_FONTS_DIR, "..", "..", "..", "app", "styles", "fonts");

/** The font pdfkit reads from a file: its name, characters and a sample's width. */
function read(file: string) {
  const pdf = new PDFDocument({ autoFirstPage: false });
  pdf.font(file).fontSize(100);
  const font = (
    pdf as unknown as { _font: { font: { postscriptName: string; characterSet: number[] } } }
  )._font.font;
  return {
    name: font.postscriptName,
    characters: font.characterSet,
    width: pdf.widthOfString("Frohe Weihnachten! Ça va? Ærø 1234 €"),
  };
}

describe("the print fonts", () => {
  it.each(["inter-latin-400", "inter-latin-700", "lora-latin-400", "lora-latin-700"])(
    "%s prints the same glyphs the shop's pages show",
    (name) => {
      const shop = read(path.join(SHOP_FONTS, `${name}-normal.woff2`));
      const print = read(path.join(PRINT_FONTS_DIR, `${name}-normal.ttf`));
      expect(print.name).toBe(shop.name);
      expect(print.characters.length).toBeGreaterThan(180);
      expect(print.characters).toEqual(shop.characters);
      expect(print.width).toBeCloseTo(shop.width, 6);
    },
  );
});
