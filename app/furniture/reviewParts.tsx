/**
 * What the footer's review block and the shop's reviews page show alike: the stars and the
 * rule for a review's text. Apart from both, so the page does not load the footer's carousel.
 */
import { REVIEW_STARS } from "../../domain/constants";
import type { Review } from "./types";

/** Stars 1–5 (halves allowed) as an image with a text alternative (styles in footer/footer.css). */
export function StarRating({ stars, label }: { stars: number; label: string }) {
  const percent = (Math.min(REVIEW_STARS.max, Math.max(0, stars)) / REVIEW_STARS.max) * 100;
  return (
    <span className="stars" role="img" aria-label={label}>
      <span className="stars__fill" style={{ width: `${percent}%` }} />
    </span>
  );
}

/** A review's text is hidden when it only repeats the title. */
export function showsReviewText(review: Pick<Review, "title" | "text">): boolean {
  return (
    review.text !== "" && review.text.trim().toLowerCase() !== review.title.trim().toLowerCase()
  );
}
