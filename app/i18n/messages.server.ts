/**
 * The text resources on the server, through i18next. The browser gets one locale's
 * messages, from a URL of their own (messagesUrl) rather than inside every page.
 */
import { createHash } from "node:crypto";
import i18next from "i18next";
import { localeSettings, type Locale, type TextResource } from "../../domain/locales";
import { missingKeyText } from "../../domain/translate";
import { missingKey, resourceChain, type Messages, type Translate } from "./i18n";

const files = import.meta.glob<Messages>("./messages/*.json", { eager: true, import: "default" });

const byName = new Map<string, Messages>(
  Object.entries(files).map(([file, messages]) => [
    file.replace(/^.*\/(.+)\.json$/, "$1"),
    messages,
  ]),
);

/** The messages of a text resource and its fallbacks, keyed by resource name, most specific first. */
export function resourceMessages(resource: TextResource): Record<string, Messages> {
  const out: Record<string, Messages> = {};
  for (const name of resourceChain(resource)) {
    const messages = byName.get(name);
    if (messages) out[name] = messages;
  }
  return out;
}

/** The messages of a locale's translation chain, keyed by resource name, most specific first. */
export function messagesFor(locale: Locale): Record<string, Messages> {
  return resourceMessages(localeSettings(locale).translationLanguage);
}

/** Where the browser loads a locale's messages from (app/routes/messages.ts). */
export const MESSAGES_PATH = "/_messages";

/** A text resource's messages as the browser gets them, and their version. */
interface Published {
  json: string;
  version: string;
}

const published = new Map<TextResource, Published>();

function publishedMessages(resource: TextResource): Published {
  let messages = published.get(resource);
  if (!messages) {
    const json = JSON.stringify(resourceMessages(resource));
    messages = { json, version: createHash("sha256").update(json).digest("hex").slice(0, 12) };
    published.set(resource, messages);
  }
  return messages;
}

/**
 * The version of a text resource's messages (with its fallbacks): a digest of the texts,
 * so their URL changes with them and a browser may keep each version for good.
 */
export function messagesVersion(resource: TextResource): string {
  return publishedMessages(resource).version;
}

/** A text resource's messages (with its fallbacks) as JSON, made once. */
export function messagesJson(resource: TextResource): string {
  return publishedMessages(resource).json;
}

/** The URL of a locale's messages, e.g. /_messages/de.1a2b3c4d5e6f.json. */
export function messagesUrl(locale: Locale): string {
  const resource = localeSettings(locale).translationLanguage;
  return `${MESSAGES_PATH}/${resource}.${messagesVersion(resource)}.json`;
}

const instances = new Map<Locale, Translate>();

/** How many texts of one locale are remembered before the memory starts again. */
const REMEMBERED_TEXTS = 20_000;

/**
 * A translate function that remembers its texts: a page asks for the same keys with the
 * same values (labels, prices) on every render, and i18next takes far longer to resolve
 * one than a look-up does. Calls with a value that is not a string, number or boolean are
 * passed through; the memory is bounded and starts again when full.
 */
export function remembered(translate: Translate): Translate {
  const texts = new Map<string, string>();
  return (key, options) => {
    let id = key;
    if (options) {
      for (const name in options) {
        const value = options[name];
        const type = typeof value;
        if (type !== "string" && type !== "number" && type !== "boolean") {
          return translate(key, options);
        }
        id += `\u0000${name}\u0001${type[0]}${String(value)}`;
      }
    }
    let text = texts.get(id);
    if (text === undefined) {
      text = translate(key, options);
      if (texts.size >= REMEMBERED_TEXTS) texts.clear();
      texts.set(id, text);
    }
    return text;
  };
}

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
    t = remembered((key, options) => String(translate(key, options ?? {})));
    instances.set(locale, t);
  }
  return t;
}
