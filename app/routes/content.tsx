import { useEffect, useState } from "react";
import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/content";
import { CHANNELS } from "../../config/channels";
import { configuratorFamilyFor, isAppRoute, isSaneSlug } from "../../domain/paths";
import { PageBody } from "../blocks/PageBody";
import { prepareContent } from "../blocks/prepare.server";
import { blockSources } from "../blocks/sources.server";
import { contactFormAction } from "../blocks/contactForm.server";
import { shopContext } from "../context";
import { useRootData } from "../lib/rootData";
import { serverT } from "../i18n/messages.server";
import { hreflangLinks, type PageContent } from "../../domain/content";
import { leaveForDesigner } from "../catalogue/configurator.server";
import { notFound } from "../lib/http";
import { logError, logWarning } from "../lib/log";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { contentVersionOf, resolvePageOnce } from "../lib/page.server";

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
export async function loader({ context, request, url }: Route.LoaderArgs) {
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
  const [content, breadcrumb] = await Promise.all([
    prepareContent(story.content, {
      locale,
      channel,
      preview: version.preview,
      images: services.images,
      ...blockSources(context, url),
    }),
    services.content
      .breadcrumb({ ...query, homeText: t("common.home") })
      .catch((error: unknown) => contentUnavailable(url.pathname, error)),
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
      robots: version.preview || content.robots === "noindex" ? "noindex" : null,
      alternates: version.preview
        ? []
        : hreflangLinks(story, { trailingSlash: brand.features.trailingSlash, originFor }),
    },
    preview: version.preview ? { storyId: story.id } : null,
  };
}

/** A content page takes one form post: its contact form's, without JavaScript. */
export function action({ context, request }: Route.ActionArgs) {
  return contactFormAction({ context, request });
}

/** The page's headers, and those of a form post's answer (never kept by a shared cache). */
export function headers({ parentHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  actionHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { seo } = loaderData;
  return [
    { title: seo.title },
    ...(seo.description ? [{ name: "description", content: seo.description }] : []),
    ...(seo.robots ? [{ name: "robots", content: seo.robots }] : []),
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((a) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: a.hreflang,
      href: a.href,
    })),
  ];
}

/** The page body; in the visual preview it follows the editor's live edits. */
function StoryBody(props: { storyId: number; initial: PageContent; preview: boolean }) {
  const { storyId, initial, preview } = props;
  const locale = useRootData()?.locale ?? "de-DE";
  const [edited, setEdited] = useState<PageContent | null>(null);
  useEffect(() => {
    if (!preview) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("../editor/content-preview").then(({ followEditor }) => {
      if (cancelled) return;
      stop = followEditor({ storyId, locale }, (next) => setEdited(next as PageContent));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [preview, storyId, locale]);
  const content = edited ?? initial;
  return <PageBody body={content.body ?? []} />;
}

export default function ContentPage() {
  // The breadcrumb of the loader data is shown by the site furniture (app/furniture/navigation/Breadcrumb.tsx).
  const { story, preview } = useLoaderData<typeof loader>();
  return (
    <article className="content-page" data-story={story.fullSlug}>
      <StoryBody
        key={story.id}
        storyId={story.id}
        initial={story.content}
        preview={preview !== null}
      />
    </article>
  );
}
