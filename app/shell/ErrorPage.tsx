import { isRouteErrorResponse } from "react-router";
import { PageBody } from "../blocks/PageBody";
import { useRootData } from "../lib/rootData";
import { useT } from "../i18n/i18n";
import { isRecord } from "../../domain/contentFields";
import type { ErrorStory } from "../furniture/siteConfig";
import { errorStatus } from "./errorStatus";

/** The technical text of an error (shown only with the debug flag). */
export function technicalText(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    if (typeof error.data === "string") return error.data;
    if (isRecord(error.data) && typeof error.data.message === "string") return error.data.message;
    return error.statusText;
  }
  if (error instanceof Error) return `${error.message}\n${error.stack ?? ""}`;
  return undefined;
}

/**
 * The error page's content: the status and a message in the visitor's
 * language, the content of the CMS error story, and the technical text only when the
 * debug flag is on. The site furniture around it comes from the layout.
 */
export function ErrorPage({
  error,
  errorStory = null,
}: {
  error: unknown;
  errorStory?: ErrorStory | null;
}) {
  const t = useT();
  const debug = useRootData()?.debugErrors ?? false;
  const status = errorStatus(error);
  const notFound = status === 404;
  const technical = debug ? technicalText(error) : undefined;
  return (
    <section className="error-page" aria-labelledby="error-title">
      <div className="error-page__intro">
        <p className="error-page__status">{t("error.status", { status })}</p>
        <h1 id="error-title">{t(notFound ? "error.notFoundTitle" : "error.serverTitle")}</h1>
        <p>{t(notFound ? "error.notFoundText" : "error.serverText")}</p>
        <p>
          <a className="button" href="/">
            {t("error.backHome")}
          </a>
        </p>
      </div>
      {errorStory && errorStory.body.length > 0 ? (
        <div className="error-page__story">
          <PageBody body={errorStory.body} />
        </div>
      ) : null}
      {technical ? (
        <details className="error-page__technical">
          <summary>{t("error.technical")}</summary>
          <pre>{technical}</pre>
        </details>
      ) : null}
    </section>
  );
}
