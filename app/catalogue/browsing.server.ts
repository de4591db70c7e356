/**
 * Loader helpers of the browsing pages: the card themes for a URL's browsing state and the
 * product families with their from-prices, read in-process from the catalogue service.
 */
import type { RouterContextProvider } from "react-router";
import { CHANNELS } from "../../config/channels";
import {
  CALENDAR_TYPE_PICTURES,
  FAMILY_PICTURES,
  familyEntry,
  PRODUCT_FAMILIES,
  THEME_LABEL_COLORS,
  type ProductFamily,
} from "../../domain/productFamilies";
import { readThemesQuery } from "../../domain/themeQuery";
import { prepared } from "../ui/preparedPrice";
import { shopContext } from "../context";
import { serverT } from "../i18n/messages.server";
import { localeContext } from "../lib/site";
import { themePicture } from "../../domain/studio/studioLinks";

type Context = Readonly<RouterContextProvider>;

/** The request's catalogue, its shop and how the shop shows pictures and prices. */
export function catalogueOf(context: Context) {
  const { channel, country, locale } = context.get(localeContext);
  return {
    catalogue: context.get(shopContext).services.catalogue,
    ctx: { channel, country, locale },
    picture: (file: string | undefined) => (file ? `/a/${channel}/${file}` : null),
    showPrices: CHANNELS[channel].features.pricesInProductOverview,
  };
}

/** The themes of one page of the list the URL's query asks for, and what to filter by. */
export async function loadThemes(context: Context, search: URLSearchParams) {
  const { catalogue, ctx } = catalogueOf(context);
  const state = readThemesQuery(search);
  const result = await catalogue.themes(ctx, state);
  const t = serverT(ctx.locale);
  return {
    state,
    pagination: result.pagination,
    facets: result.facets as Record<string, Record<string, number>>,
    themes: result.themes.map((theme) => ({
      id: theme.id,
      name: theme.name,
      image: themePicture(theme),
      label: theme.label
        ? { text: t(`themes.values.${theme.label}`), ...THEME_LABEL_COLORS[theme.label]! }
        : null,
      price: prepared(theme.price, true),
    })),
  };
}
export type ThemeList = Awaited<ReturnType<typeof loadThemes>>;

/**
 * The catalogue's product families of the request's shop with their from-prices: worked out
 * from the snapshot once per catalogue version (a product page, the overview and the
 * calendar types ask on every render).
 */
function productFamilies(context: Context) {
  const { catalogue, ctx } = catalogueOf(context);
  return catalogue.memo([ctx, "productFamilies"], () => catalogue.productFamilies(ctx));
}

/** The product families the shop sells, each with where it starts and its from-price. */
export async function loadFamilies(context: Context) {
  const { showPrices, picture } = catalogueOf(context);
  const families = await productFamilies(context);
  return families
    .filter((f): f is typeof f & { family: ProductFamily } =>
      (PRODUCT_FAMILIES as readonly string[]).includes(f.family),
    )
    .map((f) => ({
      family: f.family,
      href: familyEntry(f.family),
      picture: picture(FAMILY_PICTURES[f.family]),
      price: showPrices ? prepared(f.from, true) : null,
    }));
}

/** The calendar types, each leading to the calendar configurator. */
export async function loadCalendarTypes(context: Context) {
  const { showPrices, picture } = catalogueOf(context);
  const families = await productFamilies(context);
  const calendars = families.find((f) => f.family === "calendar");
  return (calendars?.types ?? []).map(({ type, from }) => ({
    type,
    href: familyEntry("calendar", type),
    picture: picture(CALENDAR_TYPE_PICTURES[type]),
    price: showPrices ? prepared(from, true) : null,
  }));
}
