/**
 * GET /web-api/campaign-data?url=…: the campaign bar of a page of this site,
 * `{ bar: ActionBar | null }`. `url` is a path ("/fotobuch", "/fr/cartes") or an absolute
 * URL on the request's own host; the channel and country come from the host, the locale
 * from the path's language prefix. The bar is the first active campaign's whose prefix
 * matches the path below the prefix (the storefront reads it: app/furniture/campaigns.server.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { Site } from "../../config/hosts";
import { defaultLocaleFor, type Country, type Locale } from "../../domain/locales";
import { resolveLocalePrefix } from "../../domain/paths";
import { siteOrDefault } from "../middleware/site";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { invalidInput, problem } from "./problem";

/** The placeholder origin a bare path is resolved against. */
const PATH_BASE = "http://path.invalid";

/** The path of the `url` parameter: a rooted path, or an http(s) URL on `site`'s host. */
function campaignQuery(services: ShopServices, site: Site) {
  return z.object({
    url: z
      .string({ error: "url is required" })
      .min(1, "url is required")
      .max(2000, "url is too long")
      .transform((value, ctx) => {
        const isPath = value.startsWith("/") && !value.startsWith("//");
        let parsed: URL;
        try {
          parsed = isPath ? new URL(value, PATH_BASE) : new URL(value);
        } catch {
          ctx.addIssue({ code: "custom", message: "url is neither a path nor an absolute URL" });
          return z.NEVER;
        }
        if (!isPath) {
          const target = services.hosts.resolve(parsed.host);
          const own =
            (parsed.protocol === "https:" || parsed.protocol === "http:") &&
            target?.channel === site.channel &&
            target.country === site.country;
          if (!own) {
            ctx.addIssue({ code: "custom", message: "url is not on this site's host" });
            return z.NEVER;
          }
        }
        return parsed.pathname;
      }),
  });
}

/** The locale of a path on a country's host and the path below its prefix and d marker. */
export function campaignPath(pathname: string, country: Country): { locale: Locale; rest: string } {
  let guard = resolveLocalePrefix({ pathname, country });
  // A non-canonical path (redundant prefix, doubled slashes) reads as the page it redirects to.
  if (guard.kind === "redirect-path")
    guard = resolveLocalePrefix({ pathname: guard.pathname, country });
  if (guard.kind === "ok") return { locale: guard.locale, rest: guard.rest };
  // An unknown or foreign prefix: the error page's locale and path (app/root.tsx).
  return { locale: defaultLocaleFor(country), rest: pathname };
}

export function campaignDataRoutes(services: ShopServices, storefront: Storefront): Hono {
  const routes = new Hono();

  routes.get("/web-api/campaign-data", async (c) => {
    const site = siteOrDefault(c);
    const parsed = campaignQuery(services, site).safeParse(c.req.query());
    if (!parsed.success) {
      c.header("Cache-Control", "no-store");
      return invalidInput(c, parsed.error, "query");
    }
    const { locale, rest } = campaignPath(parsed.data.url, site.country);
    try {
      const bar = await storefront.campaignBar(services, {
        channel: site.channel,
        locale,
        rest,
        version: "published",
      });
      c.header("Cache-Control", "public, max-age=60");
      return c.json({ bar });
    } catch (error) {
      services.log.warn({ err: error, channel: site.channel, locale }, "campaigns unavailable");
      c.header("Cache-Control", "no-store");
      return problem(c, 503, { code: "unavailable", detail: "Campaigns are unavailable" });
    }
  });

  return routes;
}
