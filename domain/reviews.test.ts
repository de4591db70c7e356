import { describe, expect, it } from "vitest";
import { isAppRoute } from "./paths";
import {
  configHasReviews,
  readReviewsPage,
  REVIEWS_PATHS,
  REVIEWS_PER_PAGE,
  reviewAnchor,
  reviewAnchors,
  reviewLink,
  reviewPageOf,
  reviewsOnPage,
  reviewsPageCount,
  reviewsPageLink,
} from "./reviews";

describe("the reviews page", () => {
  it("is an app route under its own word in every language, never a content page", () => {
    for (const path of Object.values(REVIEWS_PATHS)) expect(isAppRoute(path)).toBe(true);
    expect(REVIEWS_PATHS.de).toBe("/bewertungen");
    expect(REVIEWS_PATHS.fr).toBe("/avis");
    // A content page whose first word only starts alike stays a content page.
    expect(isAppRoute("/aviso-legal")).toBe(false);
  });

  it("pages a long list, and a review's page is the one that lists it", () => {
    const reviews = Array.from({ length: REVIEWS_PER_PAGE * 2 + 3 }, (_, i) => i);
    expect(reviewsPageCount(reviews.length)).toBe(3);
    expect(reviewsPageCount(0)).toBe(1);
    expect(reviewsPageCount(REVIEWS_PER_PAGE)).toBe(1);
    for (const index of [0, REVIEWS_PER_PAGE - 1, REVIEWS_PER_PAGE, reviews.length - 1]) {
      expect(reviewsOnPage(reviews, reviewPageOf(index))).toContain(index);
    }
    expect(reviewsOnPage(reviews, 3)).toEqual([20, 21, 22]);
    expect(reviewsOnPage(reviews, 4)).toEqual([]);
  });

  it("reads ?page= as a page number, and nothing else as one", () => {
    expect(readReviewsPage(null)).toBe(1);
    expect(readReviewsPage("2")).toBe(2);
    for (const bad of ["", "0", "-1", "1.5", "02", "2x", "99999", " 2"]) {
      expect(readReviewsPage(bad), bad).toBeNull();
    }
  });

  it("gives each review an anchor of its own that needs no escaping", () => {
    expect(reviewAnchor("cards-de-de-1")).toBe("review-cards-de-de-1");
    expect(reviewAnchor("a b/ü")).toBe("review-a-b--");
    expect(reviewAnchors(["a b", "a-b", "c"])).toEqual(["review-a-b", "review-a-b-2", "review-c"]);
  });

  it("links the first page without ?page= and a review by its anchor", () => {
    expect(reviewsPageLink("/avis", 1)).toBe("/avis");
    expect(reviewsPageLink("/avis", 2, "review-x")).toBe("/avis?page=2#review-x");
    expect(reviewLink("https://r.example/reviews/", "a b")).toBe("https://r.example/reviews/a%20b");
    expect(reviewLink("", "x")).toBeNull();
  });

  it("exists where the configuration holds a rated review with words", () => {
    // As the seed writes it: the footer and the review block each a one-block list.
    const config = (reviews: unknown[]) => ({
      footer: [{ customerOpinions: [{ component: "ReviewBlock", reviews: { reviews } }] }],
    });
    expect(
      configHasReviews({
        footer: { customerOpinions: { reviews: { reviews: [{ stars: 5, title: "A" }] } } },
      }),
    ).toBe(true);
    expect(configHasReviews(config([{ stars: 5, title: "Schön" }]))).toBe(true);
    expect(configHasReviews(config([{ stars: "4.5", text: "Gut" }]))).toBe(true);
    expect(configHasReviews(config([{ stars: 0, title: "Null" }, { stars: 5 }]))).toBe(false);
    expect(configHasReviews(config([]))).toBe(false);
    expect(configHasReviews({ footer: {} })).toBe(false);
    expect(configHasReviews(null)).toBe(false);
  });
});
