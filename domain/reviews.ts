/**
 * The shop's own reviews page: which page of the list a review is on, the anchor a link to
 * one review jumps to, and the page number a visitor may ask for. The footer's review block
 * links each review to its anchor here whenever no review provider is configured.
 */
import { z } from "zod";
import { isRecord } from "./contentFields";
import { REVIEWS_PATHS } from "./reviewPaths";
import type { Language } from "./locales";

export { REVIEWS_PATHS };

/** Reviews shown on one page of the list. */
export const REVIEWS_PER_PAGE = 10;

/** The highest page number read from an address (a longer number is no page of ours). */
const MAX_PAGE_DIGITS = 4;

/** Pages of a list of this many reviews (an empty list still has its first page). */
export function reviewsPageCount(total: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / REVIEWS_PER_PAGE));
}

/** The page (from 1) that shows the review at this position (from 0) of the list. */
export function reviewPageOf(index: number): number {
  return Math.floor(Math.max(0, index) / REVIEWS_PER_PAGE) + 1;
}

/** The reviews one page shows, in the list's order. */
export function reviewsOnPage<T>(reviews: readonly T[], page: number): T[] {
  const start = (page - 1) * REVIEWS_PER_PAGE;
  return reviews.slice(start, start + REVIEWS_PER_PAGE);
}

/** The page number in `?page=`: none is the first page; anything but 1, 2, 3 … is none of ours. */
const pageParam = z.union([
  z.null().transform(() => 1),
  z
    .string()
    .regex(new RegExp(`^[1-9]\\d{0,${MAX_PAGE_DIGITS - 1}}$`))
    .transform(Number),
]);

/** The asked page number, or null when the parameter names no page. */
export function readReviewsPage(value: string | null): number | null {
  const parsed = pageParam.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The HTML id of a review on the page: "review-" and the review's id, with every character
 * an address fragment would have to escape replaced by "-".
 */
export function reviewAnchor(id: string): string {
  return `review-${id.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 80)}`;
}

/**
 * The anchors of a list of review ids, each once: a second review whose id reads the same
 * gets its position added, so every link lands on its own review.
 */
export function reviewAnchors(ids: readonly string[]): string[] {
  const taken = new Set<string>();
  return ids.map((id, i) => {
    let anchor = reviewAnchor(id);
    if (taken.has(anchor)) anchor = `${anchor}-${i + 1}`;
    taken.add(anchor);
    return anchor;
  });
}

/** The reviews page's path in a language (before its prefix and trailing slash). */
export function reviewsPath(language: Language): string {
  return REVIEWS_PATHS[language];
}

/**
 * The link to a page of the list, optionally to one review on it: the first page has no
 * `?page=`, so the page has one address.
 */
export function reviewsPageLink(path: string, page: number, anchor?: string): string {
  return `${path}${page > 1 ? `?page=${page}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/** The link to a review at a review provider: the provider's base link plus the review id. */
export function reviewLink(base: string, id: string): string | null {
  return base ? `${base}${encodeURIComponent(id)}` : null;
}

/** A record, or the first record of a one-block list (content nests single blocks in lists). */
function record(value: unknown): Record<string, unknown> | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isRecord(first) ? first : null;
}

/**
 * True when a GlobalConfig story's review block holds a review the shop shows: one with a
 * rating above 0 and a title or a text (the footer's reader drops the others). Without one
 * the shop has no reviews page, and the sitemap names none.
 */
export function configHasReviews(content: unknown): boolean {
  const block = record(record(record(content)?.footer)?.customerOpinions);
  const reviews = record(block?.reviews)?.reviews;
  if (!Array.isArray(reviews)) return false;
  return reviews.some((entry) => {
    const review = record(entry);
    const stars = Number(review?.stars);
    const said = [review?.title, review?.text].some((v) => typeof v === "string" && v.trim());
    return Number.isFinite(stars) && stars > 0 && said;
  });
}
