/**
 * "Sign in with Google" below a log-in form: in the LogIn dialog and on the log-in page,
 * and only when the shop has a Google client id (else nothing at all is rendered and no
 * script loads). Google's script loads when the form is shown and draws its button into
 * the container; the ID token it hands over goes to the shop, which checks it, finds,
 * links or opens the account and sets the session cookie, as a password log-in does.
 *
 * A script that does not load is logged as google-not-loaded (the visitor sees a note and
 * can still use the password), a missing container as google-button-not-found.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { accountPath } from "../../../domain/accountPaths";
import type { Customer } from "../../../domain/customerData";
import { useT } from "~/i18n/i18n";
import { setCustomer } from "~/lib/customer";
import { logError } from "~/lib/log";
import { HttpError, shopRequest } from "./request";
import { useRootData, type RootData } from "~/lib/rootData";
import { useLocaleHref } from "~/ui/LocaleLink";
import { GOOGLE_CREDENTIALS_URL, GoogleButtonError, renderGoogleButton } from "./googleSignIn";
import { serverMessage } from "./serverMessage";
import "./googleSignIn.css";

type Status = "loading" | "ready" | "failed";

/**
 * Google's button, when configured. After a Google log-in `onSignedIn` runs (the dialog
 * closes); without it the visitor goes on to the account overview (the log-in page).
 */
export function GoogleSignIn({ onSignedIn }: { onSignedIn?: () => void }) {
  const root = useRootData();
  const config = root?.thirdParty.googleSignIn;
  if (!root || !config) return null;
  return (
    <GoogleButton root={root} src={config.src} clientId={config.clientId} onSignedIn={onSignedIn} />
  );
}

function GoogleButton({
  root,
  src,
  clientId,
  onSignedIn,
}: {
  root: RootData;
  src: string;
  clientId: string;
  onSignedIn?: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const overview = useLocaleHref(accountPath(root.language, "overview"))?.href ?? "/";
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>("loading");
  const [error, setError] = useState<string | null>(null);
  const { channel, country, locale } = root;

  const signIn = useEffectEvent(async (credential: string) => {
    setError(null);
    try {
      const customer = await shopRequest<Customer>(
        fetch,
        GOOGLE_CREDENTIALS_URL,
        { channel, country, locale },
        { json: { credential }, credentials: "include" },
      );
      setCustomer({ ...customer, isLoggedIn: true });
      if (onSignedIn) onSignedIn();
      else void navigate(overview);
    } catch (failure) {
      // A refused token (401), too many attempts (429) or Google's keys out of reach (503):
      // the shop's message says why. Only a refused token is the visitor's side; the rest is logged.
      const status = failure instanceof HttpError ? failure.status : 0;
      const message =
        status === 401 || status === 429 || status === 503
          ? serverMessage((failure as HttpError).body)
          : null;
      if (status !== 401) logError("log-in-error", failure, { method: "google" });
      setError(message ?? t("furniture.logIn.failed"));
    }
  });

  useEffect(() => {
    let gone = false;
    renderGoogleButton({
      src,
      clientId,
      locale,
      findContainer: () => container.current,
      onCredential: (credential) => void signIn(credential),
    })
      .then(() => {
        if (!gone) setStatus("ready");
      })
      .catch((failure: unknown) => {
        // Closed before the script had run: nothing went wrong.
        if (gone) return;
        if (failure instanceof GoogleButtonError) logError(failure.reason, failure.cause);
        else logError("google-not-loaded", failure);
        setStatus("failed");
      });
    return () => {
      gone = true;
    };
  }, [src, clientId, locale]);

  return (
    <div className="google-sign-in" data-status={status}>
      {status === "ready" ? <p className="google-sign-in__or">{t("furniture.logIn.or")}</p> : null}
      <div ref={container} className="google-sign-in__button" data-google-button="" />
      {status === "failed" ? (
        <p className="google-sign-in__note">{t("furniture.logIn.googleUnavailable")}</p>
      ) : null}
      {error ? (
        <p className="google-sign-in__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
