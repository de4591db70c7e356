/**
 * The catalogue service: one object the API routers and the route loaders share, made of
 * the snapshot (snapshot.ts) and one set of calls per concern. It answers every catalogue
 * question for a request context (channel, country, locale) with prices in the country's
 * currency, every price from the one rule set of domain/configurationPrice.ts.
 */
import { calendarCalls } from "./calendars";
import { cardCalls } from "./cards";
import { designerCalls } from "./designer";
import { photobookCalls } from "./photobooks";
import { printCalls } from "./prints";
import { shopCalls } from "./shop";
import { createCatalogueCore, type CatalogueServiceOptions } from "./snapshot";
import { themeCalls } from "./themes";
import { wallArtCalls } from "./wallart";

export {
  CatalogueError,
  type ArticleView,
  type CatalogueContext,
  type CatalogueServiceOptions,
  type DesignerOffer,
} from "./snapshot";
export { formatSvg, themeSvg } from "./previews";

export async function createCatalogueService(options: CatalogueServiceOptions) {
  const core = await createCatalogueCore(options);
  return {
    dir: core.dir,
    sync: core.sync,
    refresh: core.refresh,
    /** The hash of the imported catalogue files (part of cache keys). */
    version: core.version,
    /** What pages read, prepared once per catalogue version (memo.ts). */
    memo: core.memo,
    ...shopCalls(core),
    ...themeCalls(core),
    ...cardCalls(core),
    ...photobookCalls(core),
    ...calendarCalls(core),
    ...printCalls(core),
    ...wallArtCalls(core),
    ...designerCalls(core),
  };
}

export type CatalogueService = Awaited<ReturnType<typeof createCatalogueService>>;
