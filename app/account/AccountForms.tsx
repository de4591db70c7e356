/**
 * The account pages: log-in, sign-up, address confirmation, password reset and the
 * overview (which leads to the pages of AccountSettings.tsx). Plain forms that post to
 * the page itself, so they work without JavaScript; with it, React Router submits them
 * without a reload.
 */
import { useEffect } from "react";
import { Form } from "react-router";
import type { AccountCustomer } from "./account.server";
import { accountPath } from "../../domain/accountPaths";
import { useT } from "../i18n/i18n";
import { ANONYMOUS_CUSTOMER } from "../../domain/customerData";
import { resetCustomer, setCustomer } from "../lib/customer";
import { LocaleLink } from "../ui/LocaleLink";
import { GoogleSignIn } from "../furniture/dialogs/GoogleSignIn";
import { AccountLinks } from "./AccountSettings";
import { Field } from "./Field";
import { FormMessage, useAnswer, useLanguage } from "./formParts";

export function LogInPage() {
  const t = useT();
  const language = useLanguage();
  const { answer, busy } = useAnswer();
  return (
    <>
      <h1>{t("account.logInTitle")}</h1>
      <p>{t("account.logInIntro")}</p>
      <Form method="post" className="account-form" noValidate>
        <FormMessage answer={answer} />
        <Field
          name="email"
          type="email"
          label={t("account.email")}
          autoComplete="email"
          defaultValue={answer?.values?.email}
          error={answer?.errors?.email}
        />
        <Field
          name="password"
          type="password"
          label={t("account.password")}
          autoComplete="current-password"
          error={answer?.errors?.password}
        />
        <button type="submit" className="button" disabled={busy}>
          {t("account.logIn")}
        </button>
      </Form>
      <GoogleSignIn />
      <p>
        <LocaleLink to={accountPath(language, "password")}>{t("account.forgot")}</LocaleLink>
      </p>
      <p>
        {t("account.noAccount")}{" "}
        <LocaleLink to={accountPath(language, "sign-up")}>{t("account.signUp")}</LocaleLink>
      </p>
    </>
  );
}

export function SignUpPage() {
  const t = useT();
  const language = useLanguage();
  const { answer, busy } = useAnswer();
  if (answer?.done) {
    return (
      <>
        <h1>{t("account.signUpTitle")}</h1>
        <p className="notice" role="status">
          {t("account.signUpDone")}
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{t("account.signUpTitle")}</h1>
      <p>{t("account.signUpIntro")}</p>
      <Form method="post" className="account-form" noValidate>
        <FormMessage answer={answer} />
        <Field
          name="firstName"
          label={t("account.firstName")}
          autoComplete="given-name"
          defaultValue={answer?.values?.firstName}
          error={answer?.errors?.firstName}
        />
        <Field
          name="lastName"
          label={t("account.lastName")}
          autoComplete="family-name"
          defaultValue={answer?.values?.lastName}
          error={answer?.errors?.lastName}
        />
        <Field
          name="email"
          type="email"
          label={t("account.email")}
          autoComplete="email"
          defaultValue={answer?.values?.email}
          error={answer?.errors?.email}
        />
        <Field
          name="password"
          type="password"
          label={t("account.password")}
          autoComplete="new-password"
          hint={t("account.passwordHint")}
          error={answer?.errors?.password}
        />
        <button type="submit" className="button" disabled={busy}>
          {t("account.signUp")}
        </button>
      </Form>
      <p>
        {t("account.haveAccount")}{" "}
        <LocaleLink to={accountPath(language, "log-in")}>{t("account.logIn")}</LocaleLink>
      </p>
    </>
  );
}

/** The sign-up link's page: the password chosen at sign-up opens the account. */
export function VerifyPage({ signUp }: { signUp: { token: string; email: string } | null }) {
  const t = useT();
  const language = useLanguage();
  const { answer, busy } = useAnswer();
  if (!signUp) {
    return (
      <>
        <h1>{t("account.verifyTitle")}</h1>
        <p className="notice">{t("account.verifyFailed")}</p>
        <p>
          <LocaleLink to={accountPath(language, "log-in")}>{t("account.logIn")}</LocaleLink>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{t("account.verifyTitle")}</h1>
      <p>{t("account.verifyIntro")}</p>
      <Form method="post" className="account-form" noValidate>
        <FormMessage answer={answer} />
        <input type="hidden" name="token" value={signUp.token} />
        <p>
          {t("account.email")}: <strong>{signUp.email}</strong>
        </p>
        <Field
          name="password"
          type="password"
          label={t("account.password")}
          autoComplete="current-password"
          error={answer?.errors?.password}
        />
        <button type="submit" className="button" disabled={busy}>
          {t("account.logIn")}
        </button>
      </Form>
    </>
  );
}

export function PasswordPage({ token }: { token: string | null }) {
  const t = useT();
  const { answer, busy } = useAnswer();
  if (answer?.done) {
    return (
      <>
        <h1>{t("account.passwordTitle")}</h1>
        <p className="notice" role="status">
          {t("account.passwordDone")}
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{t("account.passwordTitle")}</h1>
      {token ? null : <p>{t("account.passwordIntro")}</p>}
      <Form method="post" className="account-form" noValidate>
        <FormMessage answer={answer} />
        {token ? (
          <>
            <input type="hidden" name="token" value={token} />
            <Field
              name="password"
              type="password"
              label={t("account.newPassword")}
              autoComplete="new-password"
              hint={t("account.passwordHint")}
              error={answer?.errors?.password}
            />
          </>
        ) : (
          <Field
            name="email"
            type="email"
            label={t("account.email")}
            autoComplete="email"
            defaultValue={answer?.values?.email}
            error={answer?.errors?.email}
          />
        )}
        <button type="submit" className="button" disabled={busy}>
          {t(token ? "account.setPassword" : "account.sendLink")}
        </button>
      </Form>
    </>
  );
}

export function OverviewPage({ customer }: { customer: AccountCustomer }) {
  const t = useT();
  const { busy } = useAnswer();
  // The header shows who is signed in: tell it, also after a log-in on a page of its own.
  useEffect(() => {
    setCustomer({
      ...ANONYMOUS_CUSTOMER,
      firstName: customer.firstName,
      lastName: customer.lastName,
      fullName: `${customer.firstName} ${customer.lastName}`.trim(),
      isLoggedIn: true,
      number: customer.number,
    });
  }, [customer]);
  return (
    <>
      <h1>{t("account.overviewTitle")}</h1>
      <p>{t("account.greeting", { name: customer.firstName })}</p>
      <dl className="account-facts">
        <div>
          <dt>{t("account.email")}</dt>
          <dd>{customer.email}</dd>
        </div>
        <div>
          <dt>{t("account.customerNumber")}</dt>
          <dd>{customer.number}</dd>
        </div>
      </dl>
      <AccountLinks />
      <Form method="post" onSubmit={() => resetCustomer()}>
        <button type="submit" className="button account-form__secondary" disabled={busy}>
          {t("account.logOut")}
        </button>
      </Form>
    </>
  );
}
