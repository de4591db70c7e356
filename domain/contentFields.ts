/**
 * The rules for reading colour and link fields of the content system, one for every
 * reader: the page blocks, their rich text and the global configuration. (Dates have
 * theirs in dates.ts.) Pure: the storefront's zod schemas and tolerant readers call these.
 */

/** #rgb, #rrggbb or #rrggbbaa. */
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * The colour test, built on first use (a browser bundle that never reads a colour field
 * then leaves the list of names out).
 */
function cssColourTest(): (value: string) => boolean {
  // The CSS named colours (CSS Color 4), plus `transparent`.
  const named = new Set(
    (
      "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue " +
      "blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk " +
      "crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki " +
      "darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen " +
      "darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue " +
      "dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro " +
      "ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo " +
      "ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan " +
      "lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen " +
      "lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen " +
      "linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple " +
      "mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred " +
      "midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab " +
      "orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip " +
      "peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue " +
      "saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue " +
      "slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet " +
      "wheat white whitesmoke yellow yellowgreen transparent"
    ).split(" "),
  );
  const number = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)`;
  const channel = `${number}%?`;
  const hue = `${number}(?:deg|turn|rad|grad)?`;
  // Three channels separated by commas or by spaces, an optional alpha after "," or "/".
  const functional = (name: string, first: string) => {
    const comma = String.raw`${first}\s*,\s*${channel}\s*,\s*${channel}(?:\s*,\s*${channel})?`;
    const space = String.raw`${first}\s+${channel}\s+${channel}(?:\s*\/\s*${channel})?`;
    return new RegExp(String.raw`^${name}\(\s*(?:${comma}|${space})\s*\)$`, "i");
  };
  const rgb = functional("rgba?", channel);
  const hsl = functional("hsla?", hue);
  return (value) =>
    HEX_COLOUR.test(value) || rgb.test(value) || hsl.test(value) || named.has(value.toLowerCase());
}

let cssColour: ((value: string) => boolean) | undefined;

/**
 * True for the colours an editor may write: #rgb, #rrggbb, #rrggbbaa, rgb()/rgba(),
 * hsl()/hsla() of plain numbers, and the CSS named colours. Nothing else reaches a style
 * (no var(), url() or keywords like inherit).
 */
export function isCssColour(value: string): boolean {
  cssColour ??= cssColourTest();
  return cssColour(value);
}

/** A small coloured label of the content ("New", "-20 %"): its text and accepted colours. */
export interface ContentLabel {
  text: string;
  backgroundColor: string;
  textColor: string;
}

/** A plain object (a story block or a field group), not a list. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function trimmed(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * A colour field: a plain value, or a colour picker's value `{ hex }`, `{ value }` or
 * `{ color }`. The colour, or null when it is none the shop accepts (the field's default
 * then applies).
 */
export function contentColour(value: unknown): string | null {
  const candidate = isRecord(value)
    ? trimmed(value.hex) || trimmed(value.value) || trimmed(value.color)
    : trimmed(value);
  return candidate !== "" && isCssColour(candidate) ? candidate : null;
}

/** A locale folder at the start of a full slug ("de-de/…", "/fr-ch"). */
const FOLDER = /^\/?[a-z]{2}-[a-z]{2}(?=\/|$)/i;

/**
 * The shop path of a story's full slug. Shop paths never contain the content folder, so
 * any leading locale folder goes ("de-de/service/versand" → "/service/versand"), and the
 * home story is the root ("de-de/home" → "/").
 */
export function storyPath(fullSlug: string): string {
  const path = `/${fullSlug.trim().replace(FOLDER, "").replace(/^\/+/, "")}`;
  return path === "/home" ? "/" : path;
}

/** True for a target that is already an address, not a story's full slug. */
function isAddress(target: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(target);
}

/**
 * The target of a link field before it is checked and localised, or "" when there is
 * none. A string is taken as written. A multilink: an email link is `mailto:{email}`; a
 * story link is the story's shop path (from `cached_url`, else `url`); any other link is
 * its `url`, else its `cached_url` (a full slug there is read as a story). An `anchor`
 * is added as `#anchor` unless the target already has a fragment.
 */
export function linkTarget(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (!isRecord(value)) return "";
  const linktype = trimmed(value.linktype);
  const url = trimmed(value.url);
  const cached = trimmed(value.cached_url);
  let target: string;
  if (linktype === "email") {
    const address = (trimmed(value.email) || url).replace(/^mailto:/i, "");
    return address ? `mailto:${address}` : "";
  } else if (linktype === "story") {
    const slug = cached || url;
    target = slug ? storyPath(slug) : "";
  } else if (url) {
    target = url;
  } else {
    target = cached && !isAddress(cached) ? storyPath(cached) : cached;
  }
  const anchor = trimmed(value.anchor).replace(/^#/, "");
  return anchor && !target.includes("#") ? `${target}#${encodeURIComponent(anchor)}` : target;
}
