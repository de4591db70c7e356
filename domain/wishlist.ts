/**
 * The wishlist's rules: which theme ids it takes and how many themes one owner may keep
 * (its page in each language is domain/wishlistPaths.ts, without zod). Only a channel with the `wishlist` feature has one.
 */
import { z } from "zod";

/** Themes one visitor or customer may keep; saving one more is refused, nothing is dropped. */
export const MAX_WISHLIST_THEMES = 100;

/** A theme id as the catalogue names themes: letters, digits, dashes and underscores. */
export const THEME_ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;

export const wishlistThemeId = z.string().trim().regex(THEME_ID_PATTERN, "a theme id");

/**
 * At log-in, the visitor's saved themes the customer's wishlist takes over: those not on it
 * yet, oldest saved first, as many as fit under the limit.
 */
export function themesToAdopt(customer: readonly string[], visitor: readonly string[]): string[] {
  const kept = new Set(customer);
  const room = Math.max(0, MAX_WISHLIST_THEMES - kept.size);
  return [...new Set(visitor)].filter((id) => !kept.has(id)).slice(0, room);
}
