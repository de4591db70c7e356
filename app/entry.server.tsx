/**
 * Renders documents as a stream; crawlers get the whole document at once. Sets the
 * cache policy: the anonymous HTML of shareable routes is cacheable, everything else not.
 */
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type RouterContextProvider,
} from "react-router";
import { databaseUnreachableContext, personalPageContext, shopContext } from "./context";
import { clearNewsletterFlashCookie, readNewsletterFlash } from "../domain/newsletterFlash";
import { ServerI18nContext } from "./i18n/i18n";
import { serverT } from "./i18n/messages.server";
import { BRAND_FONT_PRELOADS } from "./shell/fonts.server";
import { localeContext } from "./lib/site";
import { NonceContext } from "./lib/nonce";
import { InlineScriptsContext } from "./lib/inlineScript";
import { IconSymbolsContext } from "./ui/Icon";
import { ICON_SYMBOLS } from "./ui/iconSymbols.server";
import { INLINE_SCRIPTS } from "./shell/inlineScripts.server";
import { documentStream } from "./shell/documentStream.server";
import { siteFrameContext } from "./furniture/furniture.server";
import { ServerSiteFrameContext } from "./furniture/siteConfig";
import { cacheControlFor, isMissingShareableRoute, isShareableRoute } from "../config/cache";
import { isDatabaseUnreachable } from "../domain/failures";
import { logError, logInfo } from "./lib/log";

export const streamTimeout = 5_000;

/** What the process reaches the storefront through (server/storefront.ts). */
export { storefront } from "./storefront.server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(shopContext);
  // A page that failed because the database is out of reach is unavailable for a moment
  // (503, try again), not broken (500); handleError saw the original error.
  if (responseStatusCode === 500 && loadContext.get(databaseUnreachableContext)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "10");
  }
  // Rendering translates through i18next; without a resolved locale (the root itself
  // failed) the document falls back to the translator the root provides.
  let translate = null;
  try {
    const { locale, channel } = loadContext.get(localeContext);
    translate = serverT(locale);
    responseHeaders.append("Link", BRAND_FONT_PRELOADS[channel]);
  } catch {
    translate = null;
  }
  const url = new URL(request.url);
  if (!responseHeaders.has("Cache-Control")) {
    const routeId = routerContext.staticHandlerContext.matches.at(-1)?.route.id;
    responseHeaders.set(
      "Cache-Control",
      cacheControlFor({
        status: responseStatusCode,
        ssrSafe: isShareableRoute(routeId),
        preview: url.searchParams.has("_storyblok"),
        personal: loadContext.get(personalPageContext),
        missingShareable: isMissingShareableRoute(routeId),
      }),
    );
  }
  // The address a refused newsletter sign-up came back with is shown once, then forgotten.
  if (
    url.searchParams.has("newsletter") &&
    readNewsletterFlash(request.headers.get("cookie") ?? "") !== null
  )
    responseHeaders.append("Set-Cookie", clearNewsletterFlashCookie(url.protocol === "https:"));
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  // The site configuration the root loader read (not part of its data: SiteFrameScript).
  const siteFrame = loadContext.get(siteFrameContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <InlineScriptsContext value={INLINE_SCRIPTS}>
          <IconSymbolsContext value={ICON_SYMBOLS}>
            <ServerI18nContext value={translate}>
              <ServerSiteFrameContext value={siteFrame}>
                <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
              </ServerSiteFrameContext>
            </ServerI18nContext>
          </IconSymbolsContext>
        </InlineScriptsContext>
      </NonceContext>,
      {
        nonce,
        // Every Suspense boundary that is complete goes out in place. React would otherwise
        // send a large one (the footer, a calculator) after the shell and reveal it by a
        // script a moment after the first paint: the page would move, and without
        // JavaScript stay hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = documentStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(body.readable, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body.writable);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("render-error", error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Unhandled errors in loaders, actions and rendering: logged once, then the error page shows. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  if (isDatabaseUnreachable(error))
    (context as RouterContextProvider | undefined)?.set(databaseUnreachableContext, true);
  // React Router's own 4xx (a POST to a page without an action is 405, an unknown
  // route 404) are the caller's mistake: the error page answers them, the log notes them.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logInfo("request-error", { status: error.status, method: request.method, url: request.url });
    return;
  }
  logError("unhandled-error", error, { url: request.url });
}
