import { renderToString } from "react-dom/server";
import { Link, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ShopLink, rootPathHref } from "./ShopLink";

/** Paths as prepared links carry them, and some a content editor could write. */
const PATHS = [
  "/",
  "/fotobuch",
  "/leinwand/",
  "/fr/livre-photo/",
  "/fotobuch?sku=A4-hoch#preise",
  "/leinwand/?material=poster",
  "/themes/hochzeit?page=2",
  "/fotobuch?",
  "/fotobuch#",
  "/fotobuch/?#",
  "/a//b/",
  "/a/./b/../c",
  "/a/./b/../c/",
  "/%C3%A4rger?q=%20x",
  "/grüße/",
  "/a b",
];

/** A page of the shop at `location` rendering `element`, as HTML. */
function page(location: string, element: React.ReactNode): string {
  return renderToString(<StaticRouter location={location}>{element}</StaticRouter>);
}

describe("a shop link rendered on the server", () => {
  it.each(PATHS)("writes the anchor React Router's Link writes for %s", (href) => {
    for (const location of ["/fotobuch", "/leinwand/", "/fr/livre-photo/x"]) {
      const attributes = { className: "tile", "aria-label": "Zum Fotobuch", target: "_self" };
      expect(
        page(
          location,
          <ShopLink link={{ href, external: false }} {...attributes}>
            Fotobuch
          </ShopLink>,
        ),
      ).toBe(
        page(
          location,
          <Link to={href} prefetch="intent" {...attributes}>
            Fotobuch
          </Link>,
        ),
      );
    }
  });

  it("writes a root path's anchor without asking the router (none around it here)", () => {
    const html = renderToString(
      <ShopLink link={{ href: "/leinwand/", external: false }} className="tile">
        Leinwand
      </ShopLink>,
    );
    expect(html).toBe('<a class="tile" href="/leinwand/" data-discover="true">Leinwand</a>');
  });

  it("leaves what is not a path from the site's root to Link", () => {
    for (const href of ["fotobuch", "?page=2", "#preise", "//cdn.example/x"]) {
      const shop = page("/leinwand/", <ShopLink link={{ href, external: false }}>x</ShopLink>);
      const link = page("/leinwand/", <Link to={href}>x</Link>);
      expect(shop).toBe(link);
    }
  });

  it("resolves a root path's href as the router does", () => {
    expect(rootPathHref("/a//b/")).toBe("/a/b/");
    expect(rootPathHref("/fotobuch?#")).toBe("/fotobuch");
  });
});
