/**
 * The storefront's side of the contract the process describes in server/storefront.ts:
 * the request context key, the log sink, block preparation, campaign bars and texts.
 * Exported by entry.server.tsx, so the server reaches the app only through its build.
 */
import type { Storefront } from "../server/storefront";
import { prepareContent } from "./blocks/prepare.server";
import { shopContext } from "./context";
import { serverT } from "./i18n/messages.server";
import { withStorefrontFacts } from "./lib/storefrontFacts.server";
import { loadCampaignBar } from "./furniture/campaigns.server";
import { setLogSink } from "./lib/log";

export const storefront: Storefront = {
  requestContext: shopContext,
  setLogSink,
  prepareContent: async (services, content, request) =>
    prepareContent(
      await withStorefrontFacts(content, { ...request, catalogue: services.catalogue }),
      { ...request, images: services.images },
    ),
  campaignBar: (services, query) => loadCampaignBar(services.content, query, services.catalogue),
  translate: (locale, key) => serverT(locale)(key),
};
