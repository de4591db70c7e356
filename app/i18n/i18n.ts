/**
 * Translations through i18next. The server picks the messages of the visitor's
 * locale (with its fallback) and sends only those to the browser; both sides create
 * the same i18next instance from them.
 */
import i18next, { type i18n, type TFunction } from "i18next";
import { createContext, useContext } from "react";
import { localeSettings, type Locale, type TextResource } from "../../domain/locales";
import { createMissingKeyReporter, missingKeyText } from "../../domain/translate";
import { logWarning } from "../lib/log";

export type Messages = Record<string, unknown>;

/** The text resources of a locale, most specific first: en-US → en-US, en-GB; de-CH → de. */
export function translationChain(locale: Locale): TextResource[] {
  const own = localeSettings(locale).translationLanguage;
  return own === "en-US" ? ["en-US", "en-GB"] : [own];
}

const reportMissingKey = createMissingKeyReporter((message, context) =>
  logWarning("missing-translation-key", { message, ...context }),
);

/** A ready, synchronous i18next instance for one locale. */
export function createI18n(locale: Locale, chain: Record<string, Messages>): i18n {
  const instance = i18next.createInstance();
  const resources: Record<string, { translation: Messages }> = {};
  for (const [name, messages] of Object.entries(chain)) resources[name] = { translation: messages };
  const [first, ...rest] = Object.keys(chain);
  void instance.init({
    lng: first,
    fallbackLng: rest.length ? rest : false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => reportMissingKey(locale, key),
    parseMissingKeyHandler: (key) => missingKeyText(key),
  });
  return instance;
}

export const I18nContext = createContext<i18n | null>(null);

/** The translate function of the current locale. */
export function useT(): TFunction {
  const instance = useContext(I18nContext);
  if (!instance) throw new Error("useT outside I18nContext");
  return instance.t;
}
