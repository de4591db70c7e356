/**
 * The content editor's page work on the server: the embedded space, the locale's stories,
 * saving and publishing (audited). Who may open the editor's pages is the back office's
 * log-in and role, checked by the routes.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { MarkupRefusedError } from "../../cms/publishCheck";
import { CHANNELS } from "../../config/channels";
import { isStoryContent } from "../../domain/content";
import { isLanguage } from "../../domain/locales";
import { shopContext } from "../context";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";
import { editorFolders, editorJson, previewPath } from "./content-editor.server";

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
 * The pages moved into the back office: a visit of the old path (/_editor, /_flags,
 * /_pictures, with its language prefix and query) goes to the new one for good. Form posts
 * to the old paths are still answered where they are (with the back office's checks), so
 * no sent form is lost.
 */
export function movedToBackOffice({ request, url }: Pick<EditorArgs, "request" | "url">): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const moved = /^(\/[a-z]{2})?\/_(editor|flags|pictures)$/.exec(url.pathname);
  if (!moved) return;
  const page = moved[2] === "editor" ? "content" : moved[2];
  throw redirect(`${moved[1] ?? ""}/_admin/${page}${url.search}`, 301);
}

/**
 * What the editor's pages (content, flags, customer pictures) share before the back
 * office's log-in is asked: an old path's visit goes on to the new one, a language prefix
 * that is none is not found; then the host's channel, locale and brand. Who may open the
 * page is the route's to check (the back-office session and its role) before anything
 * is read or changed.
 */
export function editorPage(args: EditorArgs) {
  movedToBackOffice(args);
  const { url, params, context } = args;
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  const { channel, locale } = context.get(localeContext);
  const { services } = context.get(shopContext);
  return { channel, locale, services, brand: CHANNELS[channel].brandName };
}

/**
 * The content editor edits the embedded content space and previews with its preview token
 * (the signed preview address, never a log-in); a shop reading another content service
 * edits its content there, and this page does not exist.
 */
function editorSpace(args: EditorArgs) {
  const page = editorPage(args);
  const access = page.services.content.previewAccessFor(page.channel);
  const { cms } = page.services;
  if (!access || !cms) notFound(args.url.pathname);
  return { ...page, access, cms };
}

/**
 * The editor page (the route has checked the operator's session and role): the stories
 * of the locale and the one chosen, with its signed preview address.
 */
export async function loadEditor(args: EditorArgs) {
  const { url } = args;
  const { channel, locale, brand, services, access, cms } = editorSpace(args);
  const stories = (
    await Promise.all(editorFolders(locale).map((f) => cms.editorStories(channel, f)))
  ).flat();
  const wanted = Number(url.searchParams.get("story"));
  const story = stories.some((s) => s.id === wanted)
    ? await cms.editorStory(channel, wanted)
    : null;
  return {
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

/** Who changes content, as the audit log names them. */
export interface EditorActor {
  id: number;
  email: string;
}

/**
 * Saves a draft or publishes it (the route has checked the operator's session, role and
 * the form's CSRF token); each change is written to the audit log with who made it.
 */
export async function editorAction(args: EditorArgs, form: FormData, actor: EditorActor) {
  const { channel, locale, services, cms } = editorSpace(args);
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
  const audit = (action: "content.save" | "content.publish") =>
    services.admin.operators.audit(actor, action, `story:${story.id}`, {
      channel,
      slug: story.fullSlug,
    });
  const published = edit.data.intent === "publish";
  if (published) {
    try {
      await cms.publish(channel, story.id);
    } catch (error) {
      if (!isMarkupRefusal(error)) throw error;
      // Texts with markup a page would show as written: the draft is saved, not published.
      await audit("content.save");
      const fields = Object.keys(error.errors);
      return data({ error: "markupInText" as const, fields }, { status: 422 });
    }
  }
  await audit(published ? "content.publish" : "content.save");
  return { done: published ? ("published" as const) : ("saved" as const) };
}

/** A publish the content system refused for markup in the story's texts (it names the fields). */
function isMarkupRefusal(error: unknown): error is MarkupRefusedError {
  return error instanceof Error && error.name === "MarkupRefusedError" && "errors" in error;
}
