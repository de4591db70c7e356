/**
 * The cookie-consent state: the visitor's choice in a first-party cookie, and which
 * layer of the consent UI is shown (the banner, or the settings as the second layer).
 */
import { useSyncExternalStore } from "react";
import { DAYS_PER_YEAR, SECONDS_PER_DAY } from "../../domain/constants";
import { splitPath } from "../../domain/paths";
import { pathOf } from "./navigationItems";

export const CONSENT_COOKIE = "shop_consent";
/** The choice is asked again after a year. */
export const CONSENT_MAX_AGE_SECONDS = DAYS_PER_YEAR * SECONDS_PER_DAY;
/** Fired on window with the choice as detail whenever it is saved. */
export const CONSENT_EVENT = "shop:consent";

export const CONSENT_CATEGORIES = ["functional", "analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** Necessary cookies are always on; the others are the visitor's choice. */
export type ConsentChoice = Record<ConsentCategory, boolean>;

export type ConsentLayer = "none" | "banner" | "settings";

/** "v1:f1a0m0" ↔ the choice. */
export function serializeConsent(choice: ConsentChoice): string {
  return `v1:f${Number(choice.functional)}a${Number(choice.analytics)}m${Number(choice.marketing)}`;
}

export function parseConsent(value: string | undefined): ConsentChoice | null {
  const match = /^v1:f([01])a([01])m([01])$/.exec(value ?? "");
  if (!match) return null;
  return { functional: match[1] === "1", analytics: match[2] === "1", marketing: match[3] === "1" };
}

/** The consent cookie's value in a Cookie header or document.cookie. */
export function readConsentCookie(cookies: string): ConsentChoice | null {
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === CONSENT_COOKIE) return parseConsent(decodeURIComponent(value.join("=")));
  }
  return null;
}

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
