/**
 * The shop's own reviews page: the overall score with its stars and the number of reviews,
 * then a page of reviews, each under its own anchor (the footer's review links land there),
 * and the links to the other pages of the list when there are several.
 */
import { useT } from "~/i18n/i18n";
import { ShopLink } from "~/ui/ShopLink";
import { showsReviewText, StarRating } from "../reviewParts";
import type { ReviewsPageData } from "./reviewsPage.server";
import "./reviews.css";

function Pages({ pages, current }: { pages: ReviewsPageData["pages"]; current: number }) {
  const t = useT();
  if (pages.length < 2) return null;
  const previous = pages[current - 2];
  const next = pages[current];
  return (
    <nav className="reviews-page__pages" aria-label={t("reviewsPage.pages")}>
      <ul role="list">
        {previous ? (
          <li>
            <ShopLink link={{ href: previous.href, external: false }} rel="prev">
              {t("reviewsPage.previous")}
            </ShopLink>
          </li>
        ) : null}
        {pages.map(({ page, href }) => (
          <li key={page}>
            <ShopLink
              link={{ href, external: false }}
              aria-current={page === current ? "page" : undefined}
              aria-label={t("reviewsPage.page", { page })}
            >
              {page}
            </ShopLink>
          </li>
        ))}
        {next ? (
          <li>
            <ShopLink link={{ href: next.href, external: false }} rel="next">
              {t("reviewsPage.next")}
            </ShopLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export function ReviewsPage({ data }: { data: ReviewsPageData }) {
  const t = useT();
  return (
    <section className="page-section reviews-page" aria-labelledby="reviews-page-title">
      <h1 id="reviews-page-title">{t("reviewsPage.title")}</h1>
      {data.lead ? <p className="reviews-page__lead">{data.lead}</p> : null}
      <div className="reviews-page__score">
        <span className="reviews__trust">{data.trustScoreText}</span>
        <StarRating
          stars={data.stars}
          label={t("furniture.reviews.stars", { stars: data.starsText })}
        />
        <span className="reviews__count">
          {t("furniture.reviews.count", { count: data.count, formatted: data.countText })}
        </span>
        {data.provider ? (
          <ShopLink
            link={data.provider.link}
            className="reviews__provider"
            rel="noopener noreferrer"
          >
            {data.provider.name
              ? t("furniture.reviews.provider", { name: data.provider.name })
              : t("furniture.reviews.all")}
          </ShopLink>
        ) : null}
      </div>
      <h2 className="reviews-page__heading">
        {data.pages.length > 1
          ? t("reviewsPage.latestPage", { page: data.page, pages: data.pages.length })
          : t("reviewsPage.latest")}
      </h2>
      <ol className="reviews-page__list" role="list">
        {data.reviews.map((review) => (
          <li key={review.anchor}>
            <article className="review reviews-page__review" id={review.anchor}>
              <StarRating
                stars={review.stars}
                label={t("furniture.reviews.stars", { stars: review.starsText })}
              />
              <h3 className="review__title">{review.title}</h3>
              {showsReviewText(review) ? <p className="review__text">{review.text}</p> : null}
              <p className="review__meta">
                <span className="review__author">{review.authorName}</span>
                {review.createdAt ? (
                  <time dateTime={review.createdAt}>{review.dateText}</time>
                ) : null}
              </p>
            </article>
          </li>
        ))}
      </ol>
      <Pages pages={data.pages} current={data.page} />
    </section>
  );
}
