/**
 * The content editor (/_admin/content, once /_editor): the locale's stories, one edited as
 * JSON with a live preview, saved as a draft or published. It opens with the back office's
 * log-in for a role that edits content (second factor where the role needs one); every
 * save and publish is in the audit log.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/editor";
import { useT } from "../i18n/i18n";
import { CACHE_TIERS } from "../../config/cache";
import { isStoryContent, type StoryContent } from "../../domain/content";
import { requireOperator, requireOperatorForm } from "../admin/admin.server";
import { editorAction, editorPage, loadEditor } from "../editor/editor.server";
import type { PreviewInputMessage, PreviewOutputMessage } from "../editor/content-preview";
import "./editor.css";

export async function loader(args: Route.LoaderArgs) {
  editorPage(args);
  const { me } = await requireOperator(args, "content.edit");
  return { ...(await loadEditor(args)), csrf: me.csrf, permissions: me.permissions };
}

export async function action(args: Route.ActionArgs) {
  editorPage(args);
  const { form, actor } = await requireOperatorForm(args, "content.edit");
  return editorAction(args, form, actor);
}

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Content editor | ${loaderData?.brand ?? ""}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

type Selected = NonNullable<Route.ComponentProps["loaderData"]["selected"]>;

/** Parses the edited JSON; the content, or the translation key of what is wrong. */
function parseContent(text: string): { content: StoryContent } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "editor.invalidJson" };
  }
  return isStoryContent(value) ? { content: value } : { error: "editor.invalidContent" };
}

function StoryEditor({ story, csrf }: { story: Selected; csrf: string }) {
  const t = useT();
  const fetcher = useFetcher<typeof action>();
  const frame = useRef<HTMLIFrameElement>(null);
  const [text, setText] = useState(story.json);
  const [ready, setReady] = useState(false);
  const [rendered, setRendered] = useState(0);
  const parsed = parseContent(text);
  const error = "error" in parsed ? parsed.error : null;

  useEffect(() => {
    const onMessage = (event: MessageEvent<PreviewOutputMessage>) => {
      if (event.origin !== window.location.origin) return;
      if (event.source !== frame.current?.contentWindow) return;
      if (event.data?.type === "shop-content:ready") setReady(true);
      if (event.data?.type === "shop-content:rendered") setRendered((n) => n + 1);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  // Send the edited content to the preview, a moment after the last keystroke.
  const content = "content" in parsed ? JSON.stringify(parsed.content) : null;
  useEffect(() => {
    if (!ready || content === null || content === JSON.stringify(JSON.parse(story.json))) return;
    const timer = setTimeout(() => {
      const message: PreviewInputMessage = {
        type: "shop-content:input",
        story: { id: story.id, content: JSON.parse(content) },
      };
      frame.current?.contentWindow?.postMessage(message, window.location.origin);
    }, 250);
    return () => clearTimeout(timer);
  }, [ready, content, story.id, story.json]);

  const done = fetcher.data && "done" in fetcher.data ? fetcher.data.done : null;
  const failed = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  // The fields a refused publish names (texts with markup a page would show as written).
  const fields = fetcher.data && "fields" in fetcher.data ? fetcher.data.fields.join(", ") : "";
  const state = story.published
    ? story.unpublishedChanges
      ? t("editor.changed")
      : t("editor.published")
    : t("editor.draft");
  return (
    <>
      <section className="editor__form" aria-labelledby="editor-story">
        <h2 id="editor-story">{story.name}</h2>
        <p className="editor__meta">
          <code>{story.fullSlug}</code> · <span data-testid="story-state">{state}</span>
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="id" value={story.id} />
          <label htmlFor="editor-json">{t("editor.content")}</label>
          <textarea
            id="editor-json"
            name="content"
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={error !== null || undefined}
            aria-describedby="editor-json-help"
          />
          <p
            id="editor-json-help"
            className={error ? "editor__error" : "editor__help"}
            aria-live="polite"
          >
            {error ? t(error) : t("editor.liveHelp")}
          </p>
          <div className="editor__actions">
            <button
              className="button button--secondary"
              name="intent"
              value="save"
              disabled={error !== null}
            >
              {t("editor.save")}
            </button>
            <button className="button" name="intent" value="publish" disabled={error !== null}>
              {t("editor.publish")}
            </button>
          </div>
          <p role="status" className="editor__status" data-rendered={rendered}>
            {fetcher.state !== "idle"
              ? t("common.loading")
              : done
                ? t(done === "published" ? "editor.didPublish" : "editor.didSave")
                : failed
                  ? t(`editor.${failed}`, { fields })
                  : ""}
          </p>
        </fetcher.Form>
      </section>
      <section className="editor__preview" aria-label={t("editor.preview")}>
        <iframe ref={frame} title={t("editor.preview")} src={story.previewUrl} />
      </section>
    </>
  );
}

export default function Editor() {
  const view = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="editor">
      {/* Named landmarks: the preview frame has a header and a main of its own. */}
      <header className="editor__bar" aria-labelledby="editor-title">
        <h1 id="editor-title">
          {t("editor.title")} · {view.brand} · {view.locale}
        </h1>
        <div className="editor__tools">
          {view.permissions.includes("pictures.review") ? (
            <Link to="/_admin/pictures">{t("editor.pictures")}</Link>
          ) : null}
          <Link to="/_admin" reloadDocument>
            {t("editor.backOffice")}
          </Link>
          <Form method="post" action="/_admin/logout" reloadDocument>
            <input type="hidden" name="csrf" value={view.csrf} />
            <button className="button button--secondary" type="submit">
              {t("editor.signOut")}
            </button>
          </Form>
        </div>
      </header>
      <nav className="editor__stories" aria-label={t("editor.stories")}>
        <ul>
          {view.stories.map((story) => (
            <li key={story.id}>
              <Link
                to={`?story=${story.id}`}
                aria-current={view.selected?.id === story.id ? "page" : undefined}
              >
                <span>{story.name}</span>
                <small>{story.fullSlug}</small>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main
        id="main"
        className="editor__main"
        aria-labelledby={view.selected ? "editor-story" : "editor-title"}
      >
        {view.selected ? (
          <StoryEditor key={view.selected.id} story={view.selected} csrf={view.csrf} />
        ) : (
          <p className="editor__pick">{t("editor.pick")}</p>
        )}
      </main>
    </div>
  );
}
