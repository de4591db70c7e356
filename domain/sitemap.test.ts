import { describe, expect, it } from "vitest";
import { escapeXml, sitemapUrls, sitemapXml } from "./sitemap";

describe("the sitemap document", () => {
  it("escapes the characters XML reserves in URLs and attributes", () => {
    expect(escapeXml(`/a?b=1&c=<2>"'`)).toBe("/a?b=1&amp;c=&lt;2&gt;&quot;&apos;");
    const xml = sitemapXml([{ loc: "https://x.example/?a=1&b=2", alternates: [] }]);
    expect(xml).toContain("<loc>https://x.example/?a=1&amp;b=2</loc>");
    expect(xml).not.toContain("&b=");
  });

  it("lists the host's versions, each with all the page's alternates, other hosts' and x-default", () => {
    const alternates = [
      { hreflang: "de-CH", href: "https://ch.example/products" },
      { hreflang: "de-DE", href: "https://de.example/products" },
      { hreflang: "fr-CH", href: "https://ch.example/fr/products" },
      { hreflang: "x-default", href: "https://de.example/products" },
    ];
    const urls = sitemapUrls(alternates, (v) => v.href.startsWith("https://ch.example/"));
    expect(urls.map((u) => u.loc)).toEqual([
      "https://ch.example/products",
      "https://ch.example/fr/products",
    ]);
    const xml = sitemapXml(urls);
    expect(xml.match(/hreflang="fr-CH"/g)).toHaveLength(2);
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(2);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="de-DE" href="https://de.example/products"/>',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
  });

  it("never lists x-default as a page of its own, and writes a URL once", () => {
    const alternates = [
      { hreflang: "de-DE", href: "https://de.example/" },
      { hreflang: "x-default", href: "https://de.example/" },
    ];
    const [only, ...more] = sitemapUrls(alternates, () => true);
    expect(more).toEqual([]);
    expect(only).toEqual({ loc: "https://de.example/", alternates });
    const xml = sitemapXml([only!, only!]);
    expect(xml.match(/<url>/g)).toHaveLength(1);
    expect(sitemapXml([{ loc: "https://de.example/", alternates: [] }])).not.toContain(
      "xhtml:link rel",
    );
  });
});
