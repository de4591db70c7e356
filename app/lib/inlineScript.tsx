/**
 * The page's small inline scripts: the visitor key, the no-flash markers of the banners a
 * visitor has closed, the consent choice. Each runs once, while the server's HTML is
 * parsed, before anything is painted, so its text is needed only in that HTML. The server
 * hands the texts down through InlineScriptsContext (from inlineScripts.server.ts); in the
 * browser the same element renders empty, and React leaves a hydrated script's text as the
 * server wrote it. The scripts' code so stays out of the browser's bundle.
 */
import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

export interface InlineScripts {
  visitorKey: string;
  appBanner: string;
  consent: string;
  startScripts: string;
  actionBar(id: string): string;
}

export const InlineScriptsContext = createContext<InlineScripts | null>(null);

export function InlineScript({ text }: { text: (scripts: InlineScripts) => string }) {
  const scripts = useContext(InlineScriptsContext);
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: scripts ? text(scripts) : "" }}
    />
  );
}
