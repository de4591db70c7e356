/**
 * Structured data for search engines (schema.org as JSON-LD): what a product page offers
 * and where it sits in the shop, and how such data goes into a page without breaking out
 * of its script element. Pure.
 */
import type { Currency } from "./locales";

/** A JSON-LD object. */
export type JsonLd = { "@context": "https://schema.org"; "@type": string } & Record<
  string,
  unknown
>;

/**
 * The text of a JSON-LD script element: JSON in which "<", ">" and "&" (and the line
 * separators old parsers end strings at) are \u escapes, so no value can close the
 * element or start markup, whatever a name or text holds.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** An amount in cents as schema.org writes prices: "12.90". */
function schemaPrice(minor: number): string {
  return (minor / 100).toFixed(2);
}

export interface ProductData {
  name: string;
  /** Absolute URL of the product's picture. */
  image: string;
  sku: string;
  brand: string;
  /** Absolute URL of the product's page. */
  url: string;
  currency: Currency;
  /** The unit prices it is sold at, in cents (one per quantity tier, or just one). */
  pricesMinor: readonly number[];
}

/**
 * A Product: one price is an Offer; prices that differ by quantity are an AggregateOffer
 * from the lowest to the highest unit price. Without a price there are no offers.
 */
export function productJsonLd(product: ProductData): JsonLd {
  const prices = [...new Set(product.pricesMinor)].sort((a, b) => a - b);
  const priceCurrency = product.currency.toUpperCase();
  const low = prices[0];
  const high = prices.at(-1);
  const offers =
    low === undefined || high === undefined
      ? undefined
      : prices.length === 1
        ? { "@type": "Offer", price: schemaPrice(low), priceCurrency, url: product.url }
        : {
            "@type": "AggregateOffer",
            lowPrice: schemaPrice(low),
            highPrice: schemaPrice(high),
            offerCount: prices.length,
            priceCurrency,
            url: product.url,
          };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.image,
    sku: product.sku,
    url: product.url,
    brand: { "@type": "Brand", name: product.brand },
    ...(offers ? { offers } : {}),
  };
}

/** One step of a breadcrumb: its text and the absolute URL of its page. */
export interface BreadcrumbStep {
  name: string;
  url: string;
}

/** A BreadcrumbList: the steps in order, counted from 1. */
export function breadcrumbJsonLd(steps: readonly BreadcrumbStep[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: step.url,
    })),
  };
}
