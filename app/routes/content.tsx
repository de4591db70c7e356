import { useEffect, useState } from "react";
import { useLoaderData } from "react-router";
import type { Route } from "./+types/content";
import { PageBody } from "../blocks/PageBody";
import { contactFormAction } from "../blocks/ContactForm/post.server";
import { loadContentPage } from "../blocks/contentPage.server";
import { useRootData } from "../lib/rootData";
import type { PageContent } from "../../domain/content";

/** The catch-all content route's page (app/blocks/contentPage.server.ts). */
export function loader({ context, request, url }: Route.LoaderArgs) {
  return loadContentPage({ context, request, url });
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
