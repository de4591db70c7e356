/**
 * The help chat provider: a script with the Zendesk Web Widget (messenger) API, loaded
 * with the channel's public key on the launcher's first click (not part of the page's
 * initial JavaScript), its locale set, and its open and close events handed on.
 */
import { chatSrc } from "../../../domain/thirdParty";
import { loadScript } from "~/integrations/scriptLoader";

/** What the launcher needs of the provider once its script has run. */
export interface ChatProvider {
  open(): void;
  on(event: "open" | "close", listener: () => void): void;
}

declare global {
  interface Window {
    zE?: (...args: unknown[]) => void;
  }
}

/** Loads the provider's script and sets its locale; rejects when either fails. */
export async function startHelpChat(options: {
  src: string;
  publicKey: string;
  locale: string;
}): Promise<ChatProvider> {
  // Zendesk's snippet finds its key through this element id.
  await loadScript("chat", chatSrc(options.src, options.publicKey), "ze-snippet");
  const zE = window.zE;
  if (!zE) throw new Error("chat provider missing");
  zE("messenger:set", "locale", options.locale);
  return {
    open: () => zE("messenger", "open"),
    on: (event, listener) => zE("messenger:on", event, listener),
  };
}
