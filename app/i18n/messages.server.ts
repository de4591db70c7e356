/** Loads the text resources on the server; the browser only ever gets one locale's. */
import type { Locale } from "../../domain/locales";
import type { TFunction } from "i18next";
import { createI18n, translationChain, type Messages } from "./i18n";

const files = import.meta.glob<Messages>("./messages/*.json", { eager: true, import: "default" });

const byName = new Map<string, Messages>(
  Object.entries(files).map(([file, messages]) => [
    file.replace(/^.*\/(.+)\.json$/, "$1"),
    messages,
  ]),
);

/** The messages of a locale's translation chain, keyed by resource name. */
export function messagesFor(locale: Locale): Record<string, Messages> {
  const out: Record<string, Messages> = {};
  for (const name of translationChain(locale)) {
    const messages = byName.get(name);
    if (messages) out[name] = messages;
  }
  return out;
}

const instances = new Map<Locale, ReturnType<typeof createI18n>>();

/** A translate function for loaders (titles, descriptions), one instance per locale. */
export function serverT(locale: Locale): TFunction {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, messagesFor(locale));
    instances.set(locale, instance);
  }
  return instance.t;
}
