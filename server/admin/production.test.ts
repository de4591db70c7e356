import { describe, expect, it } from "vitest";
import { csvField, parseShipmentCsv } from "./production";

describe("production files", () => {
  it("reads a shipment CSV with or without a header, commas or semicolons, quotes", () => {
    expect(
      parseShipmentCsv('order;tracking\r\nC-2030-000001;0034\n"C-2030-000002","JJD1"\n\nbroken\n'),
    ).toEqual([
      { line: 2, number: "C-2030-000001", tracking: "0034" },
      { line: 3, number: "C-2030-000002", tracking: "JJD1" },
      { line: 5, number: "broken", tracking: "" },
    ]);
  });

  it("quotes CSV fields that need it and keeps spreadsheet formulas out", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Karte "Liebe", 20 Stück')).toBe('"Karte ""Liebe"", 20 Stück"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
  });
});
