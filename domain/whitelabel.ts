/**
 * White label: some customers come to the shop through a partner and see it in the partner's
 * white-label view. In a browser they can leave that view (the error page's banner links to
 * the switch) and come back to it; the choice is kept in a cookie. A customer who is not a
 * white-label customer never sees the view, whatever the cookie says.
 */
import { readCookie } from "./cookies";

/** "1": the white-label view is on in this browser, "0": it was left. */
export const WHITELABEL_COOKIE = "shop_whitelabel";

/** Whether the customer is shown as a white-label customer in this browser. */
export function inWhitelabelView(customerIsWhitelabel: boolean, cookies: string): boolean {
  return customerIsWhitelabel && readCookie(cookies, WHITELABEL_COOKIE) !== "0";
}

/** The open order is a white-label order when articles were put in it in the white-label view. */
export function isWhitelabelOrder(whitelabelView: boolean, cartArticles: number): boolean {
  return whitelabelView && cartArticles > 0;
}
