// @vitest-environment happy-dom
/**
 * The calculator as the browser meets it: the server's HTML first, its code later (it
 * loads after the page has hydrated). A material or format chosen in between is the
 * shopper's: the calculator takes it over when it hydrates, with its price and link.
 */
import { act } from "react";
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

describe("a photo box calculator", () => {
  const boxFormat = (most: number): CalculatorFormat => ({
    value: "130x90",
    label: "13 x 9 cm",
    price: { current: "£0.19", original: null, from: false },
    choice: {},
    tiers: [{ minQuantity: 1, unit: 19 }],
    maxQuantity: most,
  });
  const boxes: CalculatorBlock = {
    ...block,
    product: "photobox",
    data: packCalculatorData({
      selected: "large",
      locale: "en-GB",
      materials: [
        {
          value: "small",
          label: "Small",
          group: null,
          initiallySelectedFormat: null,
          formats: [boxFormat(250)],
          badge: null,
        },
        {
          value: "large",
          label: "Large",
          group: null,
          initiallySelectedFormat: null,
          formats: [boxFormat(1000)],
          badge: null,
        },
      ],
    }),
  };
  const box = serverRenderedBlock(() => <Calculator block={boxes} index={0} />, "wallart");
  const select = () => box.container.querySelector<HTMLSelectElement>('select[name="quantity"]')!;
  const last = () => [...select().options].at(-1)?.value;
  const choose = (element: HTMLInputElement | HTMLSelectElement, value?: string) =>
    act(async () => {
      if (element instanceof HTMLSelectElement) element.value = value!;
      else element.click();
      element.dispatchEvent(new Event("change", { bubbles: true }));
    });

  it("offers each box type's quantities up to its own most, and brings a bigger choice down to it", async () => {
    await box.hydrate();
    expect(last()).toBe("1000");
    await choose(select(), "900");
    expect(box.container.querySelector(".calculator__cta")?.getAttribute("href")).toContain(
      "quantity=900",
    );
    await choose(
      box.container.querySelector<HTMLInputElement>('input[name="material"][value="small"]')!,
    );
    expect(last()).toBe("250");
    expect(select().value).toBe("250");
    expect(box.container.querySelector(".calculator__count")?.textContent).toContain("250");
    expect(box.container.querySelector(".calculator__cta")?.getAttribute("href")).toContain(
      "quantity=250",
    );
  });
});
