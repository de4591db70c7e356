/**
 * The navigation's product pages into the cart, at HTTP level, as a browser without
 * JavaScript goes. For each brand in de-DE, de-CH, fr-CH and en-US it:
 *   - reads the header of the home page and visits every product page it links to (the
 *     magazine, help, offers, cart and wishlist are no product pages);
 *   - on a page with options (a product's detail container or a price calculator) picks a
 *     value other than the page's own in every option group, one after the other, through
 *     the URL the page's form builds for that value (what the form sends without
 *     JavaScript), until every group shows the picked value;
 *   - takes the price the server renders for that configuration and follows the page's own
 *     button: through the configurator to the designer, which must open the studio, and
 *     into the cart the way the studio puts it there (the cart API with the configuration
 *     or article and its design), or, for accessories, the page's own cart form;
 *   - on an overview page without options (the cards, the posters) follows its last priced
 *     tile: to a product page, walked as above, or straight to the designer at the tile's
 *     price;
 *   - finds the page's price on the cart line.
 * The last test checks every product family the navigation leads to was walked. A browser
 * walk that clicks the options (tests/e2e) is not part of this file.
 */
import { describe, expect, it } from "vitest";
import { CART_PATHS } from "../../domain/cart";
import type { Locale } from "../../domain/locales";
import { formatPrice } from "../../domain/money";
import { designerLinkToCart } from "../../server/testing/designedLine";
import { decodeHtml, formFields, pageAfter, postForm } from "../../server/testing/pageForms";
import { useTestShop } from "../../server/testing/shop";

const NOT_PRODUCTS =
  /^\/(?:[a-z]{2}\/)?(magazin|magazine|service|help|aide|angebote|offers|promotions|warenkorb|basket|panier|wunschliste|wishlist|liste-de-souhaits)(\/|$)/;

const STOREFRONTS: {
  brand: string;
  locale: Locale;
  origin: string;
  home: string;
  currency: string;
}[] = [
  { brand: "cards", locale: "de-DE", origin: "http://localhost", home: "/", currency: "€" },
  {
    brand: "cards",
    locale: "de-CH",
    origin: "http://ch.cards.localhost",
    home: "/",
    currency: "CHF",
  },
  {
    brand: "cards",
    locale: "fr-CH",
    origin: "http://ch.cards.localhost",
    home: "/fr",
    currency: "CHF",
  },
  {
    brand: "cards",
    locale: "en-US",
    origin: "http://us.cards.localhost",
    home: "/",
    currency: "$",
  },
  {
    brand: "wallart",
    locale: "de-DE",
    origin: "http://wallart.localhost",
    home: "/",
    currency: "€",
  },
  {
    brand: "wallart",
    locale: "de-CH",
    origin: "http://ch.wallart.localhost",
    home: "/",
    currency: "CHF",
  },
  {
    brand: "wallart",
    locale: "fr-CH",
    origin: "http://ch.wallart.localhost",
    home: "/fr/",
    currency: "CHF",
  },
  {
    brand: "wallart",
    locale: "en-US",
    origin: "http://us.wallart.localhost",
    home: "/",
    currency: "$",
  },
];

/** Every family a brand's navigation leads to, as the walk names what it put in the cart. */
const FAMILIES: Record<string, string[]> = {
  cards: ["card", "calendar", "photobook", "collage", "photobox", "photoprint", "accessory"],
  wallart: ["photoframe", "collage", "accessory"],
};

/** The amount of a price tag's text, without a "from" before it ("ab 24,99 €" -> "24,99 €"). */
const money = (text: string) =>
  /(?:(?:CHF|[$£])\s?)?\d[\d.,'\u00a0\u202f]*(?:\s?(?:€|CHF))?/.exec(text)?.[0]?.trim() ?? "";

/** The first price tag's text after `marker` in `html` (anywhere when the marker is not there). */
const priceAfter = (html: string, marker: string) => {
  const at = html.indexOf(marker);
  return /price-tag__current[^>]*>([^<]+)</.exec(html.slice(Math.max(at, 0)))?.[1] ?? "";
};

/** A price's amount in cents ("1,67 €", "CHF 1.67" -> 167). */
const cents = (text: string) => Number(money(text).replace(/[^\d]/g, ""));

/** The cart page's lines (what the page shows before its summary). */
const linesOf = (cart: string) =>
  cart.slice(cart.indexOf("cart__line"), cart.indexOf("cart__summary"));

/** One option group of a page section: the value shown as chosen and every value offered. */
interface Group {
  checked: string | null;
  values: string[];
}

/** The option groups of a section: radio groups and selects (a calculator's ratio filter is no option). */
function groupsOf(html: string): Map<string, Group> {
  const found = new Map<string, Group>();
  for (const [input] of html.matchAll(/<input[^>]*type="radio"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    const value = /value="([^"]+)"/.exec(input)?.[1];
    if (!name || !value || /\sdisabled/.test(input)) continue;
    const group = found.get(name) ?? { checked: null, values: [] };
    group.values.push(value);
    if (/\schecked/.test(input)) group.checked = value;
    found.set(name, group);
  }
  for (const [, name, options] of html.matchAll(
    /<select[^>]*name="([^"]+)"[^>]*>([^]*?)<\/select>/g,
  )) {
    if (name === "ratio") continue;
    const group: Group = { checked: null, values: [] };
    for (const [option] of options!.matchAll(/<option[^>]*>/g)) {
      const value = /value="([^"]+)"/.exec(option)?.[1];
      if (!value) continue;
      group.values.push(value);
      if (/\sselected/.test(option)) group.checked = value;
    }
    if (group.checked === null) group.checked = group.values[0] ?? null;
    found.set(name!, group);
  }
  return found;
}

/** The part of a page a shopper configures: a detail container or a price calculator. */
function sectionOf(html: string): { kind: string; html: string } | null {
  const details = /data-details="([^"]+)"/.exec(html);
  const start = details ? details.index : html.indexOf('class="calculator"');
  if (start < 0) return null;
  return {
    kind: details ? details[1]! : "calculator",
    html: html.slice(start, html.indexOf("</section>", start)),
  };
}

describe("every product page of the navigation into the cart", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  const get = (target: string, cookie = "") =>
    test.request(target, { headers: cookie ? { cookie } : {} });
  const html = async (url: URL) => {
    const response = await get(url.href);
    expect(response.status, url.href).toBe(200);
    return decodeHtml(await response.text());
  };
  const walked = new Map<string, Set<string>>();

  /** The cart page of a storefront's language, as its channel writes it. */
  const cartPathOf = (url: URL) => {
    const prefix = /^\/(fr|it|nl|en)(?=\/)/.exec(url.pathname)?.[1];
    const language = prefix ?? (/^(us|gb)\./.test(url.hostname) ? "en" : "de");
    const slash = url.hostname.includes("wallart") ? "/" : "";
    return `${prefix ? `/${prefix}` : ""}${CART_PATHS[language as keyof typeof CART_PATHS]}${slash}`;
  };

  /** Posts a form's fields as a browser does; it answers 303 back to the cart. */
  const post = async (action: URL, fields: URLSearchParams) => {
    const added = await postForm(test.request, action, fields);
    expect(added.status, `${action.href} ${fields}`).toBe(303);
    return added;
  };
  const cartAfter = async (added: Response, base: URL) =>
    (await pageAfter(test.request, added, base, cartPathOf(base))).html;

  /**
   * From the page's button (a configurator link) into the cart: the configurator sends on
   * to the designer, which opens the studio; the studio's own request is made (the cart API
   * with the link's configuration or article and a design of the visitor's). The product
   * put in and the cart page's HTML.
   */
  const throughDesigner = async (cta: URL) => {
    const configurator = await get(cta.href);
    expect(configurator.status, cta.href).toBe(302);
    const designerUrl = new URL(configurator.headers.get("location")!, cta);
    const product = /\/designer\/([a-z]+)/.exec(designerUrl.pathname)?.[1] ?? "";
    expect(product, designerUrl.href).not.toBe("");
    expect(await html(designerUrl), designerUrl.href).toContain("designer--studio");
    const visitor = `visitor_key=${crypto.randomUUID()}`;
    const added = await designerLinkToCart(test.request, designerUrl, visitor);
    expect(added.status, `${designerUrl.href}: ${await added.clone().text()}`).toBe(201);
    const page = await get(new URL(cartPathOf(designerUrl), designerUrl).href, visitor);
    return { product, cart: decodeHtml(await page.text()) };
  };

  /**
   * A page with options: a non-default value in every group, the price of that choice,
   * the page's button into the cart. Answers the family put into the cart.
   */
  const walkOptions = async (page: URL, currency: string): Promise<string> => {
    const url = new URL(page);
    const first = sectionOf(await html(url))!;
    const defaults = groupsOf(first.html);
    expect(defaults.size, `${page.href} has no option group`).toBeGreaterThan(0);
    const picked = new Map<string, string>();
    // One group after the other, as a shopper clicks; a choice may change what a later
    // group offers (another material, other formats), so each step reads the page again.
    for (let step = 0; step < 4 * defaults.size; step += 1) {
      const groups = groupsOf(sectionOf(await html(url))!.html);
      const open = [...groups].find(
        ([name, group]) => picked.get(name) !== group.checked && group.values.length > 1,
      );
      if (!open) break;
      const [name, group] = open;
      const initial = defaults.get(name)?.checked ?? group.checked;
      const other =
        group.values.find((v) => v !== initial && v !== group.checked && v !== "none") ??
        group.values.find((v) => v !== initial && v !== group.checked);
      if (!other) {
        picked.set(name, group.checked ?? "");
        continue;
      }
      picked.set(name, other);
      url.searchParams.set(name, other);
    }
    const section = sectionOf(await html(url))!;
    const groups = groupsOf(section.html);
    for (const [name, group] of groups) {
      if (group.values.length < 2) continue;
      expect(group.checked, `${url.href}: ${name}`).toBe(picked.get(name));
      expect(group.checked, `${url.href}: ${name} kept its default`).not.toBe(
        defaults.get(name)?.checked === undefined ? undefined : defaults.get(name)!.checked,
      );
    }
    // The price the page shows for the whole choice: the calculator's result, else the
    // detail container's (its first price tag).
    const price = money(
      priceAfter(section.html, section.kind === "calculator" ? "calculator__price" : ""),
    );
    expect(price, url.href).toContain(currency);

    // The page's own button: a configurator link, or the cart's form (an accessory).
    const cta = /<a[^>]*class="[^"]*(?:details__cta|calculator__cta)[^"]*"[^>]*href="([^"]+)"/.exec(
      section.html,
    )?.[1];
    let product: string;
    let cart: string;
    if (cta) {
      ({ product, cart } = await throughDesigner(new URL(cta, url)));
    } else {
      const form = [...section.html.matchAll(/<form([^>]*)>([^]*?)<\/form>/g)].find(
        ([, attributes]) => /method="post"/.test(attributes!),
      );
      expect(form, `${url.href} has no button into the cart`).toBeDefined();
      const fields = formFields(form![2]!);
      product = fields.get("product") ?? "";
      const action = new URL(/action="([^"]+)"/.exec(form![1]!)![1]!, url);
      cart = await cartAfter(await post(action, fields), action);
    }
    expect(linesOf(cart), `${url.href} -> cart`).toContain(price);
    return product === "photoframe" || product === "wallart" ? "photoframe" : product;
  };

  /**
   * A card design's page: its one choice is the number of cards, priced per card in tiers.
   * The last tier (not the form's own number) goes through the page's form to the designer;
   * the line costs that tier's price per card times the number.
   */
  const walkTheme = async (page: URL, body: string, locale: Locale): Promise<string> => {
    const form =
      /<form[^>]*class="theme-page__order"[^>]*action="([^"]+)"[^>]*>([^]*?)<\/form>/.exec(body)!;
    const fields = formFields(form[2]!);
    const tiers = /theme-page__tiers[^]*?<\/ul>/.exec(body)?.[0] ?? "";
    const [, label, unit] = [
      ...tiers.matchAll(/<li><span>([^<]+)<\/span><span>([^<]+)<\/span>/g),
    ].at(-1)!;
    const quantity = Number(/\d[\d.,']*/.exec(label!)![0].replace(/\D/g, ""));
    expect(String(quantity), page.href).not.toBe(fields.get("quantity"));
    fields.set("quantity", String(quantity));
    const { product, cart } = await throughDesigner(new URL(`${form[1]}?${fields}`, page));
    const total = (cents(unit!) * quantity) / 100;
    expect(linesOf(cart), `${page.href} x ${quantity} -> cart`).toContain(
      formatPrice(total, locale),
    );
    return product;
  };

  /** A page without options: its last priced tile, to a product page or to the designer. */
  const walkTiles = async (
    page: URL,
    body: string,
    currency: string,
    locale: Locale,
  ): Promise<string> => {
    const tiles = [
      ...body.matchAll(
        /<a[^>]*href="([^"]+)"[^>]*>((?:(?!<\/a>)[^])*?price-tag__current[^>]*>([^<]+)<[^]*?)<\/a>/g,
      ),
    ];
    expect(tiles.length, `${page.href} has no priced tile`).toBeGreaterThan(0);
    const [, href, , tag] = tiles.at(-1)!;
    const price = money(tag!);
    expect(price, page.href).toContain(currency);
    const target = new URL(href!, page);
    if (/configurator-/.test(target.pathname)) {
      const { product, cart } = await throughDesigner(target);
      expect(linesOf(cart), `${target.href} -> cart`).toContain(price);
      return product === "photoframe" || product === "wallart" ? "photoframe" : product;
    }
    const next = await html(target);
    if (next.includes("theme-page__order")) return walkTheme(target, next, locale);
    expect(sectionOf(next), `${target.href} has no options`).not.toBeNull();
    return walkOptions(target, currency);
  };

  it.each(STOREFRONTS)(
    "$brand $locale: each product page's choice costs in the cart what the page says",
    async ({ brand, locale, origin, home, currency }) => {
      const start = new URL(home, origin);
      const header = /<header[\s\S]*?<\/header>/.exec(await html(start))?.[0] ?? "";
      const links = [...new Set([...header.matchAll(/href="(\/[^"]+)"/g)].map((m) => m[1]!))]
        .filter((path) => path !== home && !NOT_PRODUCTS.test(path))
        .map((path) => new URL(path, origin));
      expect(links.length).toBeGreaterThan(3);
      const families = walked.get(brand) ?? new Set<string>();
      for (const page of links) {
        const body = await html(page);
        const family = sectionOf(body)
          ? await walkOptions(page, currency)
          : await walkTiles(page, body, currency, locale);
        families.add(family);
      }
      walked.set(brand, families);
    },
    // Every product page of a storefront, each through the designer into a cart.
    90_000,
  );

  it("walked every product family the navigation leads to", () => {
    for (const [brand, families] of Object.entries(FAMILIES))
      expect([...(walked.get(brand) ?? [])].sort(), brand).toEqual([...families].sort());
  });
});
