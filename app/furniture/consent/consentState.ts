/**
 * The cookie-consent state: the visitor's choice in a first-party cookie, and which
 * layer of the consent UI is shown (the banner, or the settings as the second layer).
 */
import { useSyncExternalStore } from "react";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  serializeConsent,
  type ConsentChoice,
} from "../../../domain/consent";
import { splitPath } from "../../../domain/paths";
import { pathOf } from "../navigation/navigationItems";

/** Fired on window with the choice as detail whenever it is saved. */
export const CONSENT_EVENT = "shop:consent";

export type ConsentLayer = "none" | "banner" | "settings";

/** True when the consent banner is injected on a path (not on the excluded legal pages). */
export function isConsentRoute(pathname: string, excludedPaths: readonly string[]): boolean {
  const rest = pathOf(splitPath(pathname).rest);
  return !excludedPaths.some(
    (path) => rest === pathOf(path) || rest.startsWith(`${pathOf(path)}/`),
  );
}

let layer: ConsentLayer = "none";
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

export function useConsentLayer(): ConsentLayer {
  return useSyncExternalStore(
    subscribe,
    () => layer,
    () => "none" as const,
  );
}
