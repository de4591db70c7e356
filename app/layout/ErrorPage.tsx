import { useT } from "../i18n/i18n";

/**
 * The error page (spec §2): the status and a human message in the visitor's
 * language; the technical text only when the debug flag is on.
 */
export function ErrorPage({ status, technical }: { status: number; technical?: string }) {
  const t = useT();
  const notFound = status === 404;
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__status">{t("error.status", { status })}</p>
      <h1 id="error-title">{t(notFound ? "error.notFoundTitle" : "error.serverTitle")}</h1>
      <p>{t(notFound ? "error.notFoundText" : "error.serverText")}</p>
      <p>
        <a className="button" href="/">
          {t("error.backHome")}
        </a>
      </p>
      {technical ? (
        <details className="error-page__technical">
          <summary>{t("error.technical")}</summary>
          <pre>{technical}</pre>
        </details>
      ) : null}
    </section>
  );
}
