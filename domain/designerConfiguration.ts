/**
 * The product configuration a designer link carries: when the link names every option of
 * its product as the product page chose it, the designer prices and adds exactly that
 * configuration, the same question the cart API and the product details answer.
 */
import { CARD_OPTIONS, filterQuery, VISIT_QUERY_PARAMS } from "./designerLinks";

/** A card configuration with the fields of the product details (and of the cart API). */
export interface CardConfiguration {
  kind: "card";
  cardType: string;
  size: string;
  refinement: string;
  envelope: string;
  quantity: number;
  sample: boolean;
  themeId?: string;
}

export interface PhotobookConfiguration {
  kind: "photobook";
  photobookType: string;
  cover: string;
  paper: string;
  size: string;
  pages: number;
  quantity: number;
}

export interface CalendarConfiguration {
  kind: "calendar";
  calendarType: string;
  size: string;
  mounting: string;
  start: string;
  quantity: number;
}

export interface CollageConfiguration {
  kind: "collage";
  design: string;
  collageMaterial: string;
  size: string;
  quantity: number;
}

export type DesignerConfiguration =
  CardConfiguration | PhotobookConfiguration | CalendarConfiguration | CollageConfiguration;

const VALUE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;
/**
 * Largest amount the cart takes in one line. A link may ask for more than its product
 * sells (cards beyond their most): the designer asks the cart, which keeps the amount on
 * the product's grid, and sends the shopper on to the amount the line would have.
 */
const MAX_AMOUNT = 100_000;

type Params = Readonly<Record<string, string | undefined>>;

/** The designer parameters as catalogue values, or null when one is missing or malformed. */
function values<K extends string>(params: Params, names: Readonly<Record<K, string>>) {
  const found = {} as Record<K, string>;
  for (const [key, name] of Object.entries(names) as [K, string][]) {
    const value = params[name];
    if (value === undefined || !VALUE.test(value)) return null;
    found[key] = value;
  }
  return found;
}

/** A whole number from 1 to `max`, or null. */
function amount(value: string | undefined, max = MAX_AMOUNT): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

function card(params: Params): CardConfiguration | null {
  const options = values(
    params,
    Object.fromEntries(CARD_OPTIONS.map((n) => [n, n])) as Record<
      (typeof CARD_OPTIONS)[number],
      string
    >,
  );
  if (!options) return null;
  // A sample is one card; a quantity must be a whole number the designer accepts.
  const sample = params.sample === "true" || params.s === "sample";
  const quantity = sample ? 1 : amount(params.quantity ?? "1");
  if (quantity === null) return null;
  const themeId = params.themeId;
  return {
    kind: "card",
    ...options,
    quantity,
    sample,
    ...(themeId !== undefined && VALUE.test(themeId) ? { themeId } : {}),
  };
}

function photobook(params: Params): PhotobookConfiguration | null {
  const options = values(params, {
    photobookType: "printing",
    cover: "cover",
    paper: "paper",
    size: "size",
  });
  const pages = amount(params.pageCount);
  const quantity = amount(params.amount ?? "1");
  if (!options || pages === null || quantity === null) return null;
  return { kind: "photobook", ...options, pages, quantity };
}

function calendar(params: Params): CalendarConfiguration | null {
  const options = values(params, {
    calendarType: "calendarType",
    size: "format",
    mounting: "mounting",
  });
  const month = amount(params.startMonth, 12);
  const year = params.startYear;
  const quantity = amount(params.quantity ?? "1");
  if (!options || month === null || !year || !/^\d{4}$/.test(year) || quantity === null)
    return null;
  return {
    kind: "calendar",
    ...options,
    start: `${year}-${String(month).padStart(2, "0")}`,
    quantity,
  };
}

function collage(params: Params): CollageConfiguration | null {
  // Only a product page's link names its quantity; a bare link leaves the collage open.
  const options = values(params, {
    design: "designId",
    collageMaterial: "materialType",
    size: "formatType",
  });
  const quantity = amount(params.quantity);
  if (!options || quantity === null) return null;
  return { kind: "collage", ...options, quantity };
}

/**
 * The configuration of a designer product's parameters, or null when they leave an option
 * open (an older link, a theme page's quantity alone): the designer cannot sell one then.
 */
export function designerConfiguration(
  product: string,
  params: Params,
): DesignerConfiguration | null {
  switch (product) {
    case "card":
      return card(params);
    case "photobook":
      return photobook(params);
    case "calendar":
      return calendar(params);
    case "collage":
      return collage(params);
    default:
      return null;
  }
}

/**
 * The parameters that name which product of its family a framed-picture, photo-box or
 * prints link asks for (the picture's material, the box type; prints are one product):
 * what the product page lists to choose from. The rest (a size, a paper finish, a frame)
 * are options of that product.
 */
const ARTICLE_PRODUCT_PARAMS: Readonly<Record<string, readonly string[]>> = {
  photoframe: ["materialType"],
  photobox: ["type"],
  photoprint: [],
};

/**
 * The part of a framed-picture, photo-box or prints link that names its product, without
 * its options (the catalogue tells whether the shop sells that product at all); null for
 * every other product.
 */
export function articleProductParams(
  product: string,
  params: Params,
): Record<string, string> | null {
  const names = Object.hasOwn(ARTICLE_PRODUCT_PARAMS, product)
    ? ARTICLE_PRODUCT_PARAMS[product]
    : undefined;
  if (!names) return null;
  const found: Record<string, string> = {};
  for (const name of names) {
    const value = params[name];
    if (value !== undefined) found[name] = value;
  }
  return found;
}

/** A configuration's values and amounts as the cart would keep them (its quote's answer). */
export interface SettledChoice {
  values: Readonly<Record<string, string>>;
  quantity: number;
  pages: number | null;
  sample: boolean;
}

/** The cart's answer for a configuration: sold with these amounts, or refused. */
export type ConfigurationQuote =
  ({ ok: true } & SettledChoice) | { ok: false; field: string; nearest: SettledChoice | null };

/** The option that names which product of its family a configuration is. */
const TYPE_OPTION: Readonly<Record<DesignerConfiguration["kind"], string>> = {
  card: "cardType",
  calendar: "calendarType",
  collage: "design",
  photobook: "photobookType",
};

/** Whether the studio opens for a designer link's configuration, and if not, what instead. */
export type StudioEntry =
  { to: "studio" } | { to: "designer"; configuration: DesignerConfiguration } | { to: "notFound" };

/** True when the cart refused a configuration for its product type (a card's type, say). */
export function refusesType(asked: DesignerConfiguration, quote: ConfigurationQuote): boolean {
  return !quote.ok && quote.field === TYPE_OPTION[asked.kind];
}

/**
 * The studio opens only for what the cart would take exactly as the link asks; a design
 * started for anything else could never be ordered. A link for a product the shop does
 * not sell (no such product in this shop, a type of it the shop does not know, an
 * unknown theme) has no page to send the shopper to: not found. A link for a product the
 * shop sells with a choice it does not sell (a size, a refinement, an amount off the
 * product's grid) goes on to the designer with what the product page itself shows for
 * that question: the choices it sells kept, its defaults for the others, the amounts it
 * would keep.
 *
 * A theme is printed on its own card type only, so a themed card link asking for another
 * type the shop does sell (`typeSoldWithoutTheme`, the caller asked the cart) is such an
 * unsold choice too: it goes on to the theme's own type. Only a type the shop does not
 * know at all is not found.
 */
export function studioEntry(
  asked: DesignerConfiguration,
  quote: ConfigurationQuote,
  typeSoldWithoutTheme = false,
): StudioEntry {
  const settled = quote.ok ? quote : quote.nearest;
  const themedType = asked.kind === "card" && asked.themeId !== undefined && typeSoldWithoutTheme;
  if (!settled || (refusesType(asked, quote) && !themedType)) return { to: "notFound" };
  const configuration = settledConfiguration(asked, settled);
  const same = (Object.keys(configuration) as (keyof DesignerConfiguration)[]).every(
    (key) => configuration[key] === asked[key],
  );
  // The same choice refused would send the shopper back where they are: not found then.
  if (same) return quote.ok ? { to: "studio" } : { to: "notFound" };
  return { to: "designer", configuration };
}

/** A configuration with the values and amounts the cart settled on (its theme kept). */
export function settledConfiguration(
  asked: DesignerConfiguration,
  settled: SettledChoice,
): DesignerConfiguration {
  const v = settled.values;
  const text = (name: string) => v[name] ?? "";
  switch (asked.kind) {
    case "card":
      return {
        kind: "card",
        cardType: text("cardType"),
        size: text("size"),
        refinement: text("refinement"),
        envelope: text("envelope"),
        quantity: settled.quantity,
        sample: settled.sample,
        ...(asked.themeId === undefined ? {} : { themeId: asked.themeId }),
      };
    case "photobook":
      return {
        kind: "photobook",
        photobookType: text("photobookType"),
        cover: text("cover"),
        paper: text("paper"),
        size: text("size"),
        pages: settled.pages ?? asked.pages,
        quantity: settled.quantity,
      };
    case "calendar":
      return {
        kind: "calendar",
        calendarType: text("calendarType"),
        size: text("size"),
        mounting: text("mounting"),
        start: text("start"),
        quantity: settled.quantity,
      };
    case "collage":
      return {
        kind: "collage",
        design: text("design"),
        collageMaterial: text("collageMaterial"),
        size: text("size"),
        quantity: settled.quantity,
      };
  }
}

/**
 * The parameters each product's configuration is read from (with the other names it is
 * read under): a designer path writes these anew, so a link's own never travel with it.
 */
const CHOICE_PARAMS: Readonly<Record<DesignerConfiguration["kind"], readonly string[]>> = {
  card: [...CARD_OPTIONS, "quantity", "sample", "themeId"],
  photobook: [
    "printing",
    "photobookType",
    "cover",
    "paper",
    "size",
    "pageCount",
    "amount",
    "quantity",
  ],
  calendar: [
    "calendarType",
    "format",
    "mounting",
    "startMonth",
    "startYear",
    "startDate",
    "quantity",
  ],
  collage: ["designId", "materialType", "formatType", "quantity"],
};

/**
 * What a product's designer link carries besides its configuration, which the cart does
 * not price but the studio starts from (a photo book's template and binding, a calendar's
 * accessory). The shop's whitelist of travelling parameters has the rest (language,
 * referral source, ad-click id).
 */
const PRODUCT_PARAMS: Readonly<Record<DesignerConfiguration["kind"], readonly string[]>> = {
  card: [],
  photobook: ["binding", "format", "templateId", "refinement"],
  calendar: ["accessoryTypes"],
  collage: [],
};

/** A travelling value: letters, digits and `_.-` only, so it can steer nothing. */
const CARRIED_VALUE = /^[A-Za-z0-9_.-]{1,256}$/;

/** The travelling parameters that are about the visit (its language, source, ad click …). */
const VISIT_PARAMS: ReadonlySet<string> = new Set(VISIT_QUERY_PARAMS);

/** The amounts of a configuration, which the cart may change without changing the choice. */
const AMOUNTS: ReadonlySet<string> = new Set(["quantity", "pages"]);

/**
 * True when `to` is another choice than `from`: another product, or an option (a type, a
 * size, a cover …) that differs, not only an amount the cart keeps on its grid. Every
 * field but the amounts counts as an option, also one the shopper may think of as a
 * detail (a calendar's start month, a photo book's paper): when the cart moved such a
 * field, the link's template and accessory parameters are dropped as for a new type.
 */
export function changesChoice(from: DesignerConfiguration, to: DesignerConfiguration): boolean {
  const a = new Map<string, unknown>(Object.entries(from));
  const b = new Map<string, unknown>(Object.entries(to));
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].some((name) => !AMOUNTS.has(name) && a.get(name) !== b.get(name));
}

/**
 * The parameters of a designer link that are not its configuration's choices and may
 * travel on with it (the first value of each, plain values only): when the designer sends
 * the shopper on to other amounts of the same choice, the link's language, referral
 * source, ad-click id and the product's own start (a template, a binding, a calendar's
 * accessory, the design group and format that chose the template) stay as they came.
 * When it sends them on to another choice (`choiceChanged`), whatever described the old
 * choice may not fit the new one (a landscape template on a square book, an accessory of
 * another calendar type): only the visit's own parameters travel then, and the designer
 * starts the new choice as its own link would.
 */
export function carriedParams(
  kind: DesignerConfiguration["kind"],
  query: URLSearchParams,
  choiceChanged = false,
): URLSearchParams {
  const choices = new Set(CHOICE_PARAMS[kind]);
  const own = PRODUCT_PARAMS[kind];
  const offered = [...filterQuery(query), ...[...query].filter(([name]) => own.includes(name))];
  const carried = new URLSearchParams();
  const seen = new Set<string>();
  for (const [name, value] of offered) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (choices.has(name) || !CARRIED_VALUE.test(value)) continue;
    if (choiceChanged && !VISIT_PARAMS.has(name)) continue;
    carried.append(name, value);
  }
  return carried;
}

/**
 * The designer link of a configuration, under the designer's own parameter names (those
 * `designerConfiguration` reads back): `/designer/{kind}?…`, a path of this shop. The
 * `carried` parameters (see `carriedParams`) follow the configuration's.
 */
export function designerPath(
  configuration: DesignerConfiguration,
  carried: URLSearchParams = new URLSearchParams(),
): string {
  const c = configuration;
  let params: Record<string, string>;
  switch (c.kind) {
    case "card":
      params = {
        cardType: c.cardType,
        size: c.size,
        refinement: c.refinement,
        envelope: c.envelope,
        quantity: String(c.quantity),
        ...(c.sample ? { sample: "true" } : {}),
        ...(c.themeId === undefined ? {} : { themeId: c.themeId }),
      };
      break;
    case "photobook":
      params = {
        printing: c.photobookType,
        cover: c.cover,
        paper: c.paper,
        size: c.size,
        pageCount: String(c.pages),
        amount: String(c.quantity),
      };
      break;
    case "calendar":
      params = {
        calendarType: c.calendarType,
        format: c.size,
        mounting: c.mounting,
        startYear: c.start.slice(0, 4),
        startMonth: String(Number(c.start.slice(5, 7))),
        quantity: String(c.quantity),
      };
      break;
    case "collage":
      params = {
        designId: c.design,
        materialType: c.collageMaterial,
        formatType: c.size,
        quantity: String(c.quantity),
      };
      break;
  }
  const query = new URLSearchParams(params);
  for (const [name, value] of carried) if (!query.has(name)) query.append(name, value);
  return `/designer/${c.kind}?${query}`;
}
