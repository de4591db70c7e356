// @vitest-environment happy-dom
/**
 * The calculator as the browser meets it: the server's HTML first, its code later (it
 * loads after the page has hydrated). A material or format chosen in between is the
 * shopper's: the calculator takes it over when it hydrates, with its price and link.
 */
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NO_THIRD_PARTIES } from "../../../domain/thirdParty";
import { createI18n, I18nContext } from "../../i18n/i18n";
import { messagesFor } from "../../i18n/messages.server";
import type { RootData } from "../../lib/rootData";
import type { CalculatorBlock, CalculatorFormat } from "../types";
import { Calculator } from "./Calculator";
import { packCalculatorData } from "./calculatorData";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const ROOT = {
  locale: "en-GB",
  language: "en",
  channel: "wallart",
  country: "GB",
  thirdParty: NO_THIRD_PARTIES,
} as unknown as RootData;
const i18n = createI18n("en-GB", messagesFor("en-GB"));

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

function page() {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => ROOT,
        Component: () => (
          <I18nContext value={i18n}>
            <Calculator block={block} index={0} />
          </I18nContext>
        ),
      },
    ],
    { initialEntries: ["/"], hydrationData: { loaderData: { root: ROOT } } },
  );
  return <RouterProvider router={router} />;
}

let container: HTMLDivElement;
let root: Root | undefined;
const recovered: unknown[] = [];

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  recovered.length = 0;
  container = document.createElement("div");
  container.innerHTML = renderToString(page());
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

async function hydrate() {
  await act(async () => {
    root = hydrateRoot(container, page(), { onRecoverableError: (e) => recovered.push(e) });
  });
}

const radio = (name: string, value: string) =>
  container.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!;
const price = () => container.querySelector(".calculator__price")?.textContent;
const link = () => container.querySelector(".calculator__cta")?.getAttribute("href") ?? "";

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
