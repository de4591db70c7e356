/**
 * The help chat launcher's state machine: not loaded → loading →
 * loaded and open. A click while loading is ignored; a click when loaded opens the chat;
 * closing shows the launcher again; a script load failure silently resets.
 */

export type HelpChatStatus = "not-loaded" | "loading" | "loaded";

export interface HelpChatState {
  status: HelpChatStatus;
  /** The chat window is open (the launcher is hidden). */
  open: boolean;
  /** The loading indicator on the launcher. */
  indicator: boolean;
}

export type HelpChatEvent =
  | { type: "click" }
  | { type: "ready" }
  | { type: "indicatorDone" }
  | { type: "failed" }
  | { type: "opened" }
  | { type: "closed" };

export const INITIAL_HELP_CHAT: HelpChatState = {
  status: "not-loaded",
  open: false,
  indicator: false,
};

export function helpChatReducer(state: HelpChatState, event: HelpChatEvent): HelpChatState {
  switch (event.type) {
    case "click":
      if (state.status === "loading") return state;
      if (state.status === "not-loaded") return { status: "loading", open: false, indicator: true };
      return { ...state, open: true };
    case "ready":
      return state.status === "loading" ? { status: "loaded", open: true, indicator: true } : state;
    case "indicatorDone":
      return { ...state, indicator: false };
    case "failed":
      return INITIAL_HELP_CHAT;
    case "opened":
      return state.status === "loaded" ? { ...state, open: true } : state;
    case "closed":
      return { ...state, open: false };
  }
}
