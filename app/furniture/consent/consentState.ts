/**
 * The cookie-consent state: the visitor's choice in a first-party cookie, and which
 * layer of the consent UI is shown (the banner, or the settings as the second layer).
 */
import { useSyncExternalStore } from "react";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VALUE,
  serializeConsent,
  type ConsentChoice,
} from "../../../domain/consent";
import { splitPath } from "../../../domain/paths";
import { CONSENT_EVENT } from "../../integrations/ThirdParties";
import { pathOf } from "../navigation/navigationItems";

export type ConsentLayer = "none" | "banner" | "settings";

/**
 * The marker on <html> of a visitor who has made their choice. The server renders the
 * banner into every page of a consent route (a cached page is the same for everyone);
 * a script in the page sets this marker before the banner is painted, and the banner's
 * styles hide it under the marker.
 */
export const CONSENT_GIVEN_CLASS = "consent-given";

/** On the banner's buttons: the choice they store, as the cookie holds it. */
export const CONSENT_CHOICE_ATTRIBUTE = "data-consent-choice";

/** True when the consent banner is injected on a path (not on the excluded legal pages). */
export function isConsentRoute(pathname: string, excludedPaths: readonly string[]): boolean {
  const rest = pathOf(splitPath(pathname).rest);
  return !excludedPaths.some(
    (path) => rest === pathOf(path) || rest.startsWith(`${pathOf(path)}/`),
  );
}

/** "initial" until the page has looked at the visitor's cookie: the banner where it applies. */
let layer: ConsentLayer | "initial" = "initial";
const listeners = new Set<() => void>();

export function setConsentLayer(next: ConsentLayer): void {
  if (layer === next) return;
  layer = next;
  for (const listener of listeners) listener();
}

/** Marks a button that opens the consent settings, wherever it is rendered. */
export const CONSENT_SETTINGS_ATTRIBUTE = "data-consent-settings";

/** Opens the consent settings (the second layer), e.g. from a footer link. */
export function openConsentSettings(): void {
  setConsentLayer("settings");
}

/** Stores the choice for a year, tells listeners and closes the consent UI. */
export function saveConsent(choice: ConsentChoice): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(choice))}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }));
  setConsentLayer("none");
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentLayer(): ConsentLayer | "initial" {
  return useSyncExternalStore(
    subscribe,
    () => layer,
    () => "initial" as const,
  );
}

/**
 * The script that runs where the banner is parsed: a visitor with a stored choice gets
 * the consent-given marker at once, so the banner never shows for them. Until the page
 * has hydrated, it also answers the banner's two choice buttons itself (the cookie, the
 * marker), so a shopper's early tap is not lost, and marks the tap handled, so the
 * scripts' starter (shell/startScripts.ts) does not click it again once the page has
 * hydrated; after that the banner's own code answers.
 */
export function consentScript(): string {
  const cookie = JSON.stringify(`${CONSENT_COOKIE}=`);
  const given = JSON.stringify(CONSENT_GIVEN_CLASS);
  const attribute = JSON.stringify(CONSENT_CHOICE_ATTRIBUTE);
  return (
    `(function(){var h=document.documentElement;` +
    `try{if(document.cookie.split(";").some(function(c){c=c.trim();return c.indexOf(${cookie})===0&&${String(CONSENT_VALUE)}.test(decodeURIComponent(c.slice(${cookie}.length)))}))h.classList.add(${given})}catch(e){}` +
    `document.addEventListener("click",function(e){if(h.dataset.hydrated)return;` +
    `var b=e.target.closest&&e.target.closest("["+${attribute}+"]");if(!b)return;` +
    `document.cookie=${cookie}+encodeURIComponent(b.getAttribute(${attribute}))+"; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"");` +
    `h.classList.add(${given});e.preventDefault()},true)})()`
  );
}
