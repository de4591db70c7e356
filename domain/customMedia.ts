/**
 * The CSS's media queries by name, made from the layout constants (domain/constants.ts),
 * so the style sheets and the scripts switch at the same widths. A style sheet writes
 * `@media (--above-md)` and the build's PostCSS step (vite.config.ts) puts the query in;
 * a name it does not know stops the build. Widths below a boundary end 0.02 px under it,
 * so a zoomed viewport of 767.5 px is in one of the two classes, not between them.
 */
import { BREAKPOINTS, BURGER_CLOSE_MIN_WIDTH, FOOTER_COLLAPSE_MAX_WIDTH } from "./constants.ts";

const below = (px: number) => `(max-width: ${px - 0.02}px)`;
const from = (px: number) => `(min-width: ${px}px)`;

/** Every custom media name and its query. */
export const CUSTOM_MEDIA: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(BREAKPOINTS).flatMap(([name, widest]) => [
      // Up to and including the class's widest viewport, and every wider one.
      [`--up-to-${name}`, below(widest + 1)],
      [`--above-${name}`, from(widest + 1)],
    ]),
  ),
  // Where the burger navigation is used, and where it closes.
  "--with-burger": below(BURGER_CLOSE_MIN_WIDTH),
  "--without-burger": from(BURGER_CLOSE_MIN_WIDTH),
  // Footer lists and tiles collapse below this width.
  "--collapsed-tiles": below(FOOTER_COLLAPSE_MAX_WIDTH),
  "--expanded-tiles": from(FOOTER_COLLAPSE_MAX_WIDTH),
};

const NAME = /\((--[\w-]+)\)/g;

/** A media query's text with each `(--name)` replaced by its query; throws on an unknown name. */
export function resolveCustomMedia(params: string): string {
  return params.replace(NAME, (_, name: string) => {
    const query = CUSTOM_MEDIA[name];
    if (query === undefined) throw new Error(`Unknown custom media ${name} in @media ${params}`);
    return query;
  });
}

/**
 * The PostCSS step that resolves the names in every `@media` rule (a plugin object needs
 * no package of its own; Vite runs it in its CSS pipeline, vite.config.ts). Our own sheets
 * switch only at the named widths: one that writes a width of its own stops the build
 * (a package's sheet is left as it is).
 */
export const customMediaPostcss = {
  postcssPlugin: "shop-custom-media",
  AtRule: {
    media(rule: { params: string; source?: { input?: { file?: string } } }) {
      const file = rule.source?.input?.file ?? "";
      if (!file.includes("node_modules") && mediaWidths(rule.params).length > 0) {
        throw new Error(
          `@media ${rule.params} in ${file || "a style sheet"}: a width of its own; ` +
            "name it through a custom media (--above-md, --with-burger, …)",
        );
      }
      rule.params = resolveCustomMedia(rule.params);
    },
  },
};

/** The widths (px) a media query's text names, e.g. [768] for "(min-width: 768px)". */
export function mediaWidths(params: string): number[] {
  return [...params.matchAll(/(?:min|max)-width\s*:\s*([\d.]+)px/g)].map((m) => Number(m[1]));
}
