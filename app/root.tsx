import { useEffect, useMemo } from "react";
import { Links, Meta, Outlet, isRouteErrorResponse, redirect, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { CHANNELS } from "../config/channels";
import { defaultLocaleFor, localeSettings, type Locale } from "../domain/locales";
import { normalisePath, platformFor, resolveLocalePrefix } from "../domain/paths";
import { shopContext } from "./context";
import { useMessages } from "./i18n/clientMessages";
import { createI18n, I18nContext } from "./i18n/i18n";
import { logError } from "./lib/log";
import { useNonce } from "./lib/nonce";
import { useRootData } from "./lib/rootData";
import { loadRootData } from "./shell/rootData.server";
import { InlineScript } from "./lib/inlineScript";
import { NavigationScroll } from "./shell/navigationScroll";
import { PageScripts } from "./shell/pageScripts";
import { localeContext } from "./lib/site";
import { errorStatus } from "./shell/errorStatus";
import { LazyErrorPage } from "./shell/LazyErrorPage";
import { SiteFrame } from "./shell/SiteFrame";
import { SiteFrameScript } from "./furniture/siteConfig";
import { IconSprite } from "./ui/Icon";
import "./styles/fonts/fonts.css";
import "./styles/global.css";

/**
 * The locale-prefix guard: redirects a redundant or foreign prefix in one
 * hop, normalises the trailing slash per channel, and records the request's locale.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, url, context }) => {
    const { site, services } = context.get(shopContext);
    const channel = CHANNELS[site.channel];
    const guard = resolveLocalePrefix({ pathname: url.pathname, country: site.country });
    const platform = platformFor(url.pathname);
    const base = { channel: site.channel, country: site.country, platform } as const;
    // A form post keeps its method and body through the move (308); a page visit is a 301.
    const moved = request.method === "GET" || request.method === "HEAD" ? 301 : 308;

    if (guard.kind === "redirect-country") {
      const origin = services.hosts.originFor(
        { channel: site.channel, country: guard.country },
        new URL(request.url),
      );
      if (origin) {
        const target = normalisePath(guard.pathname, {
          trailingSlash: channel.features.trailingSlash,
        });
        throw redirect(`${origin}${target}${url.search}`, moved);
      }
    }
    if (guard.kind === "redirect-path") {
      const target = normalisePath(guard.pathname, {
        trailingSlash: channel.features.trailingSlash,
      });
      throw redirect(`${target}${url.search}`, moved);
    }
    if (guard.kind === "ok") {
      const normal = normalisePath(url.pathname, { trailingSlash: channel.features.trailingSlash });
      // "/themes/" has an empty theme id: it is a 404 as it stands, not a redirect.
      const emptyThemeId = /^\/themes\/?$/.test(guard.rest);
      if (normal !== url.pathname && !emptyThemeId) throw redirect(`${normal}${url.search}`, moved);
      context.set(localeContext, {
        ...base,
        locale: guard.locale,
        language: guard.language,
        rest: guard.rest,
        unknownPrefix: false,
      });
      return;
    }
    // An unknown prefix (or a region without a host): the error page, in the country's default locale.
    const locale = defaultLocaleFor(site.country);
    context.set(localeContext, {
      ...base,
      locale,
      language: localeSettings(locale).language,
      rest: url.pathname,
      unknownPrefix: true,
    });
  },
];

/** The document's data: locale, brand, texts, site furniture, flags (shell/rootData.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return loadRootData(args);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title =
    loaderData?.errorTitles[notFound ? "notFound" : "server"] ?? (notFound ? "404" : "500");
  return [{ title }, { name: "robots", content: "noindex" }];
}

export function links(): Route.LinkDescriptors {
  return [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const locale: Locale = data?.locale ?? "de-DE";
  // The back office's own pages are written in English on whichever shop's host they open;
  // the content editor, flags and pictures below /_admin speak the shop's language.
  const backOffice = useMatches().some((match) => match.id.startsWith("admin-"));
  const messages = useMessages(data?.messagesUrl);
  const i18n = useMemo(() => createI18n(locale, messages), [locale, messages]);
  useEffect(() => {
    // Tests and analytics wait for this marker before interacting with the page.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html
      lang={backOffice ? "en" : locale}
      data-channel={data?.channel ?? "cards"}
      data-platform={data?.platform ?? "web"}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: data.themeCss }} /> : null}
        <InlineScript text={(scripts) => scripts.visitorKey} />
        <Meta />
        <Links />
      </head>
      <body>
        <IconSprite />
        <I18nContext value={i18n}>{children}</I18nContext>
        {/* After the page: it is read when the page hydrates, never before it is painted. */}
        <SiteFrameScript />
        <NavigationScroll nonce={nonce} />
        <PageScripts nonce={nonce} messagesUrl={data?.messagesUrl} />
        <InlineScript text={(scripts) => scripts.startScripts} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  // The server logs through entry.server's handleError; the browser logs its own.
  if (errorStatus(error) >= 500 && typeof document !== "undefined")
    logError("unhandled-error", error);
  const page = <LazyErrorPage error={error} />;
  // Without root data (the root itself failed) there is no brand to frame the page with.
  return data ? <SiteFrame error>{page}</SiteFrame> : page;
}
