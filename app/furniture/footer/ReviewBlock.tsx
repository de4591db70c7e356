import { REVIEW_CAROUSEL_CONFIG } from "../../../domain/constants";
import { useT } from "~/i18n/i18n";
import { Carousel, type CarouselConfig } from "~/ui/Carousel";
import { ShopLink } from "~/ui/ShopLink";
import { showsReviewText, StarRating } from "../reviewParts";
import type { ReviewBlockData } from "../types";

/**
 * The review carousel's configuration: one slide per view, and from 720 px
 * groups of three; three are also shown per view there, so a group is what one sees.
 */
export const REVIEW_CAROUSEL: CarouselConfig = {
  ...REVIEW_CAROUSEL_CONFIG,
  breakpoints: Object.fromEntries(
    Object.entries(REVIEW_CAROUSEL_CONFIG.breakpoints).map(([point, layout]) => [
      point,
      { ...layout, slidesPerView: layout.slidesPerGroup },
    ]),
  ),
};

/**
 * The review block: title, subtitle, the trust score with its star image and
 * review count, the provider's link (else the shop's own reviews page), and the reviews
 * in a carousel, each linked to its page at the provider or its place on the shop's page.
 */
export function ReviewBlock({ data }: { data: ReviewBlockData }) {
  const t = useT();
  const slides = data.reviews.map((review) => (
    <article className="review" key={review.id}>
      <StarRating
        stars={review.stars}
        label={t("furniture.reviews.stars", { stars: review.starsText })}
      />
      <h3 className="review__title">{review.title}</h3>
      {showsReviewText(review) ? <p className="review__text">{review.text}</p> : null}
      <p className="review__meta">
        <span className="review__author">{review.authorName}</span>
        {review.createdAt ? <time dateTime={review.createdAt}>{review.dateText}</time> : null}
      </p>
      {review.link ? (
        <ShopLink
          link={review.link}
          className="review__link"
          {...(review.link.external ? { rel: "noopener noreferrer" } : {})}
        >
          {t("furniture.reviews.read")}
          <span className="visually-hidden">: {review.title}</span>
        </ShopLink>
      ) : null}
    </article>
  ));
  return (
    <div className="reviews">
      <div className="reviews__inner">
        <div className="reviews__head">
          <div>
            <h2 id="reviews-title">{data.title}</h2>
            {data.subtitle ? <p className="reviews__subtitle">{data.subtitle}</p> : null}
          </div>
          <div className="reviews__score">
            <span className="reviews__trust">{data.trustScoreText}</span>
            <StarRating
              stars={data.stars}
              label={t("furniture.reviews.stars", { stars: data.starsText })}
            />
            <span className="reviews__count">
              {t("furniture.reviews.count", {
                count: data.totalReviews,
                formatted: data.totalReviewsText,
              })}
            </span>
            {data.companyLink ? (
              <ShopLink
                link={data.companyLink}
                className="reviews__provider"
                rel="noopener noreferrer"
              >
                {data.providerName
                  ? t("furniture.reviews.provider", { name: data.providerName })
                  : t("furniture.reviews.all")}
              </ShopLink>
            ) : data.page ? (
              // Without a provider, all reviews are on the shop's own reviews page.
              <ShopLink link={data.page} className="reviews__provider">
                {t("furniture.reviews.all")}
              </ShopLink>
            ) : null}
          </div>
        </div>
        <Carousel
          slides={slides}
          config={REVIEW_CAROUSEL}
          label={data.title}
          className="reviews__carousel"
        />
      </div>
    </div>
  );
}
