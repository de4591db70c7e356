/**
 * The messages in the browser. They are not part of each page: the root data names their
 * URL (versioned, so the browser keeps each version), the scripts' starter preloads it
 * with the scripts (lib/startScripts.ts), and the document shell reads them with `use`, so
 * the page hydrates once they are there, and a navigation to another language waits for
 * that language's.
 */
import { use, useContext } from "react";
import { logError } from "../lib/log";
import { ServerI18nContext, type Messages } from "./i18n";

type Chain = Record<string, Messages>;

const NONE: Chain = {};
const requests = new Map<string, Promise<Chain>>();

/** Loads (once per URL) a locale's messages; a failure gives none and may be retried. */
export function loadMessages(url: string): Promise<Chain> {
  let request = requests.get(url);
  if (!request) {
    request = fetch(url, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        return response.json() as Promise<Chain>;
      })
      .catch((error: unknown) => {
        logError("request-error", error, { url });
        requests.delete(url);
        return NONE;
      });
    requests.set(url, request);
  }
  return request;
}

/**
 * The messages of the page's locale in the browser (suspends until they are loaded). The
 * server translates through i18next (ServerI18nContext) and needs none.
 */
export function useMessages(url: string | undefined): Chain {
  const server = useContext(ServerI18nContext);
  if (server || !url) return NONE;
  return use(loadMessages(url));
}
