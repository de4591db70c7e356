import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState } from "react";
import { readConsentCookie } from "../../../domain/consent";
import { HELP_BUTTON_LOADING_MS, HELP_BUTTON_OPEN_DELAY_MS } from "../../../domain/constants";
import { useRootData } from "~/lib/rootData";
import { useT } from "~/i18n/i18n";
import { Icon } from "~/ui/Icon";
import { saveConsent } from "../consent/consentState";
import { INITIAL_HELP_CHAT, helpChatReducer } from "./helpChatState";
import type { ChatProvider } from "./helpChat";
import type { HelpChatData } from "../types";

// The contact panel's code comes with the first click on the launcher, not with every page.
const HelpContact = lazy(() => import("./HelpContact"));

/** True when the visitor has allowed comfort cookies, which the chat provider sets. */
function chatAllowed(): boolean {
  return readConsentCookie(document.cookie)?.functional === true;
}

/**
 * The floating help launcher. With a chat provider configured and comfort cookies
 * allowed, the provider's script loads on the first click and the chat is marked loaded
 * and opened 1700 ms after it has run, with the loading indicator 300 ms longer; closing
 * the chat shows the launcher again. Otherwise the launcher opens a contact panel: the
 * hotline, the service address and, where a provider exists, a button that allows
 * comfort cookies and starts the chat.
 */
export function HelpButton({ chat }: { chat: HelpChatData }) {
  const t = useT();
  const data = useRootData();
  const locale = data?.locale ?? "de-DE";
  const provider = data?.thirdParty.chat ?? null;
  const [state, dispatch] = useReducer(helpChatReducer, INITIAL_HELP_CHAT);
  const [contact, setContact] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const chatApi = useRef<ChatProvider | null>(null);
  const wasOpen = useRef(false);
  const panelId = useId();

  useEffect(() => {
    if (state.status !== "loading" || !provider) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    import("./helpChat")
      .then(({ startHelpChat }) =>
        startHelpChat({ src: provider.src, publicKey: chat.publicKey, locale }),
      )
      .then((api) => {
        if (cancelled) return;
        chatApi.current = api;
        api.on("open", () => dispatch({ type: "opened" }));
        api.on("close", () => dispatch({ type: "closed" }));
        timer = setTimeout(() => {
          dispatch({ type: "ready" });
          api.open();
        }, HELP_BUTTON_OPEN_DELAY_MS);
      })
      .catch(() => {
        if (!cancelled) dispatch({ type: "failed" });
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state.status, provider, chat.publicKey, locale]);

  useEffect(() => {
    if (state.status !== "loaded" || !state.indicator) return;
    const timer = setTimeout(() => dispatch({ type: "indicatorDone" }), HELP_BUTTON_LOADING_MS);
    return () => clearTimeout(timer);
  }, [state.status, state.indicator]);

  // Closing the chat returns focus to the launcher.
  useEffect(() => {
    if (wasOpen.current && !state.open) button.current?.focus();
    wasOpen.current = state.open;
  }, [state.open]);

  const closeContact = () => {
    setContact(false);
    button.current?.focus();
  };
  const startChat = () => {
    const consent = readConsentCookie(document.cookie);
    saveConsent({ analytics: false, marketing: false, ...consent, functional: true });
    setContact(false);
    dispatch({ type: "click" });
  };

  // The launcher comes first: the panel opens above it and follows it in the tab order.
  return (
    <>
      <button
        ref={button}
        type="button"
        className="help-button"
        data-status={state.status}
        data-loading={state.indicator || undefined}
        hidden={state.open}
        aria-busy={state.status === "loading" || undefined}
        aria-expanded={state.status === "not-loaded" ? contact : undefined}
        aria-controls={contact ? panelId : undefined}
        onKeyDown={(event) => {
          if (event.key === "Escape" && contact) closeContact();
        }}
        onClick={() => {
          if (state.status === "not-loaded" && !(provider && chatAllowed())) {
            setContact((open) => !open);
            return;
          }
          if (state.status === "loaded") chatApi.current?.open();
          dispatch({ type: "click" });
        }}
      >
        <Icon name="help" />
        <span className="help-button__text">{t("furniture.help.launcher")}</span>
        {state.indicator ? <span className="help-button__spinner" aria-hidden="true" /> : null}
      </button>
      {contact ? (
        <Suspense fallback={null}>
          <HelpContact
            id={panelId}
            chat={chat}
            chatOffered={provider !== null}
            onClose={closeContact}
            onStartChat={startChat}
          />
        </Suspense>
      ) : null}
    </>
  );
}
