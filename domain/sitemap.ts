/**
 * The sitemap of one host (the sitemaps.org format): every page of the host as an absolute
 * URL, with the same hreflang alternates the page names in its head (its versions on every
 * country's host and x-default), so the two never disagree. Pure: the server gathers the
 * pages, these rules write them.
 */
import type { Hreflang } from "./content";

/** One page in the sitemap: its URL and the alternates the page names. */
export interface SitemapUrl {
  loc: string;
  /** Every language version of the page, this one included, and x-default; may be empty. */
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
 * The entries of one page on one host: one per language version the host shows (`here`),
 * each listing all the page's alternates (search engines want every version to name
 * itself and the others, on whatever host they are).
 */
export function sitemapUrls(
  alternates: readonly Hreflang[],
  here: (version: Hreflang) => boolean,
): SitemapUrl[] {
  return alternates
    .filter((version) => version.hreflang !== "x-default" && here(version))
    .map((version) => ({ loc: version.href, alternates: [...alternates] }));
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
