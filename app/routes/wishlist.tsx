import type { Route } from "./+types/wishlist";
import { wishlistAction, wishlistLoader } from "../wishlist/wishlist.server";
import { WishlistPage } from "../wishlist/WishlistPage";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

/** The wishlist page in every language (/wunschliste, /wishlist, /liste-de-souhaits …). */
function pageLoader(args: Route.LoaderArgs) {
  return wishlistLoader(args);
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export function action(args: Route.ActionArgs) {
  return wishlistAction(args);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default WishlistPage;
