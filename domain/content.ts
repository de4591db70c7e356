/**
 * Content stories as the storefront sees them, and the pure rules around them: where a
 * story lives (locale folders, paths), breadcrumbs, hreflang alternates and safe
 * redirect targets. Pure: shared by the server (content service, API) and the browser.
 */
import {
  LOCALES,
  contentLocaleChain,
  localeSettings,
  toContentLanguageCode,
  type Country,
} from "./locales";
import { languagePrefix, normalisePath, safeHref } from "./paths";

export type ContentVersion = "draft" | "published";

/** A block instance in a story's content: its component name, its id and its fields. */
export interface ContentBlock {
  _uid: string;
  component: string;
  [field: string]: unknown;
}

/** The root of a story's content: a component with its fields. */
export interface StoryContent {
  component: string;
  _uid: string;
  [field: string]: unknown;
}

/** The content of a page story (content/README.md, content/BLOCKS.md, content/GLOBAL.md). */
export interface PageContent extends StoryContent {
  component: "Page";
  metaTitle?: string;
  metaDescription?: string;
  robots?: "noindex";
  activeNavigation?: string;
  body?: ContentBlock[];
}

/** A content story, from the embedded service or a real Storyblok space. */
export interface ContentStory<C extends StoryContent = StoryContent> {
  id: number;
  uuid: string;
  name: string;
  /** The full slug, e.g. "de-de/service/kontakt" ("de-de/service/" for a folder's start page). */
  fullSlug: string;
  /** The locale folder the story came from; a fallback locale's when the locale has none. */
  folder: string;
  content: C;
  /** The story in the other locale folders (Storyblok's alternates). */
  alternates: { fullSlug: string; name: string; published: boolean }[];
  tags: string[];
  publishedAt: string | null;
  /** A redirect story's target and status code. */
  target: string | null;
  status: number | null;
}

/** A breadcrumb item: text and link.url. */
export interface BreadcrumbItem {
  text: string;
  link: { url: string };
}

/** Stories that are not addressable as pages by their path. */
export const RESERVED_STORY_SLUGS = ["home", "config", "error", "campaigns"] as const;

/** The story slug for a storefront path below the locale prefix: "/" → "home", "/a/b/" → "a/b". */
export function slugForPath(rest: string): string {
  const trimmed = rest.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "home" : trimmed;
}

/** The locale folder and the slug below it: "de-de/service/kontakt" → ["de-de", "service/kontakt"]. */
export function splitFullSlug(fullSlug: string): { folder: string; slug: string } {
  const at = fullSlug.indexOf("/");
  if (at < 0) return { folder: fullSlug, slug: "" };
  return { folder: fullSlug.slice(0, at), slug: fullSlug.slice(at + 1).replace(/\/$/, "") };
}

/** The storefront path of a story without locale prefix: "de-de/home" → "/", "de-de/a/b" → "/a/b". */
export function pathForFullSlug(fullSlug: string): string {
  const { slug } = splitFullSlug(fullSlug);
  return slug === "" || slug === "home" ? "/" : `/${slug}`;
}

/** One hreflang link. */
export interface Hreflang {
  hreflang: string;
  href: string;
}

/**
 * The hreflang links of a story: for every locale the URL where the story (or the
 * translation it falls back to) is shown. `originFor` gives a country site's origin.
 */
export function hreflangLinks(
  story: Pick<ContentStory, "fullSlug" | "alternates">,
  options: {
    trailingSlash: boolean;
    originFor: (country: Country) => string | null;
    /**
     * False for a story search engines are asked not to index: a locale showing it is no
     * version to point them at (and never x-default), so it is left out.
     */
    indexable?: (fullSlug: string) => boolean;
  },
): Hreflang[] {
  const byFolder = new Map<string, string>();
  for (const entry of [{ fullSlug: story.fullSlug }, ...story.alternates]) {
    const { folder } = splitFullSlug(entry.fullSlug);
    if (!byFolder.has(folder)) byFolder.set(folder, entry.fullSlug);
  }
  const links: Hreflang[] = [];
  for (const locale of LOCALES) {
    const folders = contentLocaleChain(locale).map(toContentLanguageCode);
    const ownFolderHasStory = byFolder.has(folders[0] ?? "");
    // A locale with its own folder entry uses it; otherwise it shows its fallback's story.
    const fullSlug = ownFolderHasStory
      ? byFolder.get(folders[0] ?? "")
      : folders
          .slice(1)
          .map((f) => byFolder.get(f))
          .find((s) => s !== undefined);
    if (!fullSlug || options.indexable?.(fullSlug) === false) continue;
    const { country, language } = localeSettings(locale);
    const origin = options.originFor(country);
    if (!origin) continue;
    const path = normalisePath(`${languagePrefix(country, language)}${pathForFullSlug(fullSlug)}`, {
      trailingSlash: options.trailingSlash,
    });
    links.push({ hreflang: locale, href: `${origin}${path}` });
  }
  return links;
}

/**
 * The x-default alternate every page with language versions names: the version for
 * visitors whose language none of them matches. The German shop in Germany is the brand's
 * home shop, so its version is that page; a page without a German-German version falls
 * back to its first one. Product, reviews and content pages all use this one rule.
 */
export function withXDefault(links: readonly Hreflang[]): Hreflang[] {
  const fallback = links.find((link) => link.hreflang === "de-DE") ?? links[0];
  return fallback ? [...links, { hreflang: "x-default", href: fallback.href }] : [...links];
}

/** Redirect statuses a story may carry. */
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/**
 * Where a redirect story may send the visitor: a rooted path on this site, or an http(s)
 * URL on an allowed host. Anything else (javascript:, data:, "//evil", unknown hosts) is null.
 */
export function safeRedirectTarget(
  target: unknown,
  allowedHosts: ReadonlySet<string>,
): string | null {
  const cleaned = safeHref(target, { allowExternal: true });
  if (cleaned === null) return null;
  if (/^\/(?![/\\])/.test(cleaned) && !cleaned.includes("\\")) return cleaned;
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  return allowedHosts.has(url.hostname.toLowerCase()) ? url.toString() : null;
}

/** True when a status is a redirect status a story may use. */
export function isRedirectStatus(status: unknown): status is RedirectStatus {
  return (REDIRECT_STATUSES as readonly unknown[]).includes(status);
}

/**
 * Relations resolved with every page, as `Component.field` holding story
 * uuids: content containers, POC and USP wrappers, frame types, accessory types, the
 * contact form's person and the page product snippet. The resolved stories replace
 * the uuids in the content (storyblok-js-client does this for `rels`).
 */
export const PAGE_RELATIONS = [
  "ContentContainer.stories",
  "PocWrapper.poc",
  "UspWrapper.usps",
  "FrameTypes.frameTypes",
  "AccessoryTypes.accessoryTypes",
  "ContactForm.person",
  "PageProductSnippet.snippet",
] as const;

/** True for the root of a story's content: an object with a component name and a _uid. */
export function isStoryContent(value: unknown): value is StoryContent {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const { component, _uid } = value as Partial<StoryContent>;
  return (
    typeof component === "string" &&
    component.length > 0 &&
    component.length <= 200 &&
    typeof _uid === "string" &&
    _uid.length > 0 &&
    _uid.length <= 100
  );
}
