/**
 * Configurator paths: the query names the product (a theme id, a calendar type, a
 * material …) and the visitor goes on to the designer with that product's parameters.
 * A query that names no product starts the family's everyday product without a design;
 * a card (which needs a design) or a photo frame (which needs a material) is the
 * not-found page then.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { CHANNELS } from "../../config/channels";
import { readCookie } from "../../domain/cookies";
import {
  AD_CLICK_COOKIE,
  START_WITHOUT_DESIGN,
  designerProductFor,
  designerRequest,
  designerUrl,
  firstValues,
} from "../../domain/designerLinks";
import { localisedShopPath, type ConfiguratorFamily } from "../../domain/paths";
import { shopContext } from "../context";
import { CACHE_TIERS } from "../../config/cache";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";

export async function leaveForDesigner(
  family: ConfiguratorFamily,
  {
    context,
    request,
    url,
  }: { context: Readonly<RouterContextProvider>; request: Request; url: URL },
): Promise<never> {
  const { locale, channel, country, language, unknownPrefix } = context.get(localeContext);
  if (unknownPrefix) notFound(url.pathname);
  const { env, catalogue } = context.get(shopContext).services;
  const features = CHANNELS[channel].features;
  const query = firstValues(url.searchParams);
  // A photo book starts from the template of its design group that fits its orientation.
  const designGroupId = Number(query.designGroupId);
  const designGroup =
    family === "photobook" && Number.isSafeInteger(designGroupId) && designGroupId > 0
      ? await catalogue.photobookTemplates({ channel, country, locale }, designGroupId)
      : null;
  const start = START_WITHOUT_DESIGN[family];
  const asked = designerProductFor(query, { collage: family === "collage" });
  const designer = designerRequest(
    asked === null && start ? { ...query, ...start } : query,
    {
      locale,
      today: new Date(),
      adClickId: readCookie(request.headers.get("cookie") ?? "", AD_CLICK_COOKIE),
      defaultCollageId: features.defaultCollageId,
      defaultRefinement: features.defaultRefinement,
      designGroup,
    },
    { collage: family === "collage" },
  );
  if (designer === null) notFound(url.pathname);
  // The shop's own designer stand-in is a page like any other: in the visitor's language,
  // with the channel's trailing-slash form (so no second redirect follows).
  let target = designerUrl(env.DESIGNER_URL, designer);
  if (env.DESIGNER_URL.startsWith("/"))
    target = localisedShopPath(target, {
      country,
      language,
      trailingSlash: features.trailingSlash,
    });
  // Personal (it may carry the visitor's ad-click id): no shared cache keeps it.
  throw redirect(target, { headers: { "Cache-Control": CACHE_TIERS.never } });
}
