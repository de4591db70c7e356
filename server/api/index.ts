/**
 * The shop API, mounted before the React Router handler. Every API prefix ends in an
 * explicit 404 problem document so an unknown API path never falls through to an HTML
 * page; a known path asked with a method it does not answer is 405 with Allow.
 */
import { Hono } from "hono";
import { etag } from "hono/etag";
import type { PageCache } from "../pageCache";
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
import { recommendationRoutes } from "./recommendation";
import { robotsRoutes } from "./robots";
import { sitemapRoutes } from "./sitemap";
import { toolboxRoutes } from "./toolbox";
import { customerPictureRoutes } from "./customerPictures";
import { studioPhotoRoutes } from "./studio-photos";
import { studioDesignRoutes } from "./studio-designs";
import { invoiceRoutes } from "./invoices";
import { checkoutRoutes } from "./checkout";
import { orderRoutes } from "./orders";
import { paymentRoutes } from "./paymentWebhooks";
import { errorHandler } from "../middleware/errors";
import { siteOf } from "../middleware/site";
import { apiNotFound, problem } from "./problem";

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

/** Hono's route pattern (`/a/:id{[0-9]+}/*`) as a regular expression of the paths it takes. */
export function routePattern(path: string): RegExp {
  let source = "";
  for (let i = 0; i < path.length;) {
    const param = /^:[A-Za-z_][A-Za-z0-9_]*(\{((?:[^{}]|\{[^{}]*\})+)\})?(\?)?/.exec(path.slice(i));
    if (param) {
      source += param[2] ? `(?:${param[2]})` : "[^/]+";
      i += param[0].length;
    } else if (path[i] === "*") {
      source += ".*";
      i += 1;
    } else {
      source += path[i]!.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
      i += 1;
    }
  }
  return new RegExp(`^${source}$`);
}

/** The methods the router's routes answer at a path (HEAD with GET). */
function methodsOf(routes: readonly { method: string; path: string }[]) {
  // Prefix patterns (`/web-api/toolbox-*`) are middleware, not endpoints.
  const table = routes
    .filter((route) => route.method !== "ALL" && !/[^/]\*/.test(route.path))
    .map((route) => ({ method: route.method, pattern: routePattern(route.path) }));
  return (path: string): string[] => {
    const methods = new Set<string>();
    for (const route of table) {
      if (!route.pattern.test(path)) continue;
      methods.add(route.method);
      if (route.method === "GET") methods.add("HEAD");
    }
    return [...methods].sort();
  };
}

export function createApi(
  services: ShopServices,
  storefront: Storefront,
  lifecycle: { stopping(): boolean } = { stopping: () => false },
  /** The shop's page cache, which keeps the sitemaps too (none: built for every request). */
  pages: PageCache | null = null,
): Hono {
  const api = new Hono();
  // The request's site, once (the shop's own middleware has it already; a test's API not).
  api.use(siteOf(services.hosts));
  // A GET answered before is answered again with 304 when nothing changed (weak: the
  // compression outside changes the bytes, not the meaning).
  const etags = etag({ weak: true });
  for (const prefix of API_PREFIXES) api.use(`${prefix}/*`, etags);
  api.route("/", healthRoutes(services, lifecycle));
  api.route("/", robotsRoutes());
  api.route("/", sitemapRoutes(services, pages));
  api.route("/", imageRoutes(services.images));
  if (services.cms) api.route("/", services.cms.routes.delivery);
  api.route("/", contentShopRoutes(services, storefront));
  api.route("/", campaignDataRoutes(services, storefront));
  if (services.cms) api.route("/", services.cms.routes.management);
  api.route("/", customerRoutes(services));
  api.route("/", mailboxRoutes(services));
  api.route("/", newsletterRoutes(services));
  api.route("/", contactFormRoutes(services));
  api.route("/", recommendationRoutes(services));
  api.route("/", flagRoutes(services));
  api.route("/", rumRoutes(services));
  api.route("/", toolboxRoutes(services));
  api.route("/", customerPictureRoutes(services));
  api.route("/", studioPhotoRoutes(services));
  api.route("/", studioDesignRoutes(services));
  api.route("/", catalogueRoutes(services));
  api.route("/", invoiceRoutes(services));
  api.route("/", checkoutRoutes(services));
  api.route("/", orderRoutes(services));
  api.route("/", paymentRoutes(services));
  let methodsAt: ((path: string) => string[]) | undefined;
  const unanswered = (c: Parameters<typeof apiNotFound>[0]) => {
    // The table is complete once the first request comes.
    const allowed = (methodsAt ??= methodsOf(api.routes))(c.req.path);
    if (allowed.length === 0 || allowed.includes(c.req.method)) return apiNotFound(c);
    c.header("Allow", allowed.join(", "));
    return problem(c, 405, {
      code: "method_not_allowed",
      detail: `${c.req.path} answers ${allowed.join(", ")}`,
    });
  };
  for (const prefix of API_PREFIXES) {
    api.all(`${prefix}/*`, unanswered);
    api.all(prefix, unanswered);
  }
  api.onError(errorHandler(services.log));
  return api;
}
