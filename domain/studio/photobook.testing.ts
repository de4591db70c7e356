/**
 * The photo book the studio's tests design: an A4-landscape (297 x 210 mm) hard-cover book
 * sold from 24 to 200 pages in steps of two, a digital photo book on glossy paper, and its
 * blank design from the book's templates.
 */
import type { Language } from "../locales";
import type { DesignDocument, ProductRef } from "./document";
import { bookTemplate } from "./layouts";
import { bookGeometry, pageLimitOptions } from "./photobook";

export function testPhotobook(pages: number): ProductRef {
  return {
    family: "photobook",
    format: "297x210",
    options: {
      photobookType: "digitalfotobuch",
      cover: "hard",
      paper: "glossy",
      size: "a4-landscape",
      ...pageLimitOptions({ min: 24, max: 200, step: 2 }),
    },
    pages,
  };
}

/** The book's blank design: its cover and spreads laid out from the templates. */
export function testPhotobookDocument(product: ProductRef, language: Language): DesignDocument {
  return bookTemplate(product, bookGeometry(product)!, language);
}
