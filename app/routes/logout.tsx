import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/logout";
import { CACHE_TIERS } from "../../config/cache";
import { logoutAction, logoutLoader } from "../account/logout.server";
import { useT } from "../i18n/i18n";
import { resetCustomer } from "../lib/customer";
import "../account/account.css";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

/** /logout and its words in every language: a button that logs out, then the home page. */
function pageLoader({ context, request, url }: Route.LoaderArgs) {
  return logoutLoader({ context, request, url });
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export function action({ context, request }: Route.ActionArgs) {
  return logoutAction({ context, request });
}

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Logout() {
  useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="page-section account">
      <h1>{t("account.logOut")}</h1>
      <p>{t("account.logOutQuestion")}</p>
      <Form method="post" reloadDocument onSubmit={() => resetCustomer()}>
        <button type="submit" className="button">
          {t("account.logOut")}
        </button>
      </Form>
    </section>
  );
}
