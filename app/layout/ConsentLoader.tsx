import { Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { lazyWithReload } from "../lib/navigation";
import { readConsentCookie } from "../../domain/consent";
import { isConsentRoute, setConsentLayer, useConsentLayer } from "./consentState";
import { useSiteConfig } from "./siteConfig";

const ConsentBanner = lazyWithReload(() => import("./ConsentBanner"));

/**
 * The cookie-consent loader: on applicable routes of the web shop, a visitor
 * without a stored choice gets the consent banner (loaded after hydration); the settings
 * layer opens from a footer link anywhere.
 */
export function ConsentLoader() {
  const { consent } = useSiteConfig();
  const layer = useConsentLayer();
  const { pathname } = useLocation();
  const applicable = consent !== null && isConsentRoute(pathname, consent.excludedPaths);
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
