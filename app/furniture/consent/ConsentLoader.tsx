import { Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { lazyWithReload } from "~/lib/navigation";
import { readConsentCookie } from "../../../domain/consent";
import {
  CONSENT_SETTINGS_ATTRIBUTE,
  isConsentRoute,
  openConsentSettings,
  setConsentLayer,
  useConsentLayer,
} from "./consentState";
import { useSiteConfig } from "../siteConfig";

const ConsentBanner = lazyWithReload(() => import("./ConsentBanner"));

/**
 * The cookie-consent loader: on applicable routes of the web shop, a visitor
 * without a stored choice gets the consent banner (loaded after hydration); the settings
 * layer opens from a footer link anywhere. That link's clicks are taken on the window
 * before anything else sees them: the footer hydrates only when it comes near, and while
 * its code is loading React stops every click inside it from going further (it cannot
 * hand them to a component that is not there yet), so a listener further down the
 * page would never hear the shopper's click.
 */
export function ConsentLoader() {
  const { consent } = useSiteConfig();
  const layer = useConsentLayer();
  const { pathname } = useLocation();
  const applicable = consent !== null && isConsentRoute(pathname, consent.excludedPaths);
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
    if (applicable && readConsentCookie(document.cookie) === null) setConsentLayer("banner");
  }, [applicable]);
  if (!consent || layer === "none") return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner layer={layer} privacyLink={consent.privacyLink} />
    </Suspense>
  );
}
