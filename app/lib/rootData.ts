/**
 * The root loader's data for any component, without importing the root module or the
 * loader's work (app/shell/rootData.server.ts): nothing loops back into the document shell.
 * The loader also hands over the site furniture (`site`), which only the furniture reads
 * (app/furniture/siteConfig.ts), so this shape stays free of furniture types.
 */
import { useRouteLoaderData } from "react-router";
import type { ChannelId } from "../../config/channelFeatures";
import type { PageSwitches, FeatureFlags } from "../../domain/flags";
import type { Country, Currency, Language, Locale } from "../../domain/locales";
import type { Platform } from "../../domain/paths";
import type { ThirdPartyConfig } from "../../domain/thirdParty";

/** A language of the visitor's country, as the language switch offers it. */
export interface LanguageChoice {
  language: Language;
  locale: Locale;
  label: string;
  href: string;
  current: boolean;
}

export interface RootData {
  /** The titles of the error pages (a failed root has no loader data to build them from). */
  errorTitles: { notFound: string; server: string };
  locale: Locale;
  language: Language;
  channel: ChannelId;
  country: Country;
  platform: Platform;
  currency: Currency;
  brand: { name: string; tagline: string; logo: string };
  /** The brand's colours as CSS custom properties. */
  themeCss: string;
  /** Where the browser loads the locale's texts (and those of its fallbacks) from. */
  messagesUrl: string;
  debugErrors: boolean;
  /** The third-party scripts the browser may load with the visitor's consent. */
  thirdParty: ThirdPartyConfig;
  forwardFlagEvaluations: boolean;
  year: number;
  /** The request's feature-flag treatments. */
  featureFlags: FeatureFlags;
  /** What the URL switches off (barDisabled, suppress_promotion). */
  switches: PageSwitches;
  languages: LanguageChoice[];
  /**
   * The address a newsletter sign-up sent without JavaScript was refused with, on the page
   * the shopper is sent back to, so the form shows it again (domain/newsletterFlash.ts).
   */
  newsletterEmail?: string | null;
}

/** The root loader's data; undefined where there is none (an error before the root loaded). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
