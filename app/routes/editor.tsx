import { useEffect, useRef, useState } from "react";
import { Form, Link, data, redirect, useActionData, useFetcher, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/editor";
import { CHANNELS } from "../../config/channels";
import { isLanguage } from "../../domain/locales";
import { shopContext } from "../context";
import { useT } from "../i18n/i18n";
import { CACHE_TIERS } from "../../config/cache";
import { isStoryContent, type StoryContent } from "../../domain/content";
import {
  editorFolders,
  editorJson,
  endEditorSession,
  hasEditorSession,
  startEditorSession,
  isPreviewToken,
  previewPath,
} from "../editor/content-editor.server";
import type { PreviewInputMessage, PreviewOutputMessage } from "../editor/content-preview";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";
import "./editor.css";
import { requestForm } from "../lib/forms.server";

/** Largest story content the editor saves. */
const MAX_CONTENT_CHARS = 1024 * 1024;

/** The editor's access: only on the embedded space, with the channel's preview token. */
function editorAccess({
  context,
  url,
  params,
}: Pick<Route.LoaderArgs, "context" | "url" | "params">) {
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  const { channel, locale } = context.get(localeContext);
  const { services } = context.get(shopContext);
  const access = services.content.previewAccessFor(channel);
  const { cms } = services;
  if (!access || !cms) notFound(url.pathname);
  return { channel, locale, services, access, cms };
}

export async function loader(args: Route.LoaderArgs) {
  const { request, url } = args;
  const { channel, locale, services, access, cms } = editorAccess(args);
  const brand = CHANNELS[channel].brandName;
  if (!(await hasEditorSession(request.headers.get("cookie"), access, cms.store))) {
    return { signedIn: false as const, brand, locale };
  }
  const stories = (
    await Promise.all(editorFolders(locale).map((f) => cms.editorStories(channel, f)))
  ).flat();
  const wanted = Number(url.searchParams.get("story"));
  const story = stories.some((s) => s.id === wanted)
    ? await cms.editorStory(channel, wanted)
    : null;
  return {
    signedIn: true as const,
    brand,
    locale,
    stories,
    selected: story && {
      id: story.id,
      name: story.name,
      fullSlug: story.fullSlug,
      published: story.published,
      unpublishedChanges: story.unpublishedChanges,
      json: editorJson(story.content),
      previewUrl: previewPath(
        story,
        locale,
        channel,
        services.content.previewParams(access, story.id),
      ),
    },
  };
}

const editSchema = z.object({
  intent: z.enum(["save", "publish"]),
  id: z.coerce.number().int().positive(),
  content: z.string().min(2).max(MAX_CONTENT_CHARS),
});

/** True when a request's Origin is this host (the scheme may differ behind a TLS proxy). */
function isSameHost(origin: string | null, url: URL): boolean {
  try {
    return origin !== null && new URL(origin).host === url.host;
  } catch {
    return false;
  }
}

export async function action(args: Route.ActionArgs) {
  const { request, url } = args;
  if (!isSameHost(request.headers.get("origin"), url)) {
    throw data("Forbidden: cross-site request", { status: 403 });
  }
  const { channel, locale, access, cms } = editorAccess(args);
  // Secure over HTTPS, also behind a TLS proxy: the server hands the app the URL the
  // visitor used (https when the proxy says so).
  const secure = new URL(request.url).protocol === "https:";
  const form = await requestForm(request);
  const intent = form.get("intent");
  if (intent === "login") {
    const store = cms.store;
    const { clientAddress } = args.context.get(shopContext);
    if (!(await store.editorLoginAllowed(clientAddress))) {
      return data({ error: "throttled" as const }, { status: 429 });
    }
    if (!isPreviewToken(access, String(form.get("token") ?? ""))) {
      await store.recordEditorLoginFailure(clientAddress);
      return data({ error: "wrongToken" as const }, { status: 401 });
    }
    return redirect(`${url.pathname}${url.search}`, {
      headers: {
        "Set-Cookie": await startEditorSession(access, cms.store, secure),
      },
    });
  }
  if (!(await hasEditorSession(request.headers.get("cookie"), access, cms.store))) {
    throw data("Unauthorized", { status: 401 });
  }
  if (intent === "logout") {
    const cleared = await endEditorSession(
      request.headers.get("cookie"),
      access,
      cms.store,
      secure,
    );
    return redirect(url.pathname, { headers: { "Set-Cookie": cleared } });
  }
  const edit = editSchema.safeParse(Object.fromEntries(form));
  if (!edit.success) return data({ error: "invalidRequest" as const }, { status: 400 });
  let parsed: unknown;
  try {
    parsed = JSON.parse(edit.data.content);
  } catch {
    return data({ error: "invalidJson" as const }, { status: 400 });
  }
  if (!isStoryContent(parsed)) return data({ error: "invalidContent" as const }, { status: 400 });
  const story = await cms.editorStory(channel, edit.data.id);
  const folders = editorFolders(locale);
  if (!story || !folders.some((f) => story.fullSlug.startsWith(`${f}/`))) {
    return data({ error: "unknownStory" as const }, { status: 404 });
  }
  await cms.saveDraft(channel, story.id, parsed);
  if (edit.data.intent === "publish") await cms.publish(channel, story.id);
  return { done: edit.data.intent === "publish" ? ("published" as const) : ("saved" as const) };
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

function SignIn() {
  const t = useT();
  const result = useActionData<typeof action>();
  const problem =
    result && "error" in result && (result.error === "wrongToken" || result.error === "throttled")
      ? result.error
      : null;
  const failed = problem !== null;
  return (
    <main className="editor-login" id="main">
      <h1>{t("editor.title")}</h1>
      <p>{t("editor.signInText")}</p>
      <Form method="post" className="editor-login__form">
        <input type="hidden" name="intent" value="login" />
        <label htmlFor="editor-token">{t("editor.token")}</label>
        <input
          id="editor-token"
          name="token"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={failed || undefined}
          aria-describedby={failed ? "editor-token-error" : undefined}
        />
        {failed ? (
          <p id="editor-token-error" className="editor__error" role="alert">
            {t(`editor.${problem}`)}
          </p>
        ) : null}
        <button className="button" type="submit">
          {t("editor.signIn")}
        </button>
      </Form>
    </main>
  );
}

type Selected = NonNullable<
  Extract<Route.ComponentProps["loaderData"], { signedIn: true }>["selected"]
>;

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

function StoryEditor({ story }: { story: Selected }) {
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
                  ? t(`editor.${failed}`)
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
  if (!view.signedIn) return <SignIn />;
  return (
    <div className="editor">
      {/* Named landmarks: the preview frame has a header and a main of its own. */}
      <header className="editor__bar" aria-labelledby="editor-title">
        <h1 id="editor-title">
          {t("editor.title")} · {view.brand} · {view.locale}
        </h1>
        <div className="editor__tools">
          <Link to="/_pictures">{t("editor.pictures")}</Link>
          <Form method="post">
            <button className="button button--secondary" name="intent" value="logout">
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
          <StoryEditor key={view.selected.id} story={view.selected} />
        ) : (
          <p className="editor__pick">{t("editor.pick")}</p>
        )}
      </main>
    </div>
  );
}
