/**
 * The locale, platform and brand of the current request, resolved once by the root
 * middleware from the host and the path, and read by every loader.
 */
import { createContext } from "react-router";
import type { ChannelId } from "../../config/channelFeatures";
import type { Country, Language, Locale } from "../../domain/locales";
import type { Platform } from "../../domain/paths";

export interface RequestLocale {
  channel: ChannelId;
  country: Country;
  locale: Locale;
  language: Language;
  platform: Platform;
  /** The path below the locale prefix and the d marker, starting with "/". */
  rest: string;
  /** The locale prefix of the path guard said "not found": the page is a 404. */
  unknownPrefix: boolean;
}

export const localeContext = createContext<RequestLocale>();
