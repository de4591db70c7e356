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
  only?: string[];
  max?: number;
}): Promise<{ visited: number; dead: DeadLink[] }>;
