/**
 * The wishlist page on the server: the saved themes of the signed-in customer (else of the
 * visitor by their visitor key) with their from-prices, each with the way into the
 * designer its theme page offers; and the page's forms (save without JavaScript, remove).
 * Only a brand with the wishlist feature has the page. It is personal: never cached.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { visitorKey, visitorKeyCookie } from "../../domain/cookies";
import { isLanguage } from "../../domain/locales";
import { localisedShopPath } from "../../domain/paths";
import { themePicture } from "../../domain/studio/studioLinks";
import { wishlistThemeId } from "../../domain/wishlist";
import { WISHLIST_PATHS } from "../../domain/wishlistPaths";
import type { WishlistOwner } from "../../server/wishlist/service";
import { shopContext } from "../context";
import { serverT } from "../i18n/messages.server";
import { requestForm } from "../lib/forms.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { prepared } from "../ui/preparedPrice";

type Context = Readonly<RouterContextProvider>;
const PERSONAL = { "Cache-Control": CACHE_TIERS.never };

/** The card designs list, where an empty wishlist sends the visitor. */
export const THEMES_PAGE = "/vorkonfigurator-karten";

function shop(context: Context) {
  const { channel, country, locale, language } = context.get(localeContext);
  const { services } = context.get(shopContext);
  return { services, ctx: { channel, country, locale }, country, language };
}

/** The page exists in every language of a brand with the wishlist feature only. */
function ensurePage(context: Context, url: URL, lang: string | undefined) {
  const { ctx } = shop(context);
  if ((lang !== undefined && !isLanguage(lang)) || !CHANNELS[ctx.channel].features.wishlist)
    notFound(url.pathname);
}

async function ownerOf(context: Context, request: Request): Promise<WishlistOwner | null> {
  const { services, ctx } = shop(context);
  const cookies = request.headers.get("cookie") ?? "";
  const customer = await services.customers.accounts.customerFor(
    services.customers.sessionToken(cookies),
    ctx.channel,
  );
  if (customer) return { customerId: customer.id };
  const key = visitorKey(cookies);
  return key ? { visitorKey: key } : null;
}

/** The wishlist page of the visitor's language, in the channel's trailing-slash form. */
function wishlistPathFor(context: Context): string {
  const { country, language, ctx } = shop(context);
  return localisedShopPath(WISHLIST_PATHS[language], {
    country,
    language,
    trailingSlash: CHANNELS[ctx.channel].features.trailingSlash,
  });
}

export async function wishlistLoader({
  context,
  request,
  params,
}: {
  context: Context;
  request: Request;
  params: { lang?: string };
}) {
  const url = new URL(request.url);
  ensurePage(context, url, params.lang);
  const { services, ctx } = shop(context);
  const t = serverT(ctx.locale);
  const themes = await services.wishlist.themes(ctx, await ownerOf(context, request));
  const items = await Promise.all(
    themes.map(async (theme) => {
      const isCard = theme.productType !== "collage" && theme.product !== "collage";
      // The theme page's button: the card configurator, or a collage design's configurator.
      const article = isCard ? null : await services.catalogue.article(ctx, theme.article);
      return {
        id: theme.id,
        name: theme.name,
        image: themePicture({ ...theme, product: isCard ? theme.product : "collage" }),
        price: prepared(theme.price, true),
        designHref: article
          ? `/configurator-collage?${new URLSearchParams({
              materialType: String(article.attributes.material ?? "poster"),
              formatType: String(article.format ?? ""),
            })}`
          : `/configurator-card?${new URLSearchParams({ themeId: theme.id })}`,
      };
    }),
  );
  return data(
    {
      items,
      themesPage: THEMES_PAGE,
      title: pageTitle(t("wishlist.title"), CHANNELS[ctx.channel].brandName),
    },
    { headers: PERSONAL },
  );
}
export type WishlistLoaderData = Awaited<ReturnType<typeof wishlistLoader>>["data"];

export interface WishlistActionData {
  message: string;
}

/**
 * The page's forms: `add` (a heart without JavaScript) and `remove`; both go on to the
 * wishlist page, so a reload never repeats them.
 */
export async function wishlistAction({
  context,
  request,
  params,
}: {
  context: Context;
  request: Request;
  params: { lang?: string };
}) {
  const url = new URL(request.url);
  ensurePage(context, url, params.lang);
  const { services, ctx } = shop(context);
  const t = serverT(ctx.locale);
  const form = await requestForm(request);
  const problem = (status: number) =>
    data<WishlistActionData>({ message: t("wishlist.problem") }, { status, headers: PERSONAL });
  const themeId = wishlistThemeId.safeParse(form.get("themeId"));
  const intent = form.get("intent");
  if (!themeId.success || (intent !== "add" && intent !== "remove")) return problem(400);
  const headers = new Headers(PERSONAL);
  let owner = await ownerOf(context, request);
  if (!owner) {
    if (intent === "remove") throw redirect(wishlistPathFor(context), { status: 303, headers });
    // The first heart: the visitor gets their key with this answer.
    const key = crypto.randomUUID();
    owner = { visitorKey: key };
    headers.append("Set-Cookie", visitorKeyCookie(key, url.protocol === "https:"));
  }
  const change =
    intent === "add"
      ? await services.wishlist.add(ctx, owner, themeId.data)
      : await services.wishlist.remove(ctx, owner, themeId.data);
  if (!change.ok) return problem(change.reason === "full" ? 409 : 404);
  // On to the list, where a shopper without JavaScript sees what the heart did.
  throw redirect(wishlistPathFor(context), { status: 303, headers });
}
