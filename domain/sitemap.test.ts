import { describe, expect, it } from "vitest";
import { escapeXml, sitemapUrls, sitemapXml } from "./sitemap";

describe("the sitemap document", () => {
  it("escapes the characters XML reserves in URLs and attributes", () => {
    expect(escapeXml(`/a?b=1&c=<2>"'`)).toBe("/a?b=1&amp;c=&lt;2&gt;&quot;&apos;");
    const xml = sitemapXml([{ loc: "https://x.example/?a=1&b=2", alternates: [] }]);
    expect(xml).toContain("<loc>https://x.example/?a=1&amp;b=2</loc>");
    expect(xml).not.toContain("&b=");
  });

  it("lists each language version with all versions as alternates, itself included", () => {
    const urls = sitemapUrls([
      { hreflang: "de-CH", href: "https://ch.example/products" },
      { hreflang: "fr-CH", href: "https://ch.example/fr/products" },
    ]);
    expect(urls.map((u) => u.loc)).toEqual([
      "https://ch.example/products",
      "https://ch.example/fr/products",
    ]);
    const xml = sitemapXml(urls);
    expect(xml.match(/hreflang="fr-CH"/g)).toHaveLength(2);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="de-CH" href="https://ch.example/products"/>',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
  });

  it("gives a page in one language no alternates and writes a URL once", () => {
    const [only] = sitemapUrls([{ hreflang: "de-DE", href: "https://de.example/" }]);
    expect(only).toEqual({ loc: "https://de.example/", alternates: [] });
    const xml = sitemapXml([only!, only!]);
    expect(xml.match(/<url>/g)).toHaveLength(1);
    expect(xml).not.toContain("xhtml:link rel");
  });
});
