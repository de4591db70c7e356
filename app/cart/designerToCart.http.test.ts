/**
 * From a product page into the cart: a non-default value picked in every option group, the
 * page's own design button followed through the configurator to the designer, and the
 * page's price found on the cart line, in each currency. The designer opens the studio,
 * says that it needs JavaScript and shows the price; the product goes into the cart the way
 * the studio puts it there (the cart API with its configuration or article and a design of
 * the visitor's).
 */
import { describe, expect, it } from "vitest";
import { CART_PATHS } from "../../domain/cart";
import { designerLinkToCart } from "../../server/testing/designedLine";
import { useTestShop } from "../../server/testing/shop";

/** Product pages with a detail container in each storefront (the Swiss shop reads the German and French pages). */
const STOREFRONTS = [
  { locale: "de-DE", origin: "http://localhost", currency: "€" },
  { locale: "de-CH", origin: "http://ch.cards.localhost", currency: "CHF" },
  { locale: "fr-CH", origin: "http://ch.cards.localhost/fr", currency: "CHF" },
  { locale: "en-US", origin: "http://us.cards.localhost", currency: "$" },
  { locale: "en-GB", origin: "http://gb.cards.localhost", currency: "£" },
];
const SLUGS: Record<string, Record<string, string>> = {
  card: { de: "karten/wedding", fr: "cartes/wedding", en: "cards/wedding" },
  photobook: { de: "fotobuch", fr: "livre-photo", en: "photo-book" },
  calendar: { de: "fotokalender", fr: "calendrier-photo", en: "photo-calendar" },
  collage: { de: "fotocollage", fr: "collage-photo", en: "photo-collage" },
};
/** The designer's names of the options where they differ from the page's. */
const DESIGNER_NAMES: Record<string, Record<string, string>> = {
  photobook: { photobookType: "printing" },
  calendar: { size: "format" },
  collage: { design: "designId", collageMaterial: "materialType", size: "formatType" },
};
const PAGES = Object.entries(SLUGS).flatMap(([kind, slugs]) =>
  STOREFRONTS.map(({ locale, origin, currency }) => ({
    kind,
    locale,
    currency,
    page: `${origin}/${slugs[locale.slice(0, 2)]}`,
  })),
);

const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe("a product from its page into the cart", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  const get = async (target: string, cookie = "") => {
    const response = await test.request(target, { headers: cookie ? { cookie } : {} });
    return response;
  };
  /**
   * Puts the designer page's product into the cart as the studio does: the page opens the
   * studio (saying without JavaScript that it needs it), which puts the link's configuration
   * or article with a design of the visitor's into the cart through the cart API. Answers
   * the cart page's HTML.
   */
  const intoCart = async (designer: string, designerUrl: URL) => {
    expect(designer).toContain("designer--studio");
    expect(designer).toContain("<noscript>");
    const visitor = `visitor_key=${crypto.randomUUID()}`;
    const added = await designerLinkToCart(test.request, designerUrl, visitor);
    expect(added.status, await added.clone().text()).toBe(201);
    // The wall-art shop writes its paths with a trailing slash.
    const slash = designerUrl.hostname.includes("wallart") ? "/" : "";
    const cartUrl = new URL(`${cartPathOf(designerUrl)}${slash}`, designerUrl);
    return decode(await (await get(cartUrl.href, visitor)).text());
  };
  /** The cart page of the designer page's shop: its language's path, below its language prefix. */
  const cartPathOf = (url: URL) => {
    const prefix = /^\/(fr|it|nl|en)(?=\/)/.exec(url.pathname)?.[1];
    const language = prefix ?? (/^(us|gb)\./.test(url.hostname) ? "en" : "de");
    return `${prefix ? `/${prefix}` : ""}${CART_PATHS[language as keyof typeof CART_PATHS]}`;
  };
  /** The HTML of the page's container of a product. */
  const container = (html: string, kind: string) => {
    const start = html.indexOf(`data-details="${kind}"`);
    expect(start).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf("</section>", start));
  };
  /** Every radio group of a container: its name, the checked value and the others. */
  const groups = (html: string) => {
    const found = new Map<string, { checked: string | null; values: string[] }>();
    for (const [input] of html.matchAll(/<input[^>]*type="radio"[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(input)?.[1];
      const value = /value="([^"]+)"/.exec(input)?.[1];
      if (!name || !value) continue;
      const group = found.get(name) ?? { checked: null, values: [] };
      group.values.push(value);
      if (/\schecked/.test(input)) group.checked = value;
      found.set(name, group);
    }
    // Long lists (a calendar's start months) are a select with the chosen option selected.
    for (const [, name, options] of html.matchAll(
      /<select[^>]*name="([^"]+)"[^>]*>([^]*?)<\/select>/g,
    )) {
      const group = { checked: null as string | null, values: [] as string[] };
      for (const [option] of options!.matchAll(/<option[^>]*>/g)) {
        const value = /value="([^"]+)"/.exec(option)?.[1];
        if (!value) continue;
        group.values.push(value);
        if (/\sselected/.test(option)) group.checked = value;
      }
      found.set(name!, group);
    }
    return found;
  };

  it.each(PAGES)(
    "charges for a $kind in $locale what the page says for a non-default choice",
    async ({ kind, page, currency }) => {
      // Pick another value in each group in turn, as a shopper clicks through the page.
      const url = new URL(page);
      const picked: Record<string, string> = {};
      for (let round = 0; round < 5; round += 1) {
        const html = container(await (await get(url.href)).text(), kind);
        for (const [name, group] of groups(html)) {
          if (picked[name] && group.checked === picked[name]) continue;
          const other = group.values.find((v) => v !== group.checked && v !== "none");
          if (!other || picked[name]) continue;
          picked[name] = other;
          url.searchParams.set(name, other);
          break;
        }
      }
      url.searchParams.set("quantity", kind === "card" ? "20" : "2");
      if (kind === "photobook") url.searchParams.set("pages", "60");
      const html = container(await (await get(url.href)).text(), kind);
      for (const [name, value] of Object.entries(picked))
        expect(groups(html).get(name)?.checked, name).toBe(value);
      expect(Object.keys(picked).length).toBeGreaterThanOrEqual(kind === "collage" ? 1 : 2);
      const price = decode(/price-tag__current[^>]*>([^<]+)</.exec(html)?.[1] ?? "");
      expect(price).toContain(currency);
      const cta = decode(/details__cta" href="([^"]+)"/.exec(html)?.[1] ?? "");
      expect(cta).toContain("configurator-");

      // The configurator sends the visitor on to the designer with the whole choice.
      const configurator = await get(new URL(cta, url).href);
      expect(configurator.status).toBe(302);
      const designerUrl = new URL(configurator.headers.get("location")!, url);
      for (const [name, value] of Object.entries(picked)) {
        if (name === "start") continue;
        expect(designerUrl.searchParams.get(DESIGNER_NAMES[kind]?.[name] ?? name), name).toBe(
          value,
        );
      }
      // A calendar starts in the month the page chose ('2027-03': March 2027).
      if (kind === "calendar") {
        expect(picked.start).toMatch(/^\d{4}-\d{2}$/);
        const [year, month] = picked.start!.split("-").map(Number);
        expect(designerUrl.searchParams.get("startYear")).toBe(String(year));
        expect(designerUrl.searchParams.get("startMonth")).toBe(String(month));
      }
      const designer = decode(await (await get(designerUrl.href)).text());
      expect(designer).toContain(price);

      const cart = await intoCart(designer, designerUrl);
      const line = cart.slice(cart.indexOf("cart__line"));
      expect(line).toContain(price);
    },
  );

  it("keeps a form post's body on a channel that writes its paths with a trailing slash", async () => {
    // A post to the other form is moved with its method and body (308), a visit with 301.
    const post = await test.request("http://wallart.localhost/warenkorb", {
      method: "POST",
      body: new URLSearchParams({ intent: "add" }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://wallart.localhost",
      },
    });
    expect(post.status).toBe(308);
    expect(post.headers.get("location")).toBe("/warenkorb/");
    const visit = await get("http://wallart.localhost/warenkorb");
    expect(visit.status).toBe(301);
  });

  it.each(["leinwand", "poster"])(
    "charges for a %s bestseller on the wall-art host what its tile says",
    async (material) => {
      const origin = "http://wallart.localhost";
      const html = decode(await (await get(`${origin}/wandbilder/`)).text());
      const href = `/configurator-photo-frame/?materialType=${material}&formatType=600x400&sku=wallart-bestsellers`;
      const at = html.indexOf(`href="${href}`);
      expect(at).toBeGreaterThan(-1);
      const tile = html.slice(at, html.indexOf("</a>", at));
      const price = /price-tag__current[^>]*>([^<]+)</.exec(tile)?.[1] ?? "";
      expect(price).toContain("€");
      const link = /href="([^"]+)"/.exec(tile)![1]!;
      const configurator = await get(`${origin}${link}`);
      expect(configurator.status).toBe(302);
      const designerUrl = new URL(configurator.headers.get("location")!, origin);
      const designer = decode(await (await get(designerUrl.href)).text());
      expect(designer).toContain(price);
      const cart = await intoCart(designer, designerUrl);
      expect(cart.slice(cart.indexOf("cart__line"))).toContain(price);
    },
  );
});
