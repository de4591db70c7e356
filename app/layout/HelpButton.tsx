import { useEffect, useReducer, useRef } from "react";
import { HELP_BUTTON_LOADING_MS, HELP_BUTTON_OPEN_DELAY_MS } from "../../domain/constants";
import { useRootData } from "../lib/rootData";
import { useT } from "../i18n/i18n";
import { Icon } from "../ui/Icon";
import { INITIAL_HELP_CHAT, helpChatReducer } from "./helpChatState";
import type { HelpChatData } from "./types";

/**
 * The floating help launcher: the chat code and script load on the first click;
 * the chat is marked loaded and opened 1700 ms after the script has run, with the loading
 * indicator 300 ms longer; closing the chat shows the launcher again.
 */
export function HelpButton({ chat }: { chat: HelpChatData }) {
  const t = useT();
  const locale = useRootData()?.locale ?? "de-DE";
  const [state, dispatch] = useReducer(helpChatReducer, INITIAL_HELP_CHAT);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (state.status !== "loading") return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const texts = {
      title: chat.title || t("furniture.help.title"),
      greeting: chat.greeting || t("furniture.help.greeting"),
      close: t("common.close"),
      placeholder: t("furniture.help.placeholder"),
      send: t("furniture.help.send"),
      reply: t("furniture.help.reply"),
    };
    import("./helpChat")
      .then(({ startHelpChat }) => startHelpChat({ publicKey: chat.publicKey, locale, texts }))
      .then((provider) => {
        if (cancelled) return;
        provider.on("open", () => dispatch({ type: "opened" }));
        provider.on("close", () => dispatch({ type: "closed" }));
        timer = setTimeout(() => {
          dispatch({ type: "ready" });
          provider.open();
        }, HELP_BUTTON_OPEN_DELAY_MS);
      })
      .catch(() => {
        if (!cancelled) dispatch({ type: "failed" });
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state.status, chat, locale, t]);

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

  return (
    <button
      ref={button}
      type="button"
      className="help-button"
      data-status={state.status}
      data-loading={state.indicator || undefined}
      hidden={state.open}
      aria-busy={state.status === "loading" || undefined}
      onClick={() => {
        if (state.status === "loaded") window.ShopChat?.open();
        dispatch({ type: "click" });
      }}
    >
      <Icon name="help" />
      <span className="help-button__text">{t("furniture.help.launcher")}</span>
      {state.indicator ? <span className="help-button__spinner" aria-hidden="true" /> : null}
    </button>
  );
}
