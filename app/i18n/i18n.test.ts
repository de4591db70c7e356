import { describe, expect, it, vi } from "vitest";
import { createI18n } from "./i18n";
import { messagesFor, serverT } from "./messages.server";
import * as log from "../lib/log";
import { LOCALES, type Locale } from "../../domain/locales";
import { FRAME_TYPES, MATERIALS, PHOTOBOOK_TYPES, PHOTOBOX_TYPES } from "../../domain/catalogue";

function keys(messages: unknown, prefix = ""): string[] {
  if (typeof messages !== "object" || messages === null) return [prefix];
  return Object.entries(messages).flatMap(([key, value]) =>
    keys(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe("translations", () => {
  it("uses the language resource for every locale and English per region", () => {
    const chain = (locale: Locale) => Object.keys(messagesFor(locale));
    expect(chain("de-CH")).toEqual(["de"]);
    expect(chain("fr-LU")).toEqual(["fr"]);
    expect(chain("nl-BE")).toEqual(["nl"]);
    expect(chain("en-GB")).toEqual(["en-GB"]);
    expect(chain("en-US")).toEqual(["en-US", "en-GB"]);
  });

  it("falls back from en-US to en-GB for keys en-US does not override", () => {
    const t = serverT("en-US");
    expect(t("header.cart")).toBe("Cart");
    expect(t("error.notFoundTitle")).toBe("Page not found");
    expect(serverT("en-GB")("header.cart")).toBe("Basket");
  });

  it.each(LOCALES)("names every product kind a calculator offers in %s", (locale) => {
    const warn = vi.spyOn(log, "logWarning").mockImplementation(() => undefined);
    try {
      const t = serverT(locale);
      for (const kind of [...MATERIALS, ...FRAME_TYPES, ...PHOTOBOOK_TYPES, ...PHOTOBOX_TYPES]) {
        expect(t(`catalogue.kinds.${kind}`), kind).not.toContain("catalogue.kinds");
      }
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it("interpolates and pluralises", () => {
    const t = serverT("de-DE");
    expect(t("header.cartItems", { count: 1 })).toBe("1 Artikel im Warenkorb");
    expect(serverT("fr-FR")("header.cartItems", { count: 3 })).toBe("3 articles dans votre panier");
  });

  it("shows the last part of a missing key and logs it once per key", () => {
    const warn = vi.spyOn(log, "logWarning").mockImplementation(() => {});
    const t = createI18n("de-CH", messagesFor("de-CH")).t;
    expect(t("footer.newsletter.headlineMissing")).toBe("headlineMissing");
    expect(t("footer.newsletter.headlineMissing")).toBe("headlineMissing");
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it.each(["de", "es", "fr", "it", "nl"] as const)("has every en-GB key in %s", (language) => {
    const locale = ({ de: "de-DE", es: "es-ES", fr: "fr-FR", it: "it-IT", nl: "nl-NL" } as const)[
      language
    ];
    const reference = keys(messagesFor("en-GB")["en-GB"]).sort();
    expect(keys(messagesFor(locale)[language]).sort()).toEqual(reference);
  });
});

describe("the browser's translator", () => {
  const samples = [
    { count: 0, brand: "Cardelia", year: 2026, status: 404, id: "x" },
    { count: 1, brand: "Wallora", year: 2026, status: 500, id: "y" },
    { count: 7, brand: "Cardelia", year: 2027, status: 404, id: "z" },
  ];

  it.each(LOCALES)("gives exactly i18next's text for every key in %s", (locale) => {
    const client = createI18n(locale, messagesFor(locale)).t;
    const server = serverT(locale);
    const all = new Set(
      keys(messagesFor("en-GB")["en-GB"]).map((key) =>
        key.replace(/_(zero|one|two|few|many|other)$/, ""),
      ),
    );
    for (const key of all) {
      for (const options of samples)
        expect(client(key, options), `${locale} ${key}`).toBe(server(key, options));
    }
  });
});
