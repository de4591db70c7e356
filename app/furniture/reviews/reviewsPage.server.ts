/**
 * The shop's own reviews page on the server: the reviews of the footer's review block (the
 * same content, read by the same reader, in the same order), a page of them at a time, with
 * the overall score, the page's title, canonical address and its versions in the other
 * languages. A shop without reviews has no such page.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { CHANNELS } from "../../../config/channels";
import { localiseHref } from "../../../domain/links";
import { localeSettings } from "../../../domain/locales";
import { withDesktopMarker } from "../../../domain/paths";
import {
  readReviewsPage,
  reviewsOnPage,
  reviewsPageCount,
  reviewsPageLink,
  reviewsPath,
} from "../../../domain/reviews";
import { hreflangAlternates } from "../../catalogue/alternates.server";
import { shopContext } from "../../context";
import { serverT } from "../../i18n/messages.server";
import { notFound } from "../../lib/http";
import { pageTitle } from "../../lib/meta";
import { localeContext } from "../../lib/site";
import { fullSiteConfigFor } from "../furniture.server";
import type { Review, SafeLink } from "../types";

export interface ReviewsPageData {
  title: string;
  description: string;
  canonical: string;
  alternates: ReturnType<typeof hreflangAlternates>;
  /** The content's heading of the review block, shown as the page's lead. */
  lead: string;
  trustScoreText: string;
  stars: number;
  starsText: string;
  count: number;
  countText: string;
  /** The review provider's page, when one is configured. */
  provider: { link: SafeLink; name: string } | null;
  reviews: Omit<Review, "link">[];
  page: number;
  /** Each page of the list with its link (the first page without `?page=`). */
  pages: { page: number; href: string }[];
}

export async function loadReviewsPage({
  context,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
}): Promise<ReviewsPageData> {
  const url = new URL(request.url);
  const { unknownPrefix, channel, country, language, locale, platform, rest } =
    context.get(localeContext);
  if (unknownPrefix) notFound(url.pathname);
  const trailingSlash = CHANNELS[channel].features.trailingSlash;
  const at = { country, language, locale, trailingSlash };
  const path = reviewsPath(language);
  const own = localiseHref(path, at)?.href ?? path;
  // Another language's word (/reviews in the German shop) goes to this language's page.
  if (rest.split("/").filter(Boolean)[0] !== path.slice(1)) {
    const target = `${own}${url.search}`;
    throw redirect(platform === "desktop" ? withDesktopMarker(target) : target, 301);
  }
  const block = (await fullSiteConfigFor(context, url)).footer.customerOpinions;
  if (!block) notFound(url.pathname);
  const page = readReviewsPage(url.searchParams.get("page"));
  const pageCount = reviewsPageCount(block.reviews.length);
  if (page === null || page > pageCount) notFound(url.pathname);

  const t = serverT(locale);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  // The provider's total where it names one, never fewer than the reviews listed here.
  const count = Math.max(block.totalReviews, block.reviews.length);
  const countText = number.format(count);
  const brand = CHANNELS[channel].brandName;
  const pageHref = (n: number) => localiseHref(reviewsPageLink(path, n), at)?.href ?? own;
  const { services } = context.get(shopContext);
  // Only the locales whose configuration shows reviews have this page: the others' address
  // is not found, so it is no alternate (the sitemap names the same locales).
  const alternates =
    platform === "web" && page === 1
      ? hreflangAlternates({
          channel,
          paths: Object.fromEntries(
            (await services.content.localesWithReviews(channel)).map((l) => [
              l,
              reviewsPath(localeSettings(l).language),
            ]),
          ),
          hosts: services.hosts,
          requestUrl: url,
        })
      : [];
  return {
    title: pageTitle(
      page > 1 ? t("reviewsPage.titlePage", { page }) : t("reviewsPage.title"),
      brand,
    ),
    description: t("reviewsPage.description", {
      brand,
      count,
      formatted: countText,
      stars: block.starsText,
    }),
    // On the country's canonical host, as content pages and the sitemap name it.
    canonical: `${services.hosts.originFor({ channel, country }, url) ?? url.origin}${pageHref(page)}`,
    alternates,
    lead: block.title,
    trustScoreText: block.trustScoreText,
    stars: block.stars,
    starsText: block.starsText,
    count,
    countText,
    provider: block.companyLink ? { link: block.companyLink, name: block.providerName } : null,
    reviews: reviewsOnPage(block.reviews, page).map(({ link: _link, ...review }) => review),
    page,
    pages: Array.from({ length: pageCount }, (_, i) => ({ page: i + 1, href: pageHref(i + 1) })),
  };
}
