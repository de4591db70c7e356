/**
 * The help chat provider's script and API, loaded with the launcher's first click (not
 * part of the page's initial JavaScript).
 */

/** Where the local chat provider's script is served. */
export const HELP_CHAT_SCRIPT = "/help-chat/messenger.js";

/** The provider's API once its script has run. */
export interface ChatProvider {
  init(options: { publicKey: string; locale: string; texts: Record<string, string> }): void;
  open(): void;
  on(event: "open" | "close", listener: () => void): void;
}

declare global {
  interface Window {
    ShopChat?: ChatProvider;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`chat script failed: ${src}`));
    };
    document.head.append(script);
  });
}

/** Loads the provider's script and initialises it; rejects when either fails. */
export async function startHelpChat(options: {
  publicKey: string;
  locale: string;
  texts: Record<string, string>;
}): Promise<ChatProvider> {
  await loadScript(HELP_CHAT_SCRIPT);
  const provider = window.ShopChat;
  if (!provider) throw new Error("chat provider missing");
  provider.init(options);
  return provider;
}
