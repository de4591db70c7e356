import type { Route } from "./+types/wishlist";
import { wishlistAction, wishlistLoader } from "../wishlist/wishlist.server";
import { WishlistPage } from "../wishlist/WishlistPage";

/** The wishlist page in every language (/wunschliste, /wishlist, /liste-de-souhaits …). */
export function loader(args: Route.LoaderArgs) {
  return wishlistLoader(args);
}

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
