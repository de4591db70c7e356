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
 * layer opens from a footer link anywhere. That link's clicks are taken on the document,
 * so a footer whose code is still loading (it hydrates when it comes near) does not
 * lose them.
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
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
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
