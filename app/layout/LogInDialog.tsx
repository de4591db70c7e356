/**
 * The LogIn dialog's content (loaded when the dialog first opens): e-mail and password,
 * posted to the customer-login endpoint. A 400 shows the server's message without
 * logging; other failures are logged as log-in-error.
 */
import { useState } from "react";
import { useRootData } from "../lib/rootData";
import { useT } from "../i18n/i18n";
import { setCustomer, type Customer } from "../lib/customer";
import { logError } from "../lib/log";
import { HttpError, shopRequest } from "../lib/request";
import { Dialog } from "../ui/Dialog";
import { closeDialog } from "../ui/dialogState";
import { FurnitureLink } from "./FurnitureLink";
import { useSiteConfig } from "./siteConfig";

/** The customer-login endpoint. */
export const CUSTOMER_LOGIN_URL = "/web-api/customer-login";

/** The message a 400 answer carries: `message.text`, else null. */
export function serverMessage(body: unknown): string | null {
  const message = (body as { message?: { text?: unknown } } | null)?.message;
  return typeof message?.text === "string" && message.text !== "" ? message.text : null;
}

export default function LogInDialog() {
  const t = useT();
  const root = useRootData();
  const { header } = useSiteConfig();
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
            const message =
              failure instanceof HttpError && failure.status === 400
                ? serverMessage(failure.body)
                : null;
            if (!message) logError("log-in-error", failure);
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
      {header.account ? (
        <p className="login-form__signup">
          {t("furniture.logIn.noAccount")}{" "}
          <FurnitureLink link={header.account} onClick={() => closeDialog("LogIn")}>
            {t("furniture.logIn.signUp")}
          </FurnitureLink>
        </p>
      ) : null}
    </Dialog>
  );
}
