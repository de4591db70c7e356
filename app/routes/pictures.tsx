/**
 * The editors' review of customer pictures (/_admin/pictures, once /_pictures): the photos
 * customers of the brand handed in, oldest first, each approved (it shows in the galleries
 * from then on) or refused (it is deleted). It opens with the back office's log-in for a
 * role that reviews pictures; every decision is in the audit log.
 */
import { Form, Link, data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/pictures";
import { CACHE_TIERS } from "../../config/cache";
import { useT } from "../i18n/i18n";
import { requireOperator, requireOperatorForm } from "../admin/admin.server";
import { editorPage } from "../editor/editor.server";
import "./editor.css";

const decision = z.object({
  intent: z.enum(["approve", "refuse"]),
  id: z.coerce.number().int().positive(),
});

export async function loader(args: Route.LoaderArgs) {
  const { channel, locale, services, brand } = editorPage(args);
  const { me } = await requireOperator(args, "pictures.review");
  const pending = await services.customerPictures.pending(channel);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return {
    brand,
    csrf: me.csrf,
    mayEditContent: me.permissions.includes("content.edit"),
    pending: pending.map((picture) => ({
      id: picture.id,
      name: picture.name,
      caption: picture.caption,
      product: picture.product,
      date: date.format(picture.createdAt),
      // Not shown anywhere else yet, so the page carries the tile itself.
      src: `data:image/jpeg;base64,${picture.small.toString("base64")}`,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { channel, services } = editorPage(args);
  const { form, actor } = await requireOperatorForm(args, "pictures.review");
  const read = decision.safeParse(Object.fromEntries(form));
  if (!read.success) return data({ done: null }, { status: 400 });
  const { intent, id } = read.data;
  const done =
    intent === "approve"
      ? await services.customerPictures.approve(channel, id)
      : await services.customerPictures.refuse(channel, id);
  if (!done) return data({ done: null }, { status: 404 });
  await services.admin.operators.audit(actor, `picture.${intent}`, `picture:${id}`, { channel });
  return { done: intent };
}

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Customer photos | ${loaderData?.brand ?? ""}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function PicturesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="pictures-page" id="main">
      <h1>{t("editor.picturesTitle")}</h1>
      <p>{t("editor.picturesIntro")}</p>
      <p role="status">
        {actionData?.done === "approve"
          ? t("editor.approved")
          : actionData?.done === "refuse"
            ? t("editor.refused")
            : ""}
      </p>
      {loaderData.pending.length === 0 ? (
        <p>{t("editor.picturesNone")}</p>
      ) : (
        <ul className="pictures-page__list">
          {loaderData.pending.map((picture) => (
            <li key={picture.id}>
              <figure>
                <img src={picture.src} alt={picture.caption || picture.name} />
                <figcaption>
                  {picture.caption ? <strong>{picture.caption}</strong> : null}
                  <span>{t("editor.from", { name: picture.name, date: picture.date })}</span>
                  {picture.product ? <code>{picture.product}</code> : null}
                </figcaption>
              </figure>
              <Form method="post" className="pictures-page__actions">
                <input type="hidden" name="csrf" value={loaderData.csrf} />
                <input type="hidden" name="id" value={picture.id} />
                <button
                  className="button"
                  name="intent"
                  value="approve"
                  aria-label={`${t("editor.approve")}: ${picture.caption || picture.name}`}
                >
                  {t("editor.approve")}
                </button>
                <button
                  className="button button--secondary"
                  name="intent"
                  value="refuse"
                  aria-label={`${t("editor.refuse")}: ${picture.caption || picture.name}`}
                >
                  {t("editor.refuse")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <p>
        {loaderData.mayEditContent ? (
          <Link to="/_admin/content">{t("editor.backToEditor")}</Link>
        ) : (
          <Link to="/_admin" reloadDocument>
            {t("editor.backOffice")}
          </Link>
        )}
      </p>
    </main>
  );
}
