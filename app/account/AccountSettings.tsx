/**
 * The pages a signed-in customer keeps their account with, all reached from the overview:
 * personal data (the name), a new password, the newsletter of the brand, and deleting the
 * account. Plain forms that post to the page itself, like the other account pages, so
 * they work without JavaScript.
 */
import { useEffect, useId } from "react";
import { Form } from "react-router";
import type { AccountCustomer } from "./account.server";
import type { SubscriptionStatus } from "../../server/customers/newsletter";
import { accountPath, type AccountPage } from "../../domain/accountPaths";
import { ANONYMOUS_CUSTOMER } from "../../domain/customerData";
import { useT } from "../i18n/i18n";
import { currentCustomer, resetCustomer, setCustomer } from "../lib/customer";
import { useRootData } from "../lib/rootData";
import { LocaleLink } from "../ui/LocaleLink";
import { Field } from "./Field";
import { FormMessage, useAnswer, useLanguage } from "./formParts";

/** The overview's links to the pages below, each named by the page's title. */
const SETTINGS: ReadonlyArray<[AccountPage, string]> = [
  ["orders", "order.history"],
  ["personal-data", "account.personalTitle"],
  ["change-password", "account.changePasswordTitle"],
  ["newsletter", "account.newsletterTitle"],
  ["delete-account", "account.deleteTitle"],
];

export function AccountLinks() {
  const t = useT();
  const language = useLanguage();
  const heading = useId();
  return (
    <nav className="account-links" aria-labelledby={heading}>
      <h2 id={heading}>{t("account.manage")}</h2>
      <ul>
        {SETTINGS.map(([page, title]) => (
          <li key={page}>
            <LocaleLink to={accountPath(language, page)}>{t(title)}</LocaleLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function BackToOverview() {
  const t = useT();
  const language = useLanguage();
  return (
    <p>
      <LocaleLink to={accountPath(language, "overview")}>{t("account.backToOverview")}</LocaleLink>
    </p>
  );
}

/** What a page says after its change was made, announced without moving the focus. */
function Done({ children }: { children: string }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

/** An account that signs in with Google only has no password to confirm with yet. */
function NoPassword() {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <p className="notice">{t("account.noPassword")}</p>
      <p>
        <LocaleLink to={accountPath(language, "password")}>
          {t("account.setPasswordLink")}
        </LocaleLink>
      </p>
    </>
  );
}

export function PersonalDataPage({ customer }: { customer: AccountCustomer }) {
  const t = useT();
  const { answer, busy } = useAnswer();
  // The header shows the name: it follows a change at once.
  useEffect(() => {
    const known = currentCustomer();
    setCustomer({
      ...(known.isLoggedIn ? known : ANONYMOUS_CUSTOMER),
      firstName: customer.firstName,
      lastName: customer.lastName,
      fullName: `${customer.firstName} ${customer.lastName}`.trim(),
      isLoggedIn: true,
      number: customer.number,
    });
  }, [customer]);
  return (
    <>
      <h1>{t("account.personalTitle")}</h1>
      <p>{t("account.personalIntro")}</p>
      <Form method="post" className="account-form" noValidate>
        {answer?.done ? <Done>{t("account.personalDone")}</Done> : <FormMessage answer={answer} />}
        <Field
          name="firstName"
          label={t("account.firstName")}
          autoComplete="given-name"
          defaultValue={answer?.values?.firstName ?? customer.firstName}
          error={answer?.errors?.firstName}
        />
        <Field
          name="lastName"
          label={t("account.lastName")}
          autoComplete="family-name"
          defaultValue={answer?.values?.lastName ?? customer.lastName}
          error={answer?.errors?.lastName}
        />
        <button type="submit" className="button" disabled={busy}>
          {t("account.save")}
        </button>
      </Form>
      <BackToOverview />
    </>
  );
}

export function ChangePasswordPage({ hasPassword, done }: { hasPassword: boolean; done: boolean }) {
  const t = useT();
  const { answer, busy } = useAnswer();
  return (
    <>
      <h1>{t("account.changePasswordTitle")}</h1>
      {/* The page is reached with the note right after the change; a new try hides it. */}
      {done && !answer ? <Done>{t("account.changePasswordDone")}</Done> : null}
      {hasPassword ? (
        <>
          <p>{t("account.changePasswordIntro")}</p>
          <Form method="post" className="account-form" noValidate>
            <FormMessage answer={answer} />
            <Field
              name="currentPassword"
              type="password"
              label={t("account.currentPassword")}
              autoComplete="current-password"
              error={answer?.errors?.currentPassword}
            />
            <Field
              name="newPassword"
              type="password"
              label={t("account.newPassword")}
              autoComplete="new-password"
              hint={t("account.passwordHint")}
              error={answer?.errors?.newPassword}
            />
            <button type="submit" className="button" disabled={busy}>
              {t("account.changePassword")}
            </button>
          </Form>
        </>
      ) : (
        <NoPassword />
      )}
      <BackToOverview />
    </>
  );
}

const NEWSLETTER_STATE = {
  confirmed: "account.newsletterConfirmed",
  pending: "account.newsletterPending",
  none: "account.newsletterNone",
} as const;

export function NewsletterPage({
  email,
  subscription,
}: {
  email: string;
  subscription: SubscriptionStatus;
}) {
  const t = useT();
  const brand = useRootData()?.brand.name ?? "";
  const { answer, busy } = useAnswer();
  return (
    <>
      <h1>{t("account.newsletterTitle")}</h1>
      {answer?.done && answer.message ? <Done>{answer.message}</Done> : null}
      <p>{t(NEWSLETTER_STATE[subscription], { brand, email })}</p>
      <Form method="post" className="account-form">
        {answer?.done ? null : <FormMessage answer={answer} />}
        {subscription === "confirmed" ? null : (
          <button type="submit" name="intent" value="subscribe" className="button" disabled={busy}>
            {t("account.newsletterSubscribe")}
          </button>
        )}
        {subscription === "none" ? null : (
          <button
            type="submit"
            name="intent"
            value="unsubscribe"
            className="button account-form__secondary"
            disabled={busy}
          >
            {t("account.newsletterUnsubscribe")}
          </button>
        )}
      </Form>
      <BackToOverview />
    </>
  );
}

export function DeleteAccountPage(
  props: { deleted: true } | { deleted: false; hasPassword: boolean },
) {
  const t = useT();
  const brand = useRootData()?.brand.name ?? "";
  const { answer, busy } = useAnswer();
  // The account is gone: the header forgets the customer too.
  useEffect(() => {
    if (props.deleted) resetCustomer();
  }, [props.deleted]);
  if (props.deleted) {
    return (
      <>
        <h1>{t("account.deletedTitle")}</h1>
        <Done>{t("account.deleted", { brand })}</Done>
        <p>
          <LocaleLink to="/">{t("account.toHome")}</LocaleLink>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{t("account.deleteTitle")}</h1>
      <p>{t("account.deleteIntro", { brand })}</p>
      {props.hasPassword ? (
        <Form method="post" className="account-form" noValidate>
          <FormMessage answer={answer} />
          <Field
            name="password"
            type="password"
            label={t("account.password")}
            autoComplete="current-password"
            hint={t("account.deleteHint")}
            error={answer?.errors?.password}
          />
          <button type="submit" className="button" disabled={busy}>
            {t("account.deleteConfirm")}
          </button>
        </Form>
      ) : (
        <NoPassword />
      )}
      <BackToOverview />
    </>
  );
}
