/**
 * The LogIn dialog's content (loaded when the dialog first opens): e-mail and password,
 * posted to the customer-login endpoint, and below them Google's button when the shop
 * has a Google client id. A 400 shows the server's message without logging; another
 * answer is logged as log-in-error, and a password log-in that got no answer at all
 * (network, timeout, a fault in the page) as password-log-in.
 */
import { useState } from "react";
import { accountPath } from "../../../domain/accountPaths";
import { useRootData } from "~/lib/rootData";
import { useT } from "~/i18n/i18n";
import type { Customer } from "../../../domain/customerData";
import { setCustomer } from "~/lib/customer";
import { logError } from "~/lib/log";
import { HttpError, shopRequest } from "./request";
import { Dialog } from "~/ui/Dialog";
import { closeDialog } from "~/ui/dialogState";
import { LocaleLink } from "~/ui/LocaleLink";
import { GoogleSignIn } from "./GoogleSignIn";
import { serverMessage } from "./serverMessage";

/** The customer-login endpoint. */
export const CUSTOMER_LOGIN_URL = "/web-api/customer-login";

export default function LogInDialog() {
  const t = useT();
  const root = useRootData();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <Dialog type="LogIn" title={t("furniture.logIn.title")}>
      <p>{t("furniture.logIn.intro")}</p>
      <form
        className="login-form"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!root || sending) return;
          const form = new FormData(event.currentTarget);
          setSending(true);
          setError(null);
          try {
            const customer = await shopRequest<Customer>(
              fetch,
              CUSTOMER_LOGIN_URL,
              { channel: root.channel, country: root.country, locale: root.locale },
              {
                json: {
                  email: String(form.get("email") ?? ""),
                  password: String(form.get("password") ?? ""),
                },
                credentials: "include",
              },
            );
            setCustomer({ ...customer, isLoggedIn: true });
            closeDialog("LogIn");
          } catch (failure) {
            // A 400 is the customer's mistake: its message is shown, nothing is logged.
            // Any other answer is logged; a throttled log-in (429) still says why. A log-in
            // that got no answer from the shop is logged apart.
            const status = failure instanceof HttpError ? failure.status : 0;
            const message =
              status === 400 || status === 429 ? serverMessage((failure as HttpError).body) : null;
            if (status === 0) logError("password-log-in", failure);
            else if (status !== 400) logError("log-in-error", failure);
            setError(message ?? t("furniture.logIn.failed"));
          } finally {
            setSending(false);
          }
        }}
      >
        <label>
          <span>{t("furniture.logIn.email")}</span>
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          <span>{t("furniture.logIn.password")}</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error ? (
          <p className="login-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={sending}>
          {t("furniture.logIn.submit")}
        </button>
      </form>
      <GoogleSignIn onSignedIn={() => closeDialog("LogIn")} />
      {root ? (
        <>
          <p className="login-form__signup">
            <LocaleLink
              to={accountPath(root.language, "password")}
              onClick={() => closeDialog("LogIn")}
            >
              {t("account.forgot")}
            </LocaleLink>
          </p>
          <p className="login-form__signup">
            {t("furniture.logIn.noAccount")}{" "}
            <LocaleLink
              to={accountPath(root.language, "sign-up")}
              onClick={() => closeDialog("LogIn")}
            >
              {t("furniture.logIn.signUp")}
            </LocaleLink>
          </p>
        </>
      ) : null}
    </Dialog>
  );
}
