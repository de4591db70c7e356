/**
 * One story in the content editor: its JSON, checked as it is typed, saved as a draft or
 * published, with a live preview that follows the edits a moment after the last keystroke.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { isStoryContent, type StoryContent } from "../../domain/content";
import { useT } from "../i18n/i18n";
import type { PreviewInputMessage, PreviewOutputMessage } from "./content-preview";
import type { editorAction, loadEditor } from "./editor.server";

/** The story being edited, as the editor's loader gives it. */
type Selected = NonNullable<Awaited<ReturnType<typeof loadEditor>>["selected"]>;

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

export function StoryEditor({ story, csrf }: { story: Selected; csrf: string }) {
  const t = useT();
  const fetcher = useFetcher<typeof editorAction>();
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
