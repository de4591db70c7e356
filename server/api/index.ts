/**
 * The shop API, mounted before the React Router handler. Every API prefix ends in an
 * explicit JSON 404 so an unknown API path never falls through to an HTML page.
 */
import { Hono } from "hono";
import { etag } from "hono/etag";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { imageRoutes } from "../images/routes";
import { campaignDataRoutes } from "./campaign-data";
import { catalogueRoutes } from "./catalogue";
import { contactFormRoutes } from "./contactForm";
import { contentShopRoutes } from "./content-shop";
import { customerRoutes } from "./customers";
import { rumRoutes } from "./rum";
import { flagRoutes } from "./flags";
import { healthRoutes } from "./health";
import { mailboxRoutes } from "./mailbox";
import { newsletterRoutes } from "./newsletter";
import { robotsRoutes } from "./robots";
import { sitemapRoutes } from "./sitemap";
import { toolboxRoutes } from "./toolbox";
import { customerPictureRoutes } from "./customerPictures";

/** Path prefixes that belong to the API, never to pages. */
export const API_PREFIXES = [
  "/api",
  "/web-api",
  "/price-api",
  "/v1",
  "/v2",
  "/accessory",
  "/gift-voucher",
  "/whitelabel",
  "/customer-picture",
] as const;

export function apiNotFound(path: string) {
  return { error: "not_found", message: `No API endpoint at ${path}` } as const;
}

export function createApi(
  services: ShopServices,
  storefront: Storefront,
  lifecycle: { stopping(): boolean } = { stopping: () => false },
): Hono {
  const api = new Hono();
  // A GET answered before is answered again with 304 when nothing changed (weak: the
  // compression outside changes the bytes, not the meaning).
  const etags = etag({ weak: true });
  for (const prefix of API_PREFIXES) api.use(`${prefix}/*`, etags);
  api.route("/", healthRoutes(services, lifecycle));
  api.route("/", robotsRoutes(services));
  api.route("/", sitemapRoutes(services));
  api.route("/", imageRoutes(services.images));
  if (services.cms) api.route("/", services.cms.routes.delivery);
  api.route("/", contentShopRoutes(services, storefront));
  api.route("/", campaignDataRoutes(services, storefront));
  if (services.cms) api.route("/", services.cms.routes.management);
  api.route("/", customerRoutes(services));
  api.route("/", mailboxRoutes(services));
  api.route("/", newsletterRoutes(services));
  api.route("/", contactFormRoutes(services));
  api.route("/", flagRoutes(services));
  api.route("/", rumRoutes(services));
  api.route("/", toolboxRoutes(services));
  api.route("/", customerPictureRoutes(services));
  api.route("/", catalogueRoutes(services));
  for (const prefix of API_PREFIXES) {
    api.all(`${prefix}/*`, (c) => c.json(apiNotFound(c.req.path), 404));
    api.all(prefix, (c) => c.json(apiNotFound(c.req.path), 404));
  }
  return api;
}
