import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { ACCOUNT_PATHS } from "../domain/accountPaths";
import { CART_PATHS, CHECKOUT_PATHS } from "../domain/cart";
import { NEWSLETTER_FOLDERS } from "../domain/newsletterPaths";
import { ORDER_PATHS } from "../domain/orderPaths";
import { APP_ROUTE_PREFIXES, PRODUCTS_ALIASES } from "../domain/paths";
import { REVIEWS_PATHS } from "../domain/reviewPaths";
import { WISHLIST_PATHS } from "../domain/wishlistPaths";

export default [
  layout("layouts/svg-sprite.tsx", [route("_icons", "routes/icons.tsx")]),
  // The content editor (visual preview), the operator's flag page and the editors' review of
  // customer pictures, in the back office: signed in with the space's preview token or a
  // back-office session. The old paths send visits on (form posts are still answered there).
  route(":lang?/_admin/content", "routes/editor.tsx", { id: "editor" }),
  route(":lang?/_admin/flags", "routes/flags.tsx", { id: "flags" }),
  route(":lang?/_admin/pictures", "routes/pictures.tsx", { id: "pictures" }),
  route(":lang?/_editor", "routes/editor.tsx", { id: "editor-moved" }),
  route(":lang?/_flags", "routes/flags.tsx", { id: "flags-moved" }),
  route(":lang?/_pictures", "routes/pictures.tsx", { id: "pictures-moved" }),
  // The back office: operators with roles, behind their own log-in and second factor. Its
  // route ids start with "admin-": the root makes such pages' document English (<html lang>).
  route("_admin", "routes/admin-home.tsx", { id: "admin-home" }),
  route("_admin/login", "routes/admin-login.tsx", { id: "admin-login" }),
  route("_admin/logout", "routes/admin-logout.tsx", { id: "admin-logout" }),
  route("_admin/setup", "routes/admin-setup.tsx", { id: "admin-setup" }),
  route("_admin/security", "routes/admin-security.tsx", { id: "admin-security" }),
  route("_admin/operators", "routes/admin-operators.tsx", { id: "admin-operators" }),
  route("_admin/audit", "routes/admin-audit.tsx", { id: "admin-audit" }),
  route("_admin/mail", "routes/admin-mail.tsx", { id: "admin-mail" }),
  route("_admin/mail/:id", "routes/admin-mail-one.tsx", { id: "admin-mail-one" }),
  route("_admin/orders", "routes/admin-orders.tsx", { id: "admin-orders" }),
  route("_admin/orders/:id", "routes/admin-order.tsx", { id: "admin-order" }),
  route("_admin/orders/:id/lines/:line/:kind", "routes/admin-order-file.ts", {
    id: "admin-order-file",
  }),
  route("_admin/vouchers", "routes/admin-vouchers.tsx", { id: "admin-vouchers" }),
  route("_admin/vouchers/new", "routes/admin-voucher.tsx", { id: "admin-voucher-new" }),
  route("_admin/vouchers/:channel/:code", "routes/admin-voucher.tsx", { id: "admin-voucher" }),
  route("_admin/production", "routes/admin-production.tsx", { id: "admin-production" }),
  route("_admin/production/batch", "routes/admin-production-batch.ts", {
    id: "admin-production-batch",
  }),
  route("_admin/customers", "routes/admin-customers.tsx", { id: "admin-customers" }),
  route("_admin/customers/:id", "routes/admin-customer.tsx", { id: "admin-customer" }),
  route("_admin/customers/:id/export", "routes/admin-customer-export.ts", {
    id: "admin-customer-export",
  }),
  // The locale's messages the browser hydrates with (versioned, kept for good).
  route("_messages/:file", "routes/messages.ts", { id: "messages" }),
  // The navigation details (flyouts, burger) the furniture loads on demand.
  route(":lang?/_furniture.json", "routes/furniture.ts", { id: "furniture" }),
  layout("layouts/default.tsx", [
    index("routes/content.tsx", { id: "home" }),
    // The products route and its aliases: optional locale prefix, optional d marker.
    ...PRODUCTS_ALIASES.map((alias) =>
      route(`:lang?/d?/${alias}`, "routes/products.tsx", { id: `products-${alias}` }),
    ),
    route(":lang?/d?/themes/:id", "routes/theme.tsx", { id: "theme" }),
    route("d/:lang/themes/:id", "routes/theme.tsx", { id: "theme-desktop-first" }),
    // The shop's studio, where configurator links go unless DESIGNER_URL is set.
    route(":lang?/d?/designer/:product", "routes/designer.tsx", { id: "designer" }),
    // The account pages below each language's account folder (/konto/anmelden, /compte/…).
    ...Object.entries(ACCOUNT_PATHS).map(([language, { folder }]) =>
      route(`:lang?/d?/${folder}/:page?`, "routes/account.tsx", { id: `account-${language}` }),
    ),
    // The cart and the step after it, in every language (/warenkorb, /basket, /kasse …).
    ...Object.entries(CART_PATHS).map(([language, path]) =>
      route(`:lang?/d?${path}`, "routes/cart.tsx", { id: `cart-${language}` }),
    ),
    ...Object.entries(CHECKOUT_PATHS).map(([language, path]) =>
      route(`:lang?/d?${path}`, "routes/checkout.tsx", { id: `checkout-${language}` }),
    ),
    // An order's page under its token and, below it, the confirmation after payment.
    ...Object.entries(ORDER_PATHS).map(([language, path]) =>
      route(`:lang?/d?${path}/:token/:confirmation?`, "routes/order.tsx", {
        id: `order-${language}`,
      }),
    ),
    // The wishlist of the card shop in every language (/wunschliste, /wishlist …).
    ...Object.entries(WISHLIST_PATHS).map(([language, path]) =>
      route(`:lang?/d?${path}`, "routes/wishlist.tsx", { id: `wishlist-${language}` }),
    ),
    // The shop's own reviews page in every language (/bewertungen, /reviews, /avis …).
    ...Object.entries(REVIEWS_PATHS).map(([language, path]) =>
      route(`:lang?/d?${path}`, "routes/reviews.tsx", { id: `reviews-${language}` }),
    ),
    // The pages the newsletter mails link to (confirm, unsubscribe) in every language.
    ...NEWSLETTER_FOLDERS.map((folder) =>
      route(`:lang?/d?/${folder}/:page`, "routes/newsletter.tsx", { id: `newsletter-${folder}` }),
    ),
    // Recommending the shop to a friend, under its word in every language (/empfehlung …).
    ...Object.entries(APP_ROUTE_PREFIXES.recommendation).flatMap(([language, words]) =>
      words.map((word) =>
        route(`:lang?/d?/${word}`, "routes/recommendation.tsx", {
          id: `recommendation-${language}-${word}`,
        }),
      ),
    ),
    // Logging out, under its word in every language (/logout, /abmelden, /deconnexion …).
    ...Object.entries(APP_ROUTE_PREFIXES.logout).flatMap(([language, words]) =>
      words.map((word) =>
        route(`:lang?/d?/${word}`, "routes/logout.tsx", { id: `logout-${language}-${word}` }),
      ),
    ),
    route("*", "routes/content.tsx", { id: "content" }),
  ]),
] satisfies RouteConfig;
