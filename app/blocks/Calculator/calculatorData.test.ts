import { describe, expect, it } from "vitest";
import type { CalculatorData } from "../types";
import { packCalculatorData, unpackCalculatorMaterials } from "./calculatorData";

const data: CalculatorData = {
  selected: "leinwand",
  locale: "de-DE",
  materials: [
    {
      value: "leinwand",
      label: "Leinwand",
      group: null,
      initiallySelectedFormat: "600x400",
      badge: { text: "-10\u00a0%", backgroundColor: "#b3262f", textColor: "#ffffff" },
      options: [
        {
          group: "canvasEdge",
          label: "Kante",
          default: "mirrored",
          values: [
            {
              value: "mirrored",
              label: "Gespiegelt",
              explanation: null,
              surchargeMinor: 0,
              surcharge: "ohne Aufpreis",
            },
          ],
        },
      ],
      formats: [
        {
          value: "300x200",
          label: "30 x 20 cm",
          price: { current: "19,99\u00a0€", original: "24,99\u00a0€", from: false },
          choice: {},
          ratio: "3:2",
          minor: { current: 1999, original: 2499 },
        },
        {
          value: "600x400",
          label: "60 x 40 cm",
          price: { current: "39,99\u00a0€", original: null, from: false },
          choice: {},
          ratio: "3:2",
          minor: { current: 3999, original: null },
        },
        {
          value: "1000x1000",
          label: "100 x 100 cm",
          price: null,
          choice: {},
          ratio: "1:1",
          minor: null,
        },
      ],
    },
    {
      value: "glossy",
      label: "Glänzend",
      group: null,
      initiallySelectedFormat: null,
      badge: null,
      formats: [
        {
          value: "100x150",
          label: "10 x 15 cm",
          price: { current: "0,19\u00a0€", original: null, from: false },
          choice: { finish: "glossy", quantity: "100" },
          ratio: null,
          tiers: [{ minQuantity: 1, unit: 19 }],
          maxQuantity: 250,
          minor: { current: 19, original: null },
        },
        {
          value: "130x180",
          label: "13 x 18 cm",
          price: { current: "0,29\u00a0€", original: null, from: false },
          choice: { finish: "glossy", quantity: "100" },
          ratio: null,
          tiers: [{ minQuantity: 1, unit: 29 }],
          maxQuantity: 250,
          minor: { current: 29, original: null },
        },
      ],
    },
  ],
};

describe("the calculator's data as the page carries it", () => {
  it("unpacks to the same materials, formats, prices, link parameters and tiers", () => {
    const packed = packCalculatorData(data);
    expect(unpackCalculatorMaterials(packed)).toEqual(data.materials);
    expect(packed.selected).toBe("leinwand");
    expect(packed.locale).toBe("de-DE");
  });

  it("keeps each different set of link parameters once and tiers only where a material has them", () => {
    const packed = packCalculatorData(data);
    expect(packed.choices).toEqual([{}, { finish: "glossy", quantity: "100" }]);
    expect(packed.materials[0]!.formats.choice).toBe("0|0|0");
    expect(packed.materials[1]!.formats.choice).toBe("1|1");
    expect(packed.materials[0]!.formats).not.toHaveProperty("tiers");
  });

  it("carries each column of texts or numbers as one text, an empty entry for none", () => {
    const { formats } = packCalculatorData(data).materials[0]!;
    expect(formats.value).toBe("300x200|600x400|1000x1000");
    expect(formats.current).toBe("19,99\u00a0€|39,99\u00a0€|");
    expect(formats.minor).toBe("1999|3999|");
    expect(formats.minorOriginal).toBe("2499||");
  });

  it("keeps a column as a list where its text could not be read back", () => {
    const [leinwand, glossy] = data.materials;
    const odd = {
      ...leinwand!,
      formats: [
        { ...leinwand!.formats[0]!, label: "30 | 20 cm" },
        { ...leinwand!.formats[1]!, ratio: "" },
        leinwand!.formats[2]!,
      ],
    };
    const empty = { ...glossy!, value: "matt", formats: [] };
    const packed = packCalculatorData({ ...data, materials: [odd, empty] });
    expect(packed.materials[0]!.formats.label).toEqual([
      "30 | 20 cm",
      "60 x 40 cm",
      "100 x 100 cm",
    ]);
    expect(packed.materials[0]!.formats.ratio).toEqual(["3:2", "", "1:1"]);
    expect(packed.materials[0]!.formats.value).toBe("300x200|600x400|1000x1000");
    expect(packed.materials[1]!.formats.value).toEqual([]);
    const sent = JSON.parse(JSON.stringify(packed)) as typeof packed;
    expect(unpackCalculatorMaterials(sent)).toEqual([odd, empty]);
  });

  it("shares a column that is the same as another material's", () => {
    const twin = { ...data.materials[0]!, value: "poster", label: "Poster" };
    const packed = packCalculatorData({ ...data, materials: [data.materials[0]!, twin] });
    const [first, second] = packed.materials.map((m) => m.formats);
    expect(second!.value).toBe(first!.value);
    expect(second!.current).toBe(first!.current);
    expect(unpackCalculatorMaterials(packed)[1]).toEqual(twin);
    // Columns of nulls alike are one too (no original prices, no original minor units).
    const glossy = packCalculatorData(data).materials[1]!.formats;
    expect(glossy.minorOriginal).toBe(glossy.original);
  });

  it("survives the page's encoding as plain data and unpacks the same packed data only once", () => {
    const packed = packCalculatorData(data);
    const sent = JSON.parse(JSON.stringify(packed)) as typeof packed;
    expect(unpackCalculatorMaterials(sent)).toEqual(data.materials);
    expect(unpackCalculatorMaterials(packed)).toBe(unpackCalculatorMaterials(packed));
    // A page that only chose another material first shares the packed materials.
    expect(unpackCalculatorMaterials({ ...packed, selected: "glossy" })).toBe(
      unpackCalculatorMaterials(packed),
    );
  });
});
