import { describe, expect, it, vi } from "vitest";
import { remembered } from "./messages.server";
import type { Translate } from "./translator";

describe("remembered texts of the server's translator", () => {
  it("asks i18next once per key and values, and again for other values", () => {
    const inner = vi.fn<Translate>((key, options) => `${key}:${JSON.stringify(options ?? {})}`);
    const t = remembered(inner);
    expect(t("price.from", { price: "9,99 €" })).toBe('price.from:{"price":"9,99 €"}');
    expect(t("price.from", { price: "9,99 €" })).toBe('price.from:{"price":"9,99 €"}');
    expect(inner).toHaveBeenCalledTimes(1);
    t("price.from", { price: "12,99 €" });
    t("price.from");
    expect(inner).toHaveBeenCalledTimes(3);
  });

  it("tells a number from the same digits as text", () => {
    const inner = vi.fn<Translate>((key, options) => `${typeof options?.value}`);
    const t = remembered(inner);
    expect(t("items", { value: 1 })).toBe("number");
    expect(t("items", { value: "1" })).toBe("string");
  });

  it("passes calls with object values through without remembering them", () => {
    const inner = vi.fn<Translate>(() => "text");
    const t = remembered(inner);
    t("greeting", { person: { name: "Bea" } });
    t("greeting", { person: { name: "Bea" } });
    expect(inner).toHaveBeenCalledTimes(2);
  });
});
