/**
 * Translations. The server picks the messages of the visitor's locale chain and sends
 * only those to the browser. Server rendering translates through i18next
 * (messages.server.ts, provided as ServerI18nContext by entry.server); the browser
 * hydrates with the compatible translator built from the same messages.
 */
import { createContext, useContext } from "react";
import { localeSettings, type Locale, type TextResource } from "../../domain/locales";
import { createMissingKeyReporter, missingKeyText } from "../../domain/translate";
import { logWarning } from "../lib/log";
import { createTranslator, type Messages, type Translate } from "./translator";

export type { Messages, Translate };

/** A text resource with its fallbacks, most specific first: en-US → en-US, en-GB. */
export function resourceChain(own: TextResource): TextResource[] {
  return own === "en-US" ? ["en-US", "en-GB"] : [own];
}

const reportMissingKey = createMissingKeyReporter((message, context) =>
  logWarning("missing-translation-key", { message, ...context }),
);

/** Logs a missing key (once per key) and gives the text shown: the key's last part. */
export function missingKey(locale: Locale, key: string): string {
  reportMissingKey(locale, key);
  return missingKeyText(key);
}

/** The translator of one locale from its chain of messages (as `messagesFor` returns them). */
export function createI18n(locale: Locale, chain: Record<string, Messages>): { t: Translate } {
  const language = localeSettings(locale).language;
  return { t: createTranslator(language, Object.values(chain), (key) => missingKey(locale, key)) };
}

export const I18nContext = createContext<{ t: Translate } | null>(null);
/** Set by entry.server: the i18next translate function of the request's locale. */
export const ServerI18nContext = createContext<Translate | null>(null);

/** The translate function of the current locale. */
export function useT(): Translate {
  const server = useContext(ServerI18nContext);
  const client = useContext(I18nContext);
  if (server) return server;
  if (!client) throw new Error("useT outside I18nContext");
  return client.t;
}
