// Types of crawler.js for the tests (the unit stage's storefront crawl).
export interface DeadLink {
  /** Host and path with query, e.g. "cards.localhost/zubehoer". */
  link: string;
  status: number | string;
  /** The pages that link to it. */
  from: string[];
}
/** A page as the crawl reads it. */
export interface CrawledPage {
  status: number;
  location: string | null;
  body: string;
}
export function crawl(options: {
  /** The shop to ask over HTTP (with the pages' hosts in the Host header), unless `fetch` answers. */
  origin?: string;
  start: [host: string, path: string][];
  /** Hosts ("us.cards.localhost") or a language of a host ("ch.cards.localhost/fr") to follow. */
  only?: string[];
  max?: number;
  /** Answers a page of the shop (e.g. a shop in the same process) instead of a GET to `origin`. */
  fetch?: (host: string, path: string) => Promise<CrawledPage>;
  /** Pages already fetched, by host and path ("cards.localhost/agb"): not asked for again. */
  known?: ReadonlyMap<string, CrawledPage>;
}): Promise<{ visited: number; dead: DeadLink[] }>;
export function getPage(
  origin: string,
  host: string,
  path: string,
): Promise<{ status: number; location: string | null; body: string }>;
