// Types of crawler.js for the browser tests.
export interface DeadLink {
  /** Host and path with query, e.g. "cards.localhost/zubehoer". */
  link: string;
  status: number | string;
  /** The pages that link to it. */
  from: string[];
}
export function crawl(options: {
  origin: string;
  start: [host: string, path: string][];
  /** Hosts ("us.cards.localhost") or a language of a host ("ch.cards.localhost/fr") to follow. */
  only?: string[];
  max?: number;
}): Promise<{ visited: number; dead: DeadLink[] }>;
export function getPage(
  origin: string,
  host: string,
  path: string,
): Promise<{ status: number; location: string | null; body: string }>;
