/** The text resources on the server, through i18next; the browser only ever gets one locale's messages. */
import i18next from "i18next";
import type { Locale } from "../../domain/locales";
import { missingKeyText } from "../../domain/translate";
import { missingKey, translationChain, type Messages, type Translate } from "./i18n";

const files = import.meta.glob<Messages>("./messages/*.json", { eager: true, import: "default" });

const byName = new Map<string, Messages>(
  Object.entries(files).map(([file, messages]) => [
    file.replace(/^.*\/(.+)\.json$/, "$1"),
    messages,
  ]),
);

/** The messages of a locale's translation chain, keyed by resource name, most specific first. */
export function messagesFor(locale: Locale): Record<string, Messages> {
  const out: Record<string, Messages> = {};
  for (const name of translationChain(locale)) {
    const messages = byName.get(name);
    if (messages) out[name] = messages;
  }
  return out;
}

const instances = new Map<Locale, Translate>();

/** The i18next translate function of a locale (one instance per locale, made on first use). */
export function serverT(locale: Locale): Translate {
  let t = instances.get(locale);
  if (!t) {
    const chain = messagesFor(locale);
    const [first, ...rest] = Object.keys(chain);
    const instance = i18next.createInstance();
    void instance.init({
      lng: first,
      fallbackLng: rest.length ? rest : false,
      resources: Object.fromEntries(
        Object.entries(chain).map(([name, m]) => [name, { translation: m }]),
      ),
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: (_lngs, _ns, key) => void missingKey(locale, key),
      parseMissingKeyHandler: (key) => missingKeyText(key),
    });
    const translate = instance.t;
    t = (key, options) => String(translate(key, options ?? {}));
    instances.set(locale, t);
  }
  return t;
}
