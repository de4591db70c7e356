/**
 * The messages in the browser. They are not part of each page: the root data names their
 * URL (versioned, so the browser keeps each version), the scripts' starter preloads it
 * with the scripts (shell/startScripts.ts), and the document shell reads them with `use`, so
 * the page hydrates once they are there, and a navigation to another language waits for
 * that language's.
 */
import { use, useContext } from "react";
import { jsonOnce } from "../lib/jsonOnce";
import { ServerI18nContext, type Messages } from "./i18n";

type Chain = Record<string, Messages>;

const NONE: Chain = {};
/**
 * Once per URL; a failure gives none (the key's last part shows) and may be retried. Messages
 * that arrive unreadable are the translator's parse error.
 */
const messages = jsonOnce(NONE, { unreadable: "translator-parse-error" });

/**
 * The messages of the page's locale in the browser (suspends until they are loaded). The
 * server translates through i18next (ServerI18nContext) and needs none.
 */
export function useMessages(url: string | undefined): Chain {
  const server = useContext(ServerI18nContext);
  if (server || !url) return NONE;
  return use(messages.load(url));
}
