/**
 * The sitemap of one host (the sitemaps.org format): every page as an absolute URL, with
 * the same page in the host's other languages as hreflang alternates. Pure: the server
 * gathers the pages, these rules write them.
 */
import type { Hreflang } from "./content";

/** One page in the sitemap: its URL and, when it exists in more than one language, its alternates. */
export interface SitemapUrl {
  loc: string;
  /** Every language version of the page, this one included; empty for a page in one language. */
  alternates: Hreflang[];
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text or an attribute value as XML: the five special characters become entities. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * The entries of one page that exists in several languages: one per language version,
 * each listing them all (search engines want every version to name itself too). A page
 * in one language gets no alternates.
 */
export function sitemapUrls(versions: readonly Hreflang[]): SitemapUrl[] {
  const alternates = versions.length > 1 ? [...versions] : [];
  return versions.map((version) => ({ loc: version.href, alternates }));
}

/** The sitemap document; a URL listed twice is written once (the first). */
export function sitemapXml(urls: readonly SitemapUrl[]): string {
  const seen = new Set<string>();
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const url of urls) {
    if (seen.has(url.loc)) continue;
    seen.add(url.loc);
    lines.push("  <url>", `    <loc>${escapeXml(url.loc)}</loc>`);
    for (const alternate of url.alternates) {
      lines.push(
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
      );
    }
    lines.push("  </url>");
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}
