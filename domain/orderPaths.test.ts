import { describe, expect, it } from "vitest";
import { isAppRoute } from "./paths";
import { LANGUAGES, type Language } from "./locales";
import {
  confirmationPath,
  CONFIRMATION_SEGMENTS,
  ORDER_PATHS,
  ORDER_TOKEN_PATTERN,
  orderPath,
} from "./orderPaths";

const languages = Object.keys(LANGUAGES) as Language[];

describe("order pages", () => {
  it("have a folder of their own in every language, each an app route", () => {
    const folders = languages.map((l) => ORDER_PATHS[l]);
    expect(new Set(folders).size).toBe(languages.length);
    for (const folder of folders) expect(isAppRoute(folder)).toBe(true);
  });

  it("put the token under the folder and the confirmation under the order", () => {
    expect(orderPath("de", "abcDEF0123456789_-xy")).toBe("/bestellung/abcDEF0123456789_-xy");
    expect(confirmationPath("fr", "abcDEF0123456789")).toBe("/commande/abcDEF0123456789/merci");
    for (const l of languages) expect(CONFIRMATION_SEGMENTS[l]).toMatch(/^[a-z-]+$/);
  });

  it("accept only tokens of the order service's shape", () => {
    expect(ORDER_TOKEN_PATTERN.test("abcDEF0123456789")).toBe(true);
    expect(ORDER_TOKEN_PATTERN.test("short")).toBe(false);
    expect(ORDER_TOKEN_PATTERN.test("abcDEF0123456789/../x")).toBe(false);
  });
});
