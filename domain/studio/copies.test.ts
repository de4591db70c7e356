import { describe, expect, it } from "vitest";
import { autofillDesign } from "./autofill";
import {
  addPicture,
  copiesOf,
  copiesProblem,
  maxPictures,
  printCount,
  printsFromPhotos,
  removePicture,
  setCopies,
  shareEvenly,
  spreadCopies,
} from "./copies";
import {
  designDocumentSchema,
  MAX_PICTURES,
  type DesignDocument,
  type ProductRef,
} from "./document";
import { printProfile, profileMismatches } from "./profiles";
import { emptyTemplate } from "./templates";

function prints(count: number, family: "photoprint" | "photobox" = "photobox"): DesignDocument {
  const product: ProductRef = { family, format: "130x90", options: {}, prints: count };
  return emptyTemplate(product, printProfile(product)!);
}

const photos = (n: number) => Array.from({ length: n }, (_, i) => `photo-${i + 1}`);

/** The document is one the designs API takes: its schema and its product's surfaces. */
function expectValid(doc: DesignDocument) {
  expect(designDocumentSchema.safeParse(doc).success).toBe(true);
  expect(profileMismatches(doc.surfaces, printProfile(doc.product)!)).toEqual({});
}

describe("copies of prints", () => {
  it("shares prints as evenly as they go, the first pictures one more", () => {
    expect(shareEvenly(10, 3)).toEqual([4, 3, 3]);
    expect(shareEvenly(900, 120).reduce((a, b) => a + b, 0)).toBe(900);
    expect(new Set(shareEvenly(900, 120))).toEqual(new Set([8, 7]));
    expect(shareEvenly(5, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(() => shareEvenly(3, 4)).toThrow(RangeError);
  });

  it("starts a box of up to 250 prints with a picture each, a bigger one with 250 pictures sharing its prints", () => {
    const ten = prints(10);
    expect(ten.surfaces).toHaveLength(10);
    expect(ten.surfaces.every((s) => s.copies === undefined)).toBe(true);
    expect(printCount(ten)).toBe(10);
    expectValid(ten);

    const big = prints(900);
    expect(big.surfaces).toHaveLength(MAX_PICTURES);
    expect(printCount(big)).toBe(900);
    expect(big.surfaces.map(copiesOf).slice(149, 151)).toEqual([4, 3]);
    expect(copiesProblem(big)).toBeNull();
    expectValid(big);
    expect(printCount(prints(5000))).toBe(5000);
  });

  it("keeps only the photographed pictures after an auto-fill, the 900 prints shared over 120 photos", () => {
    const { document, leftOver } = autofillDesign(
      prints(900),
      photos(120).map((id) => ({ id })),
      { seed: 1 },
    );
    expect(leftOver).toEqual([]);
    expect(document.surfaces).toHaveLength(120);
    expect(document.product.pictures).toBe(120);
    expect(printCount(document)).toBe(900);
    expect(document.surfaces.map((s) => s.id).slice(0, 2)).toEqual(["print-1", "print-2"]);
    expect(document.surfaces[119]!.elements[0]).toMatchObject({ photo: { photoId: "photo-120" } });
    expectValid(document);
    // Ten prints from three photos: 4, 3 and 3 copies; one photo: one picture of all ten.
    expect(printsFromPhotos(prints(10), photos(3)).surfaces.map(copiesOf)).toEqual([4, 3, 3]);
    const one = printsFromPhotos(prints(10), photos(1));
    expect(one.surfaces.map((s) => [s.id, copiesOf(s)])).toEqual([["print", 10]]);
    expectValid(one);
    // Nothing placed yet, or every picture photographed: nothing to drop.
    const empty = prints(10);
    expect(printsFromPhotos(empty, [])).toBe(empty);
  });

  it("changes one picture's copies between 1 and 5,000, and says when they no longer make the prints ordered", () => {
    const three = printsFromPhotos(prints(900), photos(3));
    expect(three.surfaces.map(copiesOf)).toEqual([300, 300, 300]);
    const more = setCopies(three, 1, 301);
    expect(printCount(more)).toBe(901);
    expect(copiesProblem(more)).toEqual({ prints: 901, ordered: 900 });
    expect(copiesProblem(setCopies(more, 2, 299))).toBeNull();
    expect(setCopies(three, 0, 0).surfaces[0]!.copies).toBeUndefined();
    expect(setCopies(three, 0, 9999).surfaces[0]!.copies).toBe(5000);
    expect(setCopies(three, 0, Number.NaN)).toBe(three);
    // Back to an even share of what was ordered.
    expect(spreadCopies(more).surfaces.map(copiesOf)).toEqual([300, 300, 300]);
  });

  it("adds an empty picture up to one a print (and 250), removes one but never the last", () => {
    const three = printsFromPhotos(prints(900), photos(3));
    const four = addPicture(three);
    expect(four.surfaces).toHaveLength(4);
    expect(four.surfaces[3]).toMatchObject({ id: "print-4" });
    expect(four.surfaces[3]!.copies).toBeUndefined();
    expect(four.surfaces[3]!.elements[0]).not.toHaveProperty("photo");
    const ids = four.surfaces.flatMap((s) => s.elements.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(printCount(four)).toBe(901);
    expectValid(four);

    const two = removePicture(three, 0);
    expect(two.surfaces.map((s) => s.id)).toEqual(["print-1", "print-2"]);
    expect(two.surfaces[0]!.elements[0]).toMatchObject({ photo: { photoId: "photo-2" } });
    expectValid(two);
    const last = removePicture(removePicture(two, 0), 0);
    expect(last.surfaces).toHaveLength(1);
    expect(last.surfaces[0]!.id).toBe("print");
    expectValid(last);

    // A box of five holds five pictures at most; a box of 900, 250.
    const five = prints(5);
    expect(maxPictures(five)).toBe(5);
    expect(addPicture(five)).toBe(five);
    expect(maxPictures(three)).toBe(MAX_PICTURES);
  });

  it("makes tray photos into prints: empty pictures first, then pictures added while there is room, each photo once", () => {
    const first = printsFromPhotos(prints(900), ["a"]);
    expect(first.surfaces.map((s) => [s.id, copiesOf(s)])).toEqual([["print", 900]]);
    // Later photos each get a picture of their own; the prints are shared again.
    const more = printsFromPhotos(first, ["a", "b", "c", "b"]);
    expect(
      more.surfaces.map((s) => s.elements[0]).map((e) => e?.kind === "photo" && e.photo?.photoId),
    ).toEqual(["a", "b", "c"]);
    expect(more.surfaces.map(copiesOf)).toEqual([300, 300, 300]);
    expectValid(more);
    // Nothing new: the shopper's own copies stay.
    const own = setCopies(more, 0, 298);
    expect(printsFromPhotos(own, ["a", "c"])).toBe(own);
    // Copies set by hand stay: a new photo takes what is left of the order.
    const byHand = setCopies(setCopies(more, 0, 500), 1, 200);
    const withD = printsFromPhotos(setCopies(byHand, 2, 195), ["d"]);
    expect(withD.surfaces.map(copiesOf)).toEqual([500, 200, 195, 5]);
    expect(copiesProblem(withD)).toBeNull();
    // Nothing left to share: the new pictures take one copy each, the total says it.
    const full = printsFromPhotos(byHand, ["d", "e"]);
    expect(full.surfaces.map(copiesOf)).toEqual([500, 200, 300, 1, 1]);
    expect(copiesProblem(full)).toEqual({ prints: 1002, ordered: 900 });
    // A box of five takes five photos, the rest find no place.
    expect(printsFromPhotos(prints(5), photos(7)).surfaces).toHaveLength(5);
  });

  it("gives other families no copies", () => {
    const card = { product: { family: "card", format: "148x105", options: {} } } as const;
    expect(printCount(card)).toBe(1);
  });
});
