import { useLoaderData } from "react-router";
import type { Route } from "./+types/reviews";
import { loadReviewsPage } from "../furniture/reviews/reviewsPage.server";
import { ReviewsPage } from "../furniture/reviews/ReviewsPage";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

/**
 * The shop's own reviews page in every language (/bewertungen, /reviews, /avis …), from the
 * review data the footer's review block reads; shared by every anonymous visitor like a
 * content page (config/cache.ts).
 */
function pageLoader({ context, request }: Route.LoaderArgs) {
  return loadReviewsPage({ context, request });
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData.title },
    { name: "description", content: loaderData.description },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
    ...loaderData.alternates.map((link) => ({ tagName: "link" as const, ...link })),
  ];
}

export default function Reviews() {
  return <ReviewsPage data={useLoaderData<typeof loader>()} />;
}
