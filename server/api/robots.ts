import { Hono } from "hono";
import { visitorOrigin } from "../middleware/forwarded";
import { hostSite } from "../middleware/site";

/**
 * `/robots.txt` per host: shop pages are crawlable; previews, the editor and APIs are not.
 * A known host names its sitemap.
 */
export function robotsRoutes(): Hono {
  const routes = new Hono();
  routes.get("/robots.txt", (c) => {
    const known = hostSite(c) !== null;
    const lines = known
      ? [
          "User-agent: *",
          "Allow: /",
          "Disallow: /_editor",
          "Disallow: /_admin",
          "Disallow: /*?_storyblok",
          "Disallow: /web-api/",
          "Disallow: /price-api/",
          "Disallow: /api/",
          "Disallow: /v2/",
          "",
          `Sitemap: ${visitorOrigin(c.req.raw)}/sitemap.xml`,
        ]
      : ["User-agent: *", "Disallow: /"];
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(`${lines.join("\n")}\n`);
  });
  return routes;
}
