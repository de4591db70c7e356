import { useLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { CHANNELS } from "../../config/channels";
import { accountAction, accountLoader, type AccountLoaderData } from "../account/account.server";
import {
  LogInPage,
  OverviewPage,
  PasswordPage,
  SignUpPage,
  VerifyPage,
} from "../account/AccountForms";
import {
  ChangePasswordPage,
  DeleteAccountPage,
  NewsletterPage,
  PersonalDataPage,
} from "../account/AccountSettings";
import { OrdersPage } from "../account/AccountOrders";
import { serverT } from "../i18n/messages.server";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import "../account/account.css";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

const TITLES = {
  "log-in": "account.logInTitle",
  "sign-up": "account.signUpTitle",
  verify: "account.verifyTitle",
  password: "account.passwordTitle",
  overview: "account.overviewTitle",
  "personal-data": "account.personalTitle",
  "change-password": "account.changePasswordTitle",
  newsletter: "account.newsletterTitle",
  "delete-account": "account.deleteTitle",
  orders: "order.history",
} as const;

/**
 * The account pages (log-in, sign-up, confirmation, password reset, overview, and the
 * overview's personal data, password change, newsletter and deletion) in every language.
 */
async function pageLoader(args: Route.LoaderArgs) {
  const response = await accountLoader({ ...args, params: { page: args.params.page } });
  const { locale, channel } = args.context.get(localeContext);
  const page = response.data;
  const key =
    page.page === "delete-account" && page.deleted ? "account.deletedTitle" : TITLES[page.page];
  const title = pageTitle(serverT(locale)(key), CHANNELS[channel].brandName);
  return { ...response.data, title };
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export function action(args: Route.ActionArgs) {
  return accountAction({ ...args, params: { page: args.params.page } });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Account() {
  const data = useLoaderData<typeof loader>() as AccountLoaderData & { title: string };
  return (
    <section className="page-section account">
      {data.page === "log-in" ? <LogInPage /> : null}
      {data.page === "sign-up" ? <SignUpPage /> : null}
      {data.page === "verify" ? <VerifyPage signUp={data.failed ? null : data} /> : null}
      {data.page === "password" ? <PasswordPage token={data.token} /> : null}
      {data.page === "overview" ? <OverviewPage customer={data.customer} /> : null}
      {data.page === "personal-data" ? <PersonalDataPage customer={data.customer} /> : null}
      {data.page === "orders" ? <OrdersPage orders={data.orders} /> : null}
      {data.page === "change-password" ? (
        <ChangePasswordPage hasPassword={data.hasPassword} done={data.done} />
      ) : null}
      {data.page === "newsletter" ? (
        <NewsletterPage email={data.email} subscription={data.subscription} />
      ) : null}
      {data.page === "delete-account" ? (
        data.deleted ? (
          <DeleteAccountPage deleted />
        ) : (
          <DeleteAccountPage deleted={false} hasPassword={data.hasPassword} />
        )
      ) : null}
    </section>
  );
}
