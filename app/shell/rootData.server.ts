/**
 * The root loader's work, apart from the document module: components read its data
 * through lib/rootData.ts and the furniture its site configuration through
 * furniture/siteConfig.ts, so nothing imports root.tsx back.
 */
import type { RouterContextProvider } from "react-router";
import { CHANNELS } from "../../config/channels";
import { pageSwitches } from "../../domain/flags";
import { languagesOf, localeFor, localeSettings, type Language } from "../../domain/locales";
import { readNewsletterFlash } from "../../domain/newsletterFlash";
import { normalisePath } from "../../domain/paths";
import { siteFrameFor } from "../furniture/furniture.server";
import type { SiteData } from "../furniture/siteConfig";
import { personalPageContext, shopContext } from "../context";
import { messagesUrl, serverT } from "../i18n/messages.server";
import type { RootData } from "../lib/rootData";
import { localeContext } from "../lib/site";
import { BRAND_FONT_FALLBACKS } from "./fonts.server";
import { themeCss } from "./theme";
const LANGUAGE_NAMES: Record<Language, string> = {
  de: "Deutsch",
  en: "English",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  nl: "Nederlands",
};

/** The root loader's data: what every page and component of the document needs. */
export async function loadRootData({
  context,
  url,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  url: URL;
  request: Request;
}): Promise<RootData & SiteData> {
  const { locale, language, channel, country, platform } = context.get(localeContext);
  const { services } = context.get(shopContext);
  const flags = services.flags.forRequest(request, channel);
  if (flags.personal) context.set(personalPageContext, true);
  // A newsletter sign-up refused without JavaScript comes back to its page with the typed
  // address in a cookie: that page is the shopper's own and no cache keeps it.
  const newsletterEmail = url.searchParams.has("newsletter")
    ? readNewsletterFlash(request.headers.get("cookie") ?? "")
    : null;
  if (newsletterEmail !== null) context.set(personalPageContext, true);
  const brand = CHANNELS[channel];
  const t = serverT(locale);
  return {
    errorTitles: {
      notFound: `${t("error.notFoundTitle")} | ${brand.brandName}`,
      server: `${t("error.serverTitle")} | ${brand.brandName}`,
    },
    locale,
    language,
    channel,
    country,
    platform,
    currency: localeSettings(locale).currency,
    brand: { name: brand.brandName, tagline: brand.tagline, logo: brand.logo },
    themeCss: themeCss(brand.theme) + BRAND_FONT_FALLBACKS[channel],
    messagesUrl: messagesUrl(locale),
    debugErrors: services.publicEnv.debugErrors,
    // The third-party scripts the browser may load with the visitor's consent.
    thirdParty: services.publicEnv.thirdParty,
    forwardFlagEvaluations: services.publicEnv.forwardFlagEvaluations,
    year: new Date().getFullYear(),
    // The site furniture from the GlobalConfig story (read by app/furniture; content/GLOBAL.md):
    // its URL here, the configuration itself written into the document once as JSON.
    siteUrl: await siteFrameFor(context, url),
    // The request's feature-flag treatments (services.flags).
    featureFlags: flags.featureFlags,
    // What the URL switches off (barDisabled, suppress_promotion).
    switches: pageSwitches(url.searchParams),
    languages: languagesOf(country).map((entry, index) => ({
      language: entry,
      locale: localeFor(country, entry) ?? locale,
      label: LANGUAGE_NAMES[entry],
      href: normalisePath(index === 0 ? "/" : `/${entry}/`, {
        trailingSlash: brand.features.trailingSlash,
      }),
      current: entry === language,
    })),
    newsletterEmail,
  };
}
