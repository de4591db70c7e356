/**
 * The content editor (/_admin/content, once /_editor): the locale's stories, one edited as
 * JSON with a live preview, saved as a draft or published. It opens with the back office's
 * log-in for a role that edits content (second factor where the role needs one); every
 * save and publish is in the audit log.
 */
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/editor";
import { useT } from "../i18n/i18n";
import { CACHE_TIERS } from "../../config/cache";
import { requireOperator, requireOperatorForm } from "../admin/admin.server";
import { editorAction, editorPage, loadEditor } from "../editor/editor.server";
import { StoryEditor } from "../editor/StoryEditor";
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
