/**
 * The life of one third-party script tag: it waits until it may load (the visitor's
 * consent), loads, ends loaded or failed, and is removed when the consent is withdrawn.
 * A removed or failed script may be asked for again; a loading or loaded one is never
 * added twice.
 */
export type ScriptState = "awaiting load" | "loading" | "loaded" | "error" | "removed";

export type ScriptEvent = "request" | "load" | "fail" | "remove";

export function nextScriptState(state: ScriptState, event: ScriptEvent): ScriptState {
  switch (event) {
    case "request":
      return state === "loading" || state === "loaded" ? state : "loading";
    case "load":
      return state === "loading" ? "loaded" : state;
    case "fail":
      return state === "loading" ? "error" : state;
    case "remove":
      return state === "awaiting load" ? state : "removed";
  }
}

/** True when a request in this state must insert a new script tag. */
export function needsTag(state: ScriptState): boolean {
  return state === "awaiting load" || state === "error" || state === "removed";
}
