import { lazy, Suspense, useState } from "react";
import { redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/designer";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { CART_PATHS, cartOptions } from "../../domain/cart";
import {
  articleProductParams,
  carriedParams,
  changesChoice,
  designerConfiguration,
  designerPath,
  refusesType,
  studioEntry,
  type DesignerConfiguration,
} from "../../domain/designerConfiguration";
import { DESIGNER_PRODUCTS, firstValues, type DesignerProduct } from "../../domain/designerLinks";
import { themeCardOptions } from "../../domain/themeCard";
import { isLanguage, type Country, type Language } from "../../domain/locales";
import { useT } from "../i18n/i18n";
import { serverT } from "../i18n/messages.server";
import { shopContext } from "../context";
import { notFound } from "../lib/http";
import { localisedShopPath, withDesktopMarker, type Platform } from "../../domain/paths";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { LocaleLink } from "../ui/LocaleLink";
import { useInBrowser } from "../ui/useInBrowser";
import {
  isStudioDesignId,
  printQuantityProblem,
  STUDIO_DESIGN_PARAM,
  studioConfiguration,
} from "../../domain/studio/studioLinks";
import type { StudioCart } from "../studio/Studio";
import type { DesignPrice } from "../studio/useBookPrice";
import "./designer.css";
import { withErrorStoryOn404 } from "../furniture/furniture.server";
import { themeCardOf } from "../catalogue/theme.server";

function isDesignerProduct(value: string | undefined): value is DesignerProduct {
  return (DESIGNER_PRODUCTS as readonly string[]).includes(value ?? "");
}

/**
 * The studio, loaded in the browser only and only on this route (react-konva stays out of the
 * shop's scripts): the design document's schemas first, then (in a later task) the studio, so
 * that running its code is two shorter tasks rather than one long one on a slow phone.
 */
const Studio = lazy(() =>
  import("../../domain/studio/document")
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => import("../studio/Studio")),
);

/**
 * The designer: the studio, opened with the link's configuration and theme (or the design
 * a cart line links back to). Every product goes into the cart only as a studio design, so
 * a link the studio cannot start one from (a choice still open, an option it does not
 * know) gets no way into the cart: only what is missing and the way back to its product
 * page.
 */
async function pageLoader({ params, context, url, request }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  if (!isDesignerProduct(params.product)) notFound(url.pathname);
  const { locale, channel, country, language, platform } = context.get(localeContext);
  const { services } = context.get(shopContext);
  const query = url.searchParams;
  const ctx = { channel, country, locale };
  const values = firstValues(query);
  // Prints or a photo box of a quantity the page does not sell (off its steps, or above the
  // box type's own most: a small box holds 250): no design, the type's range named.
  const boxType =
    params.product === "photoprint"
      ? "photoprint"
      : params.product === "photobox"
        ? values.type
        : undefined;
  const most = boxType
    ? (await services.catalogue.photoboxData(ctx, boxType).catch(() => null))?.types[0]?.maxQuantity
    : undefined;
  const mostPrints = typeof most === "number" ? most : undefined;
  const quantityProblem = printQuantityProblem(params.product, values, mostPrints);
  const linkQuantity = values.quantity ?? values.amount ?? "1";
  // A card link that names its theme alone (a sample, a wish list's or an older theme
  // link) opens the studio with the theme's own card, the one its theme page prices.
  if (params.product === "card" && values.themeId && !values.cardType) {
    const card = await themeCardOf(services.catalogue, ctx, values.themeId);
    // A theme the catalogue does not sell as a card has no page to choose it on.
    if (!card) notFound(url.pathname);
    for (const [name, value] of Object.entries(themeCardOptions(card))) values[name] ??= value;
  }
  // A link that carries the product page's whole choice is priced and added as that
  // configuration, through the cart's own rule, so the line costs what the page said.
  const configuration = designerConfiguration(params.product, values);
  // The studio's start: its configuration for the designs API, and how the cart takes it.
  const start = studioConfiguration(params.product, values, mostPrints);
  const designParam = query.get(STUDIO_DESIGN_PARAM);
  const reopens = isStudioDesignId(designParam);
  let price: string | null;
  // Whether the shop sells the link's choice as one line, and for a configuration the
  // quantity its grid keeps: only then can the studio's design go into the cart.
  let sold: { quantity?: number } | null = null;
  if (configuration) {
    const quote = await services.cart.quote(ctx, configuration);
    // A new design starts only from what the cart would take as asked (the cart's own
    // rule decides). A link naming a saved design (the cart's, the wish list's, the
    // account's edit link, or the studio's own address after a reload) always opens it:
    // the shopper's work stays reachable even when the shop no longer sells its choice.
    // A link the studio starts no design from gets the page that names what is missing.
    if (start && !reopens) {
      // A theme narrows a card to its own type: whether the shop sells the asked type at
      // all is the cart's answer without the theme (asked only for such a refusal).
      let typeSold = false;
      if (
        configuration.kind === "card" &&
        configuration.themeId &&
        refusesType(configuration, quote)
      ) {
        const { themeId: _theme, ...alone } = configuration;
        typeSold = !refusesType(alone, await services.cart.quote(ctx, alone));
      }
      const entry = studioEntry(configuration, quote, typeSold);
      if (entry.to === "notFound") notFound(url.pathname);
      // Not the product page: the designer cannot tell which page a link came from (one
      // product is offered on many content pages, under each language's own slugs), but
      // the product pages' buttons lead here with their whole choice, so the studio
      // opens with the choice the product page itself would show for this link. The
      // path is the shop's own, on this host: catalogue values the cart accepted (and a
      // theme it found), then the link's plain parameters that are no choice (see below),
      // never its path or host.
      // The answer follows the catalogue, which changes under it: nothing shared keeps it.
      if (entry.to === "designer") {
        // What described the old choice (a template, a binding, an accessory) stays behind
        // when the new one is another choice, not only other amounts.
        const carried = carriedParams(
          entry.configuration.kind,
          query,
          changesChoice(configuration, entry.configuration),
        );
        throw redirect(
          designerRedirect(entry.configuration, carried, { country, language, channel, platform }),
          { headers: { "Cache-Control": CACHE_TIERS.revalidate } },
        );
      }
    }
    price = quote.ok ? quote.price.formatted.current : null;
    if (quote.ok) sold = { quantity: quote.quantity };
  } else {
    // The price of what the designer would put into the cart ("from" while a choice is open).
    const offer = await services.catalogue.designerOffer(ctx, params.product, values);
    // A new framed picture, photo box or prints the shop does not sell even without the
    // link's options (no such material or box type, no prints in this shop) has no product
    // page to choose it on: not found, like a card type the shop does not know. For a
    // product it sells, the product page lists its sizes, finishes and frames but names no
    // one to take instead of an unsold one: the studio opens and says the choice is not
    // for sale (the way back to the product page beside it). A saved design always opens.
    // Whether it is sold is asked without a price: an article with no price for this
    // quantity or country is still the shop's product.
    const product = articleProductParams(params.product, values);
    if (!offer && start && !reopens && product) {
      const sells = await services.catalogue.sellsDesignerProduct(ctx, params.product, product);
      if (!sells) notFound(url.pathname);
    }
    price = offer?.priceLabel ?? null;
    // Only one article with one price can go into the cart: while a choice is open it cannot.
    if (offer?.article) sold = {};
  }
  const t = serverT(locale);
  let studioCart: StudioCart | null = null;
  if (start && sold) {
    const cartPath = localisedShopPath(CART_PATHS[language], {
      country,
      language,
      trailingSlash: CHANNELS[channel].features.trailingSlash,
    });
    // Every design goes in through the cart API: cards, calendars, collages and photo books
    // as configurations, everything else as the article its designer link names;
    // the cart API takes a calendar's fields as the designer reads them (type, size, mounting,
    // start), a photo book's with the design's page count (the studio's cartConfigurationOf).
    studioCart =
      configuration?.kind === "card" ||
      configuration?.kind === "calendar" ||
      configuration?.kind === "collage" ||
      configuration?.kind === "photobook"
        ? {
            via: "api",
            // The cart API's card fields, with the quantity the quote kept (none left undefined).
            body: Object.fromEntries(
              Object.entries({
                ...configuration,
                quantity: sold.quantity ?? configuration.quantity,
              }).filter(
                (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
              ),
            ),
            cartPath,
          }
        : {
            via: "article",
            article: {
              product: params.product,
              options: cartOptions(query),
              quantity: Number(linkQuantity),
            },
            cartPath,
          };
  }
  // Back to where the shopper came from on this shop (their product page); null when that
  // is not known, and the page offers the storefront's home instead.
  const referer = request.headers.get("referer");
  let back: string | null = null;
  try {
    const from = referer ? new URL(referer) : null;
    if (from && from.host === url.host && !from.pathname.includes("/designer/"))
      back = from.pathname + from.search;
  } catch {
    // A malformed referrer: the home page.
  }
  return {
    studio: start
      ? {
          configuration: start.configuration,
          themeId: start.themeId,
          designId: reopens ? designParam : null,
          cart: studioCart,
        }
      : null,
    back,
    product: params.product,
    price,
    printQuantity: quantityProblem && {
      // The link's own text only when it is a number ("abc" is not repeated to the shopper).
      asked: /^\d{1,6}$/.test(quantityProblem.asked) ? quantityProblem.asked : null,
      min: quantityProblem.min.toLocaleString(locale),
      max: quantityProblem.max.toLocaleString(locale),
    },
    title: pageTitle(
      t("designer.title", { product: t(`designer.products.${params.product}`) }),
      CHANNELS[channel].brandName,
    ),
  };
}

/** The designer's path for a configuration in the visitor's language and the channel's form. */
function designerRedirect(
  configuration: DesignerConfiguration,
  carried: URLSearchParams,
  site: { country: Country; language: Language; channel: ChannelId; platform: Platform },
): string {
  const target = localisedShopPath(designerPath(configuration, carried), {
    country: site.country,
    language: site.language,
    trailingSlash: CHANNELS[site.channel].features.trailingSlash,
  });
  // The desktop app's shopper stays in the app's frame.
  return site.platform === "desktop" ? withDesktopMarker(target) : target;
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData.title }, { name: "robots", content: "noindex, nofollow" }];
}

/** The studio once the page runs in the browser; a plain sentence without JavaScript. */
function StudioPage() {
  const { product, price, studio, back } = useLoaderData<typeof loader>();
  const t = useT();
  // False while the server renders and the page hydrates, true in the running browser.
  const running = useInBrowser();
  // A photo book's price once the studio knows its design's pages (undefined: not told).
  const [designPrice, setDesignPrice] = useState<DesignPrice | undefined>(undefined);
  const shown =
    designPrice === undefined ? price : designPrice === "failed" ? null : (designPrice ?? "…");
  const name = t(`designer.products.${product}`);
  return (
    <section className="page-section designer designer--studio">
      <h1>{t("designer.title", { product: name })}</h1>
      {shown ? (
        <p aria-live="polite" className="studio__price">
          {t("designer.price")}: <strong>{shown}</strong>
        </p>
      ) : null}
      {studio && !studio.cart ? (
        // Said before the shopper designs anything, not only in the studio's last step.
        <p className="notice">{t("studio.checkout.notForSale")}</p>
      ) : null}
      <noscript>
        <p className="notice">{t("studio.needsJavaScript")}</p>
        <BackLink back={back} />
      </noscript>
      {running && studio ? (
        <Suspense fallback={<p className="studio__loading">{t("studio.loading")}</p>}>
          <Studio
            configuration={studio.configuration}
            themeId={studio.themeId}
            designId={studio.designId}
            cart={studio.cart}
            onPrice={setDesignPrice}
          />
        </Suspense>
      ) : (
        <p className="studio__loading">{t("studio.loading")}</p>
      )}
    </section>
  );
}

export default function Designer() {
  const { product, studio, back, printQuantity } = useLoaderData<typeof loader>();
  const t = useT();
  if (studio) return <StudioPage />;
  const name = t(`designer.products.${product}`);
  return (
    <section className="page-section designer">
      <h1>{t("designer.title", { product: name })}</h1>
      <p className="notice">
        {printQuantity
          ? t(printQuantity.asked ? "designer.printQuantity" : "designer.printRange", printQuantity)
          : t("designer.chooseOnPage")}
      </p>
      <BackLink back={back} />
    </section>
  );
}

/** The way back to the product page the shopper came from, or to the storefront's home. */
function BackLink({ back }: { back: string | null }) {
  const t = useT();
  return back ? (
    <a className="designer__back" href={back}>
      {t("studio.backToProduct")}
    </a>
  ) : (
    <LocaleLink className="designer__back" to="/">
      {t("error.backHome")}
    </LocaleLink>
  );
}
