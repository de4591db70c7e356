import { Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { lazyWithReload } from "~/lib/navigation";
import { InlineScript } from "~/lib/inlineScript";
import { readConsentCookie } from "../../../domain/consent";
import {
  CONSENT_SETTINGS_ATTRIBUTE,
  isConsentRoute,
  openConsentSettings,
  setConsentLayer,
  useConsentLayer,
} from "./consentState";
import { useSiteConfig } from "../siteConfig";
// With the page's own styles: the server's banner is styled (or hidden) from the first paint.
import "./consent.css";

const ConsentBanner = lazyWithReload(() => import("./ConsentBanner"));

/** The banner's server HTML as the page arrived (empty on the server). */
const serverBanner =
  typeof document === "undefined"
    ? ""
    : (document.querySelector(".consent-banner")?.outerHTML ?? "");

/**
 * The cookie-consent loader: on applicable routes of the web shop the server renders the
 * consent banner into the page, and a visitor with a stored choice never sees it (see
 * consentScript); the banner's code loads with the page and takes over the server's HTML.
 * The settings layer opens from a footer link anywhere. That link's clicks are taken on
 * the window before anything else sees them: the footer hydrates only when it comes near,
 * and while its code is loading React stops every click inside it from going further (it
 * cannot hand them to a component that is not there yet), so a listener further down the
 * page would never hear the shopper's click.
 */
export function ConsentLoader() {
  const { consent } = useSiteConfig();
  const stored = useConsentLayer();
  const { pathname } = useLocation();
  const applicable = consent !== null && isConsentRoute(pathname, consent.excludedPaths);
  const layer = stored === "initial" ? (applicable ? "banner" : "none") : stored;
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      if (!event.target.closest(`[${CONSENT_SETTINGS_ATTRIBUTE}]`)) return;
      event.preventDefault();
      openConsentSettings();
    };
    window.addEventListener("click", onClick, { capture: true });
    return () => window.removeEventListener("click", onClick, { capture: true });
  }, []);
  useEffect(() => {
    // Only a stored choice (or one made before the page hydrated) changes what the server
    // rendered; the banner of a visitor without one stays exactly as it is.
    if (readConsentCookie(document.cookie) !== null) setConsentLayer("none");
  }, []);
  if (!consent) return null;
  return (
    <>
      <InlineScript text={(scripts) => scripts.consent} />
      {layer === "none" ? null : (
        // Should React render the banner before its code is here, it shows the server's.
        <Suspense fallback={<div dangerouslySetInnerHTML={{ __html: serverBanner }} />}>
          <ConsentBanner layer={layer} privacyLink={consent.privacyLink} />
        </Suspense>
      )}
    </>
  );
}
