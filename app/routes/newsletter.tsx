import { Form, data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/newsletter";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { newsletterPageFor } from "../../domain/newsletterPaths";
import { shopContext } from "../context";
import { useT } from "../i18n/i18n";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { LocaleLink } from "../ui/LocaleLink";
import { requestForm } from "../lib/forms.server";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function pageOf(context: Route.LoaderArgs["context"], url: URL, word: string | undefined) {
  const { rest, unknownPrefix } = context.get(localeContext);
  const page = newsletterPageFor(rest.split("/")[1] ?? "", word);
  if (unknownPrefix || page === null) notFound(url.pathname);
  return page;
}

/**
 * The pages the newsletter mails link to. Following the link shows a button; only the
 * button confirms or unsubscribes, so mail scanners that open every link change nothing.
 */
function pageLoader({ context, url, params }: Route.LoaderArgs) {
  const page = pageOf(context, url, params.page);
  const { locale, channel } = context.get(localeContext);
  const t = serverT(locale);
  const token = url.searchParams.get("token") ?? "";
  return {
    page,
    token: TOKEN.test(token) ? token : null,
    title: pageTitle(
      t(page === "confirm" ? "newsletter.confirmTitle" : "newsletter.unsubscribeTitle"),
      CHANNELS[channel].brandName,
    ),
  };
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export async function action({ context, url, params, request }: Route.ActionArgs) {
  const page = pageOf(context, url, params.page);
  const token = String((await requestForm(request)).get("token") ?? "");
  const { newsletter } = context.get(shopContext).services.customers;
  const ok =
    TOKEN.test(token) &&
    (page === "confirm" ? await newsletter.confirm(token) : await newsletter.unsubscribe(token));
  return data({ ok }, { status: ok ? 200 : 400, headers: { "Cache-Control": CACHE_TIERS.never } });
}

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function NewsletterPage() {
  const { page, token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  const confirm = page === "confirm";
  const done = answer?.ok === true;
  return (
    <section className="page-section account">
      <h1>{t(confirm ? "newsletter.confirmTitle" : "newsletter.unsubscribeTitle")}</h1>
      {done ? (
        <p className="notice" role="status">
          {t(confirm ? "newsletter.confirmed" : "newsletter.unsubscribed")}
        </p>
      ) : token && answer?.ok !== false ? (
        <>
          <p>{t(confirm ? "newsletter.confirmIntro" : "newsletter.unsubscribeIntro")}</p>
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="button">
              {t(confirm ? "newsletter.confirm" : "newsletter.unsubscribe")}
            </button>
          </Form>
        </>
      ) : (
        <p className="notice" role="alert">
          {t("newsletter.invalidLink")}
        </p>
      )}
      <p>
        <LocaleLink to="/">{t("newsletter.toShop")}</LocaleLink>
      </p>
    </section>
  );
}
