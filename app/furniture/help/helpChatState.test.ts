import { describe, expect, it } from "vitest";
import { INITIAL_HELP_CHAT, helpChatReducer, type HelpChatEvent } from "./helpChatState";

const run = (events: HelpChatEvent[]) => events.reduce(helpChatReducer, INITIAL_HELP_CHAT);

describe("the help chat launcher", () => {
  it("loads on the first click and ignores clicks while loading", () => {
    const loading = run([{ type: "click" }]);
    expect(loading).toEqual({ status: "loading", open: false, indicator: true });
    expect(helpChatReducer(loading, { type: "click" })).toBe(loading);
  });

  it("is loaded and open when ready, then the indicator goes", () => {
    expect(run([{ type: "click" }, { type: "ready" }, { type: "indicatorDone" }])).toEqual({
      status: "loaded",
      open: true,
      indicator: false,
    });
  });

  it("shows the launcher again when the chat closes, and opens it on the next click", () => {
    const closed = run([{ type: "click" }, { type: "ready" }, { type: "closed" }]);
    expect(closed.open).toBe(false);
    expect(helpChatReducer(closed, { type: "click" }).open).toBe(true);
  });

  it("resets silently when the script fails", () => {
    expect(run([{ type: "click" }, { type: "failed" }])).toEqual(INITIAL_HELP_CHAT);
  });
});
