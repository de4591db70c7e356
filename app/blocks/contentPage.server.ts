/**
 * The content page's work on the server: the story of the path (through the fallback
 * chain), redirects and not-found, the prepared blocks with their request's data, the
 * breadcrumb and the page's meta (canonical, hreflang alternates).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { CHANNELS } from "../../config/channels";
import { hreflangLinks, withXDefault } from "../../domain/content";
import { configuratorFamilyFor, isAppRoute, isSaneSlug } from "../../domain/paths";
import { leaveForDesigner } from "../catalogue/configurator.server";
import { shopContext } from "../context";
import { withStorefrontFacts } from "../lib/storefrontFacts.server";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { logError, logWarning } from "../lib/log";
import { pageTitle } from "../lib/meta";
import { contentVersionOf, resolvePageOnce } from "../lib/page.server";
import { localeContext } from "../lib/site";
import { prepareContent } from "./prepare.server";
import { blockSources } from "./sources.server";

/** When a visitor may try again after the content service failed (seconds). */
const CONTENT_RETRY_AFTER_SECONDS = 60;

/**
 * The content service failed and has no last known content for this page: the error
 * page with 503 Service Unavailable (never cached), not a crash.
 */
function contentUnavailable(pathname: string, error: unknown): never {
  logError("content-unavailable", error, { path: pathname });
  throw data(`Content unavailable: ${pathname}`, {
    status: 503,
    headers: { "Retry-After": String(CONTENT_RETRY_AFTER_SECONDS) },
  });
}

/** First segments that belong to other routes: never content (e.g. "/themes/" without an id). */
const RESERVED = new Set(["themes", "_icons", "d", "designer"]);

/**
 * The catch-all content route: the story for the locale and path, with the
 * fallback chain; redirect stories redirect, anything but a Page is a 404. Drafts only
 * with a valid visual-editor signature.
 */
export async function loadContentPage({
  context,
  request,
  url,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
  url: URL;
}) {
  const { rest, channel, locale, country } = context.get(localeContext);
  const { services } = context.get(shopContext);
  const first = rest.split("/")[1] ?? "";
  // Configurator paths are not content: they lead on to the designer.
  const configurator = configuratorFamilyFor(rest);
  if (configurator !== null) await leaveForDesigner(configurator, { context, request, url });
  if (!isSaneSlug(rest) || isAppRoute(rest) || RESERVED.has(first)) notFound(url.pathname);

  const version = contentVersionOf(context, url);
  const query = { channel, locale, rest, ...version };
  const page = await resolvePageOnce(context, url).catch((error: unknown) =>
    contentUnavailable(url.pathname, error),
  );
  if (page.kind === "redirect") throw redirect(page.location, page.status);
  if (page.kind === "not-found") {
    if (page.reason === "missing") {
      logWarning("cms-page-not-found", { path: url.pathname, channel, locale });
    } else {
      logError("page-not-found", undefined, { path: url.pathname, reason: page.reason });
    }
    notFound(url.pathname);
  }

  const { story } = page;
  const t = serverT(locale);
  const robots = version.preview || story.content.robots === "noindex" ? "noindex" : null;
  // A page kept out of search engines names no versions; an indexed one names only its
  // indexed versions (the sitemap names the same), x-default among them.
  const [content, breadcrumb, noindex] = await Promise.all([
    prepareContent(
      await withStorefrontFacts(story.content, {
        channel,
        locale,
        catalogue: services.catalogue,
      }),
      {
        locale,
        channel,
        preview: version.preview,
        images: services.images,
        slug: story.fullSlug,
        sources: blockSources(context, url),
      },
    ),
    services.content
      .breadcrumb({ ...query, homeText: t("common.home") })
      .catch((error: unknown) => contentUnavailable(url.pathname, error)),
    // Only a translation can be a version kept out (the page's own story is indexed, or it
    // names none); reading each translation's story ties the cached page to those stories.
    robots === null
      ? services.content
          .noindexVersions(
            channel,
            story.alternates.map((alternate) => alternate.fullSlug),
          )
          .catch((error: unknown) => contentUnavailable(url.pathname, error))
      : null,
  ]);
  const brand = CHANNELS[channel];
  const requestUrl = new URL(request.url);
  const originFor = (c: typeof country) =>
    services.hosts.originFor({ channel, country: c }, requestUrl);
  return {
    story: { id: story.id, uuid: story.uuid, name: story.name, fullSlug: story.fullSlug, content },
    breadcrumb,
    seo: {
      title: pageTitle(content.metaTitle || story.name, brand.brandName),
      description: content.metaDescription ?? null,
      canonical: `${originFor(country) ?? requestUrl.origin}${url.pathname}`,
      robots,
      alternates: noindex
        ? withXDefault(
            hreflangLinks(story, {
              trailingSlash: brand.features.trailingSlash,
              originFor,
              indexable: (fullSlug) => !noindex.has(fullSlug),
            }),
          )
        : [],
    },
    preview: version.preview ? { storyId: story.id } : null,
  };
}
