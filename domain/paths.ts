/**
 * URL rules: locale prefix and desktop marker, app routes,
 * configurator links, localised category paths, SSR-safe paths, slug sanity, trailing
 * slashes, the locale-prefix guard and safe link targets. Pure functions.
 */
import {
  COUNTRIES,
  LANGUAGES,
  defaultLanguage,
  defaultLocaleFor,
  isLanguage,
  localeFor,
  type Country,
  type Language,
  type Locale,
} from "./locales";
import { RECOMMENDATION_WORDS } from "./recommendationPaths";
import { REVIEWS_PATHS } from "./reviewPaths";
import { WISHLIST_PATHS } from "./wishlistPaths";

// ---------------------------------------------------------------- prefix and desktop marker

/** The desktop-app marker segment. */
export const DESKTOP_MARKER = "d";

/** A pathname split into its optional locale prefix, desktop marker and the rest. */
export interface SplitPath {
  /** Lowercased two-letter first segment, or null. */
  prefix: string | null;
  /** True when a "d" segment leads the path or directly follows the prefix. */
  desktop: boolean;
  /** The remaining path, starting with "/" (keeps a trailing slash). */
  rest: string;
}

/** A split path with what is needed to rebuild it. */
interface ParsedPath extends SplitPath {
  /** The prefix as written (for canonical-case checks). */
  rawPrefix: string | null;
  /** True when the marker came before the prefix ("/d/fr/x"). */
  desktopFirst: boolean;
  /** Segments of the rest. */
  segments: string[];
  /** True when the path ended with "/" after at least one segment. */
  trailing: boolean;
}

const TWO_LETTERS = /^[a-z]{2}$/i;

/** Collapses runs of slashes and ensures one leading slash. */
function collapseSlashes(pathname: string): string {
  return `/${pathname}`.replace(/\/{2,}/g, "/");
}

/** Parses a pathname (duplicate slashes collapsed) into prefix, marker and rest. */
function parsePath(pathname: string): ParsedPath {
  const collapsed = collapseSlashes(pathname);
  const segments = collapsed.split("/").filter((s) => s !== "");
  const trailing = segments.length > 0 && collapsed.endsWith("/");
  let rawPrefix: string | null = null;
  let desktop = false;
  let desktopFirst = false;
  let i = 0;
  const first = segments[0];
  if (first !== undefined && TWO_LETTERS.test(first)) {
    rawPrefix = first;
    i = 1;
    if (segments[1] === DESKTOP_MARKER) {
      desktop = true;
      i = 2;
    }
  } else if (first === DESKTOP_MARKER) {
    desktop = true;
    desktopFirst = true;
    i = 1;
    const second = segments[1];
    if (second !== undefined && TWO_LETTERS.test(second)) {
      rawPrefix = second;
      i = 2;
    }
  }
  const rest = segments.slice(i);
  return {
    prefix: rawPrefix?.toLowerCase() ?? null,
    rawPrefix,
    desktop,
    desktopFirst,
    segments: rest,
    trailing,
    rest: rest.length === 0 ? "/" : `/${rest.join("/")}${trailing ? "/" : ""}`,
  };
}

/** Builds a pathname from a prefix, the marker and rest segments. */
function buildPath(
  prefix: string | null,
  desktop: boolean,
  desktopFirst: boolean,
  segments: readonly string[],
  trailing: boolean,
): string {
  const lead = desktopFirst
    ? [desktop ? DESKTOP_MARKER : null, prefix]
    : [prefix, desktop ? DESKTOP_MARKER : null];
  const all = [...lead.filter((s): s is string => s !== null), ...segments];
  if (all.length === 0) return "/";
  return `/${all.join("/")}${trailing ? "/" : ""}`;
}

/** Splits a pathname into locale prefix, desktop marker ("/d/fr/x" and "/fr/d/x") and rest. */
export function splitPath(pathname: string): SplitPath {
  const { prefix, desktop, rest } = parsePath(pathname);
  return { prefix, desktop, rest };
}

/** True for a link to the home page in any language or platform ("/", "/fr", "/d/fr/?x"). */
export function isHomePath(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? "";
  return pathname.startsWith("/") && parsePath(pathname).segments.length === 0;
}

/** A platform. */
export type Platform = "web" | "desktop";

/** "desktop" when the path carries the d marker, else "web". */
export function platformFor(pathname: string): Platform {
  return parsePath(pathname).desktop ? "desktop" : "web";
}

/**
 * The same internal link on the desktop app: the d marker after the language prefix
 * ("/warenkorb" → "/d/warenkorb", "/fr/panier?x" → "/fr/d/panier?x"), so a shopper who
 * follows it stays in the app's frame. External links and links already marked stay.
 */
export function withDesktopMarker(href: string): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const cut = href.search(/[?#]/);
  const pathname = cut < 0 ? href : href.slice(0, cut);
  const parsed = parsePath(pathname);
  if (parsed.desktop) return href;
  const marked = buildPath(parsed.rawPrefix, true, false, parsed.segments, parsed.trailing);
  return cut < 0 ? marked : `${marked}${href.slice(cut)}`;
}

// ---------------------------------------------------------------- normalisation

const FILE_EXTENSION = /\.[a-z0-9]+$/i;

/** Options of {@link normalisePath}. */
export interface NormaliseOptions {
  /** The channel's trailing-slash setting. */
  trailingSlash: boolean;
}

/**
 * Collapses duplicate slashes and removes or adds the trailing slash per the setting;
 * "/" stays "/", and a path whose last segment has a file extension never gets one. Idempotent.
 */
export function normalisePath(pathname: string, options: NormaliseOptions): string {
  const bare = collapseSlashes(pathname).replace(/\/+$/, "");
  if (bare === "") return "/";
  const last = bare.slice(bare.lastIndexOf("/") + 1);
  return options.trailingSlash && !FILE_EXTENSION.test(last) ? `${bare}/` : bare;
}

/** Where a shop path is shown: the visitor's language on its country's host, the channel's form. */
export interface ShopPathSite {
  country: Country;
  language: Language;
  /** The channel's trailing-slash setting. */
  trailingSlash: boolean;
}

/**
 * A shop path written without a language ("/designer/card?x=1") as the visitor reaches it:
 * behind their language's prefix (none for the country's own language) and in the channel's
 * trailing-slash form, its query kept as it is, so following it needs no second redirect.
 */
export function localisedShopPath(href: string, site: ShopPathSite): string {
  const cut = href.indexOf("?");
  const pathname = cut < 0 ? href : href.slice(0, cut);
  const path = normalisePath(`${languagePrefix(site.country, site.language)}${pathname}`, {
    trailingSlash: site.trailingSlash,
  });
  return cut < 0 ? path : `${path}${href.slice(cut)}`;
}

// ---------------------------------------------------------------- locale-prefix guard

/** Region codes that are not also languages, and the country each one means. */
export const REGION_PREFIXES: Readonly<Record<string, Country>> = {
  at: "AT",
  ch: "CH",
  li: "LI",
  lu: "LU",
  be: "BE",
  us: "US",
  gb: "GB",
  uk: "GB",
};

/** Outcome of the locale-prefix guard. */
export type LocalePrefixResult =
  | { kind: "ok"; locale: Locale; language: Language; desktop: boolean; rest: string }
  | { kind: "redirect-path"; pathname: string }
  | { kind: "redirect-country"; country: Country; pathname: string }
  | { kind: "not-found" };

/** Input of {@link resolveLocalePrefix}. */
export interface LocalePrefixInput {
  pathname: string;
  /** The country of the requested host. */
  country: Country;
  /** The channel's trailing-slash setting; when given, non-normalised paths are redirected. */
  trailingSlash?: boolean;
}

/** True when a string holds an ASCII control character (U+0000 to U+001F, or U+007F). */
function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

/** True when a path must never be a redirect target (a backslash acts as a slash in browsers). */
function isUnsafeRedirect(path: string): boolean {
  return path.includes("\\") || hasControlChar(path);
}

/**
 * The locale-prefix guard. No prefix: the host's default locale. A language
 * offered here: ok (its default-language prefix is redundant: redirect-path without it).
 * A language not offered here: redirect-country to the language's home country. A region
 * code (at, ch, li, lu, be, us, gb, uk): redirect-country, or redirect-path when it names
 * this country. Anything else: not-found. The d marker is kept; upper-case prefixes,
 * duplicate slashes and (with `trailingSlash`) trailing slashes are canonicalised.
 * A prefix is never stripped when the rest itself starts with a two-letter segment, as
 * that would change its meaning: such paths are not-found. Every redirect resolves to ok.
 */
export function resolveLocalePrefix(input: LocalePrefixInput): LocalePrefixResult {
  const { pathname, country, trailingSlash } = input;
  const parsed = parsePath(pathname);
  const finish = (path: string) =>
    trailingSlash === undefined ? path : normalisePath(path, { trailingSlash });

  /** A redirect without the prefix, to this host or another country's. */
  const stripped = (target: Country): LocalePrefixResult => {
    const next = parsed.segments[0];
    if (next !== undefined && TWO_LETTERS.test(next)) return { kind: "not-found" };
    const path = finish(
      buildPath(null, parsed.desktop, parsed.desktopFirst, parsed.segments, parsed.trailing),
    );
    if (isUnsafeRedirect(path)) return { kind: "not-found" };
    return target === country
      ? { kind: "redirect-path", pathname: path }
      : { kind: "redirect-country", country: target, pathname: path };
  };

  const prefix = parsed.prefix;
  let locale: Locale | null;
  if (prefix === null) {
    locale = defaultLocaleFor(country);
  } else if (isLanguage(prefix)) {
    if (prefix === defaultLanguage(country)) return stripped(country);
    locale = localeFor(country, prefix);
    if (locale === null) return stripped(LANGUAGES[prefix].home);
  } else {
    const region = Object.hasOwn(REGION_PREFIXES, prefix) ? REGION_PREFIXES[prefix] : undefined;
    return region ? stripped(region) : { kind: "not-found" };
  }

  const canonical = finish(
    buildPath(prefix, parsed.desktop, parsed.desktopFirst, parsed.segments, parsed.trailing),
  );
  if (canonical !== pathname) {
    return isUnsafeRedirect(canonical)
      ? { kind: "not-found" }
      : { kind: "redirect-path", pathname: canonical };
  }
  return {
    kind: "ok",
    locale,
    language: prefix === null ? defaultLanguage(country) : (prefix as Language),
    desktop: parsed.desktop,
    rest: parsed.rest,
  };
}

/** The path prefix for a language on a country's host: "" for the default language, else "/fr". */
export function languagePrefix(country: Country, language: Language): string {
  return language === COUNTRIES[country][0] ? "" : `/${language}`;
}

// ---------------------------------------------------------------- app routes

/** Kinds of app routes, which are not content pages. */
export type AppRouteKind =
  | "configurator"
  | "account"
  | "cart"
  | "checkout"
  | "order"
  | "newsletter"
  | "recommendation"
  | "logout"
  | "wishlist"
  | "reviews";

/** The wishlist page's first path segment in each language (its paths, without the slash). */
function wishlistWords(): Readonly<Record<Language, readonly string[]>> {
  const words = (language: Language) => [WISHLIST_PATHS[language].slice(1)];
  return {
    de: words("de"),
    en: words("en"),
    fr: words("fr"),
    it: words("it"),
    es: words("es"),
    nl: words("nl"),
  };
}

/** The reviews page's first path segment in each language. */
function reviewsWords(): Readonly<Record<Language, readonly string[]>> {
  const words = (language: Language) => [REVIEWS_PATHS[language].slice(1)];
  return {
    de: words("de"),
    en: words("en"),
    fr: words("fr"),
    it: words("it"),
    es: words("es"),
    nl: words("nl"),
  };
}

/**
 * First path segments of app routes, per kind and language. A path is an app route when
 * its first segment equals one of these or starts with it followed by "-" or "_".
 */
export const APP_ROUTE_PREFIXES: Readonly<
  Record<AppRouteKind, Readonly<Record<Language, readonly string[]>>>
> = {
  configurator: {
    en: ["configurator"],
    de: ["konfigurator"],
    fr: ["configurateur"],
    it: ["configuratore"],
    es: ["configurador"],
    nl: ["configurator"],
  },
  account: {
    en: ["account", "my-account"],
    de: ["konto", "mein-konto", "kundenkonto"],
    fr: ["compte", "mon-compte"],
    it: ["conto", "il-mio-account"],
    es: ["cuenta", "mi-cuenta"],
    nl: ["mijn-account"],
  },
  cart: {
    en: ["cart", "basket"],
    de: ["warenkorb"],
    fr: ["panier"],
    it: ["carrello"],
    es: ["carrito", "cesta"],
    nl: ["winkelwagen", "winkelmand"],
  },
  checkout: {
    en: ["checkout"],
    de: ["kasse"],
    fr: ["commander"],
    it: ["cassa"],
    es: ["finalizar-compra"],
    nl: ["afrekenen"],
  },
  order: {
    en: ["order", "orders"],
    de: ["bestellung", "bestellungen"],
    fr: ["commande", "commandes"],
    it: ["ordine", "ordini"],
    es: ["pedido", "pedidos"],
    nl: ["bestelling", "bestellingen"],
  },
  newsletter: {
    en: ["newsletter"],
    de: ["newsletter"],
    fr: ["lettre-d-information"],
    it: ["newsletter"],
    es: ["boletin"],
    nl: ["nieuwsbrief"],
  },
  recommendation: RECOMMENDATION_WORDS,
  logout: {
    en: ["logout"],
    de: ["abmelden"],
    fr: ["deconnexion"],
    it: ["esci"],
    es: ["cerrar-sesion"],
    nl: ["uitloggen"],
  },
  wishlist: /* @__PURE__ */ wishlistWords(),
  reviews: /* @__PURE__ */ reviewsWords(),
};

function appRouteWords(): ReadonlySet<string> {
  return new Set(
    Object.values(APP_ROUTE_PREFIXES).flatMap((byLanguage) => Object.values(byLanguage).flat()),
  );
}

// Marked pure: browser bundles that never ask whether a path is an app route drop the lists.
// (The lists are built inside a function: a pure call's own arguments would still be kept.)
const APP_ROUTE_WORDS = /* @__PURE__ */ appRouteWords();

/** The first segment of a path, lowercased, or "". */
function firstSegment(path: string): string {
  return (collapseSlashes(path).split("/")[1] ?? "").toLowerCase();
}

/** True when the path (after any prefix and marker) is an app route, not a content page. */
export function isAppRoute(rest: string): boolean {
  const segment = firstSegment(splitPath(rest).rest);
  if (segment === "") return false;
  for (const word of APP_ROUTE_WORDS) {
    if (segment === word || segment.startsWith(`${word}-`) || segment.startsWith(`${word}_`)) {
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- configurator links

/** The product families with a configurator path. */
export type ConfiguratorFamily =
  "calendar" | "card" | "collage" | "photo-frame" | "photobook" | "photobox";

/**
 * The configurator paths in each language. The English ones are the canonical paths
 * every language understands; each language adds its own words.
 */
export const LOCALISED_CONFIGURATOR_PATHS: Readonly<
  Record<ConfiguratorFamily, Readonly<Record<Language, string>>>
> = {
  calendar: {
    en: "/configurator-calendar",
    de: "/konfigurator-kalender",
    fr: "/configurateur-calendrier",
    it: "/configuratore-calendario",
    es: "/configurador-calendario",
    nl: "/configurator-kalender",
  },
  card: {
    en: "/configurator-card",
    de: "/konfigurator-karte",
    fr: "/configurateur-carte",
    it: "/configuratore-biglietto",
    es: "/configurador-tarjeta",
    nl: "/configurator-kaart",
  },
  collage: {
    en: "/configurator-collage",
    de: "/konfigurator-collage",
    fr: "/configurateur-collage",
    it: "/configuratore-collage",
    es: "/configurador-collage",
    nl: "/configurator-collage",
  },
  "photo-frame": {
    en: "/configurator-photo-frame",
    de: "/konfigurator-bilderrahmen",
    fr: "/configurateur-cadre-photo",
    it: "/configuratore-cornice",
    es: "/configurador-marco",
    nl: "/configurator-fotolijst",
  },
  photobook: {
    en: "/configurator-photobook",
    de: "/konfigurator-fotobuch",
    fr: "/configurateur-livre-photo",
    it: "/configuratore-fotolibro",
    es: "/configurador-fotolibro",
    nl: "/configurator-fotoboek",
  },
  photobox: {
    en: "/configurator-photobox",
    de: "/konfigurator-fotobox",
    fr: "/configurateur-boite-photo",
    it: "/configuratore-scatola-foto",
    es: "/configurador-caja-fotos",
    nl: "/configurator-fotodoos",
  },
};

/** Every configurator path (canonical and localised) with its product family. */
function configuratorPaths(): ReadonlyMap<string, ConfiguratorFamily> {
  const entries = Object.entries(LOCALISED_CONFIGURATOR_PATHS) as [
    ConfiguratorFamily,
    Record<Language, string>,
  ][];
  return new Map(
    entries.flatMap(([family, byLanguage]) =>
      Object.values(byLanguage).map((path) => [path, family] as const),
    ),
  );
}

// Marked pure: browser bundles that only ask whether a path is a configurator drop the lists.
export const CONFIGURATOR_PATHS = /* @__PURE__ */ configuratorPaths();

/** The product family of a configurator path (after any prefix and marker), or null. */
export function configuratorFamilyFor(pathname: string): ConfiguratorFamily | null {
  const rest = normalisePath(splitPath(pathname).rest, { trailingSlash: false }).toLowerCase();
  return CONFIGURATOR_PATHS.get(rest) ?? null;
}

/** The first segment of every configurator path: the word "configurator" in a language, then "-". */
const CONFIGURATOR_SEGMENT =
  /^\/(?:configurator|konfigurator|configurateur|configuratore|configurador)-[^/]/i;

/** True when the pathname (after any prefix and marker) is a configurator path. */
export function isConfiguratorPath(pathname: string): boolean {
  return CONFIGURATOR_SEGMENT.test(splitPath(pathname).rest);
}

/** Decodes a query component, or returns it unchanged when malformed. */
function decodeQueryPart(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/**
 * Adds `locale=<locale>` to a configurator URL (relative or absolute) without a non-empty
 * locale parameter, keeping other parameters and the hash; any other URL is returned unchanged.
 */
export function withConfiguratorLocale(url: string, locale: Locale): string {
  const origin = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i.exec(url)?.[0] ?? "";
  const afterOrigin = url.slice(origin.length);
  const hashAt = afterOrigin.indexOf("#");
  const hash = hashAt < 0 ? "" : afterOrigin.slice(hashAt);
  const beforeHash = hashAt < 0 ? afterOrigin : afterOrigin.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? "" : beforeHash.slice(queryAt + 1);
  if (!isConfiguratorPath(path)) return url;
  const pairs = query.split("&").filter((p) => p !== "");
  const keyOf = (pair: string) => decodeQueryPart(pair.split("=")[0] ?? "");
  const valueOf = (pair: string) => decodeQueryPart(pair.split("=").slice(1).join("="));
  if (pairs.some((p) => keyOf(p) === "locale" && valueOf(p) !== "")) return url;
  const kept = pairs.filter((p) => keyOf(p) !== "locale");
  kept.push(`locale=${encodeURIComponent(locale)}`);
  return `${origin}${path}?${kept.join("&")}${hash}`;
}

// ---------------------------------------------------------------- categories

/** Categories with localised paths. */
export type LocalisedCategory = "photobox" | "photoprints" | "calendar" | "canvas";

/** Localised category paths per category and language. */
export const LOCALISED_CATEGORY_PATHS: Readonly<
  Record<LocalisedCategory, Readonly<Record<Language, readonly string[]>>>
> = {
  photobox: {
    de: ["/fotobox"],
    fr: ["/boite-photo"],
    it: ["/scatola-foto"],
    es: ["/caja-de-fotos"],
    nl: ["/fotodoos"],
    en: ["/photo-box"],
  },
  photoprints: {
    de: ["/fotos-drucken", "/fotoabzuege"],
    fr: ["/tirage-photo"],
    it: ["/stampa-foto"],
    es: ["/imprimir-fotos"],
    nl: ["/foto-afdrukken"],
    en: ["/photo-prints"],
  },
  calendar: {
    de: ["/fotokalender"],
    fr: ["/calendrier-photo"],
    it: ["/calendario-foto"],
    es: ["/calendario-de-fotos"],
    nl: ["/fotokalender"],
    en: ["/photo-calendar"],
  },
  canvas: {
    de: ["/leinwand", "/wandbilder/leinwand"],
    fr: ["/toile", "/photo-sur-toile"],
    it: ["/tela", "/foto-su-tela"],
    es: ["/lienzo", "/foto-en-lienzo"],
    nl: ["/canvas", "/foto-op-canvas"],
    en: ["/canvas-print", "/photo-on-canvas"],
  },
};

// Marked pure (see APP_ROUTE_WORDS): bundles without category lookups drop the lists.
const CATEGORY_ENTRIES: readonly (readonly [string, LocalisedCategory])[] = /* @__PURE__ */ (() =>
  Object.entries(LOCALISED_CATEGORY_PATHS)
    .flatMap(([category, byLanguage]) =>
      Object.values(byLanguage)
        .flat()
        .map((path) => [path, category as LocalisedCategory] as const),
    )
    .sort((a, b) => b[0].length - a[0].length))();

/** The category of a path (after any prefix and marker) that is or lies under a category path; else null. */
export function categoryForPath(rest: string): LocalisedCategory | null {
  const path = collapseSlashes(splitPath(rest).rest).toLowerCase();
  for (const [prefix, category] of CATEGORY_ENTRIES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return category;
  }
  return null;
}

// ---------------------------------------------------------------- products route and SSR

/** Aliases of the products overview route. */
export const PRODUCTS_ALIASES = [
  "vorkonfigurator-kalender",
  "vorkonfigurator-karten",
  "products",
] as const;

/** True for the products route or an alias, with optional prefix, marker and trailing slash. */
export function isProductsPath(pathname: string): boolean {
  const segments = splitPath(pathname)
    .rest.split("/")
    .filter((s) => s !== "");
  return (
    segments.length === 1 && (PRODUCTS_ALIASES as readonly string[]).includes(segments[0] as string)
  );
}

// ---------------------------------------------------------------- slug sanity

/** Longest slug accepted by the content catch-all. */
export const MAX_SLUG_LENGTH = 512;
/** Most segments accepted by the content catch-all. */
export const MAX_SLUG_SEGMENTS = 12;

const SLUG_SEGMENT = /^[a-z0-9._-]+$/;

/**
 * The slug sanity check of the content catch-all: lowercase letters, digits, "-", "_"
 * and "." (never a "." or ".." segment), no empty segment except one trailing slash,
 * nothing encoded, at most 512 characters and 12 segments. "/" (the home page) is sane.
 */
export function isSaneSlug(rest: string): boolean {
  if (typeof rest !== "string" || rest.length > MAX_SLUG_LENGTH) return false;
  let body = rest.startsWith("/") ? rest.slice(1) : rest;
  if (body === "") return true;
  if (body.endsWith("/")) body = body.slice(0, -1);
  const segments = body.split("/");
  if (segments.length > MAX_SLUG_SEGMENTS) return false;
  return segments.every((s) => SLUG_SEGMENT.test(s) && s !== "." && s !== "..");
}

// ---------------------------------------------------------------- link safety

/** What a link target is. */
type LinkKind = "relative" | "external" | "contact" | "unsafe";

/** Cleans a link target the way browsers read it: tabs and newlines removed, outer whitespace trimmed. */
function cleanLink(url: string): string {
  const stripped = url.replace(/[\t\n\r]/g, "");
  const isOuter = (c: string) => c.charCodeAt(0) <= 0x20 || /\s/.test(c);
  let start = 0;
  let end = stripped.length;
  while (start < end && isOuter(stripped.charAt(start))) start++;
  while (end > start && isOuter(stripped.charAt(end - 1))) end--;
  return stripped.slice(start, end);
}

/** Classifies a cleaned link target. */
function classifyLink(cleaned: string): LinkKind {
  if (hasControlChar(cleaned)) return "unsafe";
  if (/^[/\\]{2}/.test(cleaned)) return "external";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) return "relative";
  if (scheme === "http" || scheme === "https") return "external";
  if (scheme === "mailto" || scheme === "tel") return "contact";
  return "unsafe";
}

/**
 * True when a link target may be followed: relative paths, mailto: and tel: always;
 * http(s) and protocol-relative "//host" only with `external: true`; any other protocol
 * (javascript:, data:, vbscript:, also with case or whitespace tricks) never.
 */
export function isSafeExternalUrl(url: unknown, options: { external: boolean }): boolean {
  if (typeof url !== "string") return false;
  const kind = classifyLink(cleanLink(url));
  return kind === "relative" || kind === "contact" || (kind === "external" && options.external);
}

/** The cleaned link target when {@link isSafeExternalUrl} allows it, else null. */
export function safeHref(url: unknown, options: { allowExternal: boolean }): string | null {
  if (typeof url !== "string") return null;
  const cleaned = cleanLink(url);
  return isSafeExternalUrl(cleaned, { external: options.allowExternal }) ? cleaned : null;
}
