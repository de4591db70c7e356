// @vitest-environment happy-dom
/**
 * The calculator as the browser meets it: the server's HTML first, its code later (it
 * loads after the page has hydrated). A material or format chosen in between is the
 * shopper's: the calculator takes it over when it hydrates, with its price and link.
 */
import { describe, expect, it } from "vitest";
import { serverRenderedBlock } from "../serverForm.testing";
import type { CalculatorBlock, CalculatorFormat } from "../types";
import { Calculator } from "./Calculator";
import { packCalculatorData } from "./calculatorData";

const format = (value: string, current: string): CalculatorFormat => ({
  value,
  label: value,
  price: { current, original: null, from: false },
  choice: {},
});

const block: CalculatorBlock = {
  _uid: "calc",
  component: "Calculator",
  headline: "",
  text: "",
  product: "wallart",
  listedFormats: 6,
  ctaText: "",
  ctaColors: null,
  groups: [],
  material: null,
  data: packCalculatorData({
    selected: "poster",
    materials: [
      {
        value: "poster",
        label: "Poster",
        group: null,
        initiallySelectedFormat: "30x20",
        formats: [format("30x20", "£10.00"), format("60x40", "£20.00")],
        badge: null,
      },
      {
        value: "canvas",
        label: "Canvas",
        group: null,
        initiallySelectedFormat: "90x60",
        formats: [format("45x30", "£30.00"), format("90x60", "£40.00")],
        badge: null,
      },
    ],
  }),
};

const stage = serverRenderedBlock(() => <Calculator block={block} index={0} />, "wallart");
const { recovered, hydrate } = stage;

const radio = (name: string, value: string) =>
  stage.container.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!;
const price = () => stage.container.querySelector(".calculator__price")?.textContent;
const link = () => stage.container.querySelector(".calculator__cta")?.getAttribute("href") ?? "";

describe("a calculator whose fields were used before its code ran", () => {
  it("shows the price and link of the format chosen in the server's form", async () => {
    expect(price()).toContain("£10.00");
    radio("format", "60x40").checked = true;
    await hydrate();
    expect(recovered).toEqual([]);
    expect(radio("format", "60x40").checked).toBe(true);
    expect(price()).toContain("£20.00");
    expect(link()).toContain("60x40");
  });

  it("takes another material chosen there, with that material's own first format", async () => {
    radio("material", "canvas").checked = true;
    await hydrate();
    expect(radio("material", "canvas").checked).toBe(true);
    expect(radio("format", "90x60").checked).toBe(true);
    expect(price()).toContain("£40.00");
    expect(link()).toContain("canvas");
  });

  it("changes nothing when the fields show the server's choice", async () => {
    await hydrate();
    expect(recovered).toEqual([]);
    expect(radio("material", "poster").checked).toBe(true);
    expect(radio("format", "30x20").checked).toBe(true);
    expect(price()).toContain("£10.00");
  });
});
