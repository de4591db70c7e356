/**
 * The content editor's page work on the server: access (the embedded space and the
 * channel's preview token), its session, the locale's stories, saving and publishing.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { CHANNELS } from "../../config/channels";
import { isStoryContent } from "../../domain/content";
import { isLanguage } from "../../domain/locales";
import { permissionsOf } from "../../domain/operatorRoles";
import { shopContext } from "../context";
import { requestForm } from "../lib/forms.server";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";
import {
  editorFolders,
  editorJson,
  endEditorSession,
  hasEditorSession,
  isPreviewToken,
  previewPath,
  startEditorSession,
} from "./content-editor.server";

/** Largest story content the editor saves. */
const MAX_CONTENT_CHARS = 1024 * 1024;

/** What the editor's (and the operator pages') loaders and actions get from the route. */
export interface EditorArgs {
  context: Readonly<RouterContextProvider>;
  url: URL;
  params: { lang?: string };
  request: Request;
}

/**
 * The editor's access: only on the embedded space, with the channel's preview token;
 * elsewhere the page does not exist.
 */
function editorAccess({ context, url, params }: EditorArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  const { channel, locale } = context.get(localeContext);
  const { services } = context.get(shopContext);
  const access = services.content.previewAccessFor(channel);
  const { cms } = services;
  if (!access || !cms) notFound(url.pathname);
  return { channel, locale, services, access, cms };
}

/**
 * The pages moved into the back office: a visit of the old path (/_editor, /_flags,
 * /_pictures, with its language prefix and query) goes to the new one for good. Form posts
 * to the old paths are still answered where they are, so no sent form is lost.
 */
export function movedToBackOffice({ request, url }: Pick<EditorArgs, "request" | "url">): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const moved = /^(\/[a-z]{2})?\/_(editor|flags|pictures)$/.exec(url.pathname);
  if (!moved) return;
  const page = moved[2] === "editor" ? "content" : moved[2];
  throw redirect(`${moved[1] ?? ""}/_admin/${page}${url.search}`, 301);
}

/**
 * A back-office session whose role edits content (with the second factor where the role
 * needs one) opens the editor's pages as the editor's own sign-in does.
 */
async function operatorMayEdit(args: EditorArgs): Promise<boolean> {
  const { services } = args.context.get(shopContext);
  const token = services.admin.token(args.request.headers.get("cookie"));
  if (!token) return false;
  const view = await services.admin.operators.session(token);
  return (
    view !== null && view.secondFactor && permissionsOf(view.operator.role).includes("content.edit")
  );
}

/** Signed in to the editor: its own session (the preview token) or a back-office one. */
async function signedInToEditor(
  args: EditorArgs,
  access: Parameters<typeof hasEditorSession>[1],
  store: Parameters<typeof hasEditorSession>[2],
): Promise<boolean> {
  return (
    (await hasEditorSession(args.request.headers.get("cookie"), access, store)) ||
    (await operatorMayEdit(args))
  );
}

/**
 * The operator pages (flags, customer pictures) sign in through the editor or the back
 * office, so they exist where the editor does and open with either session.
 */
export async function editorSession(args: EditorArgs) {
  movedToBackOffice(args);
  const { channel, locale, services, access, cms } = editorAccess(args);
  const signedIn = await signedInToEditor(args, access, cms.store);
  return { channel, locale, services, signedIn, brand: CHANNELS[channel].brandName };
}

/** The editor page: the sign-in, or the stories of the locale and the one chosen. */
export async function loadEditor(args: EditorArgs) {
  movedToBackOffice(args);
  const { url } = args;
  const { channel, locale, services, access, cms } = editorAccess(args);
  const brand = CHANNELS[channel].brandName;
  if (!(await signedInToEditor(args, access, cms.store))) {
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

/** Signs in and out, saves a draft or publishes it; only from this host. */
export async function editorAction(args: EditorArgs) {
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
  if (!(await signedInToEditor(args, access, cms.store))) {
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
