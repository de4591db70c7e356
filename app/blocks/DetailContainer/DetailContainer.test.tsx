// @vitest-environment happy-dom
/**
 * The detail container as the browser meets it: the server's HTML first, the container's
 * code later (it loads after the page has hydrated). What the shopper chose or typed in
 * between is theirs: the container takes it over when it hydrates, and prices it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DetailOptionView, ProductDetails } from "../../../domain/productDetails";
import { serverRenderedBlock } from "../serverForm.testing";
import type { DetailContainerBlock } from "../types";
import { DetailContainer } from "./DetailContainer";

const option = (name: string, value: string, values: string[]): DetailOptionView => ({
  name,
  value,
  choices: values.map((v) => ({ value: v, label: null, labelKey: v, nameKey: null, extra: null })),
});

/** The accessory container as the shop answers it for an article and a quantity. */
function accessory(article: string, quantity: number, price: string): ProductDetails {
  return {
    kind: "accessory",
    options: [
      option("accessoryType", "gift", ["gift"]),
      option("accessory", article, ["accessory-box", "accessory-ribbon"]),
    ],
    amounts: [{ name: "quantity", value: quantity, min: 1, max: 100, step: 1 }],
    sample: null,
    price: { current: price, original: null, currentMinor: 0 },
    article,
    link: null,
    notes: [],
    delivery: null,
  };
}

const block: DetailContainerBlock = {
  _uid: "details",
  component: "AccessoryDetailContainer",
  kind: "accessory",
  headline: "",
  text: "",
  ctaText: "",
  preset: {},
  preferredType: null,
  link: null,
  details: accessory("accessory-box", 1, "£2.00"),
};

const stage = serverRenderedBlock(() => <DetailContainer block={block} index={0} />, "cards");
const { recovered, hydrate } = stage;

afterEach(() => {
  vi.unstubAllGlobals();
});

const $ = <E extends Element>(selector: string) => stage.container.querySelector<E>(selector);
const radio = (value: string) => $<HTMLInputElement>(`input[type="radio"][value="${value}"]`)!;
const quantity = () => $<HTMLInputElement>('.details__form input[name="quantity"]')!;
const cartQuantity = () => $<HTMLInputElement>('form[method="post"] input[name="quantity"]')!;
const price = () => $(".details__price .price-tag__current")?.textContent;

describe("a detail container whose fields were used before its code ran", () => {
  it("takes over the typed quantity and the chosen article, and shows their price", async () => {
    const asked: URL[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(new URL(url, "http://shop.test"));
        return Response.json(accessory("accessory-ribbon", 4, "£10.00"));
      }),
    );
    // The shopper uses the server's form: nothing hears it yet.
    radio("accessory-ribbon").checked = true;
    quantity().value = "4";
    await hydrate();

    expect(recovered).toEqual([]);
    expect($("[data-live]")).not.toBeNull();
    // The fields still show the shopper's choice after the container's renders.
    expect(radio("accessory-ribbon").checked).toBe(true);
    expect(radio("accessory-box").checked).toBe(false);
    expect(quantity().value).toBe("4");
    // One question for both, with the shopper's values.
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get("accessory")).toBe("accessory-ribbon");
    expect(asked[0]!.searchParams.get("quantity")).toBe("4");
    await vi.waitFor(() => expect(price()).toBe("£10.00"));
    // The cart gets what is shown.
    expect(cartQuantity().value).toBe("4");
    expect($<HTMLButtonElement>('form[method="post"] button')!.disabled).toBe(false);
  });

  it("asks nothing when the fields show what the server rendered", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await hydrate();
    expect(recovered).toEqual([]);
    expect($("[data-live]")).not.toBeNull();
    expect(quantity().value).toBe("1");
    expect(radio("accessory-box").checked).toBe(true);
    expect(price()).toBe("£2.00");
    expect(fetch).not.toHaveBeenCalled();
  });
});
