/**
 * The operator's flag page (/_admin/flags, once /_flags): every flag with what it does, the
 * treatment the asking browser gets, the shared one and what the URL forces, links that
 * force a flag on a page, and the flag file of localhost mode. It only shows: flags are set
 * in the flag file or the flag service, so the page changes nothing. It opens with the back
 * office's log-in for a role that may read flags.
 */
import { Link } from "react-router";
import type { Route } from "./+types/flags";
import { CACHE_TIERS } from "../../config/cache";
import { FLAG_DESCRIPTIONS, FLAG_NAMES, forcedTreatments } from "../../domain/flags";
import { useT } from "../i18n/i18n";
import { requireOperator } from "../admin/admin.server";
import { editorPage } from "../editor/editor.server";
import "./editor.css";

export async function loader(args: Route.LoaderArgs) {
  const { request, url } = args;
  const { channel, services, brand } = editorPage(args);
  await requireOperator(args, "flags.read");
  const { flags } = services;
  const mine = flags.forRequest(request, channel).featureFlags;
  const shared = flags.shared({ channel, mobileDevice: false });
  const { forced } = forcedTreatments(url.searchParams);
  return {
    brand,
    mode: flags.mode,
    readiness: flags.readiness(),
    file: flags.file ?? null,
    definitions: flags.definitions(),
    rows: FLAG_NAMES.map((name) => ({
      name,
      description: FLAG_DESCRIPTIONS[name],
      mine: mine[name] ?? "off",
      shared: shared[name] ?? "off",
      forced: forced[name] ?? null,
    })),
  };
}

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Feature flags | ${loaderData?.brand ?? ""}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function FlagsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { rows, mode, readiness, file, definitions } = loaderData;
  return (
    <main className="flags-page" id="main">
      <h1>{t("flagsPage.title")}</h1>
      <p>
        {mode === "localhost"
          ? t("flagsPage.localhostMode", { file: file ?? "" })
          : t("flagsPage.sdkMode")}{" "}
        {t("flagsPage.readiness", { readiness })}
      </p>
      <table className="flags-page__table">
        <caption>{t("flagsPage.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("flagsPage.flag")}</th>
            <th scope="col">{t("flagsPage.mine")}</th>
            <th scope="col">{t("flagsPage.shared")}</th>
            <th scope="col">{t("flagsPage.force")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <code>{row.name}</code>
                <span className="flags-page__description">{row.description}</span>
              </th>
              <td data-flag-treatment={row.name}>
                {row.mine}
                {row.forced ? ` (${t("flagsPage.forced")})` : ""}
              </td>
              <td>{row.shared}</td>
              <td className="flags-page__force">
                {(["on", "off"] as const).map((value) => (
                  <a
                    key={value}
                    href={`/?${row.name}=${value}`}
                    aria-label={t("flagsPage.forceLabel", { flag: row.name, value })}
                  >
                    {value}
                  </a>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("flagsPage.overrideHelp")}</p>
      {definitions !== null ? (
        <section aria-labelledby="flags-file">
          <h2 id="flags-file">{file}</h2>
          <pre className="flags-page__file" tabIndex={0}>
            {definitions}
          </pre>
        </section>
      ) : null}
      <p>
        <Link to="/_admin" reloadDocument>
          {t("editor.backOffice")}
        </Link>
      </p>
    </main>
  );
}
