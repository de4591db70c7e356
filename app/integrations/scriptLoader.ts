/**
 * Third-party script tags in the browser, each under a name: loaded once when asked,
 * failed loads may be retried, and a script is removed when the consent it needed is
 * withdrawn (domain/scriptLoading.ts has the states).
 */
import {
  needsTag,
  nextScriptState,
  type ScriptEvent,
  type ScriptState,
} from "../../domain/scriptLoading";

interface Entry {
  state: ScriptState;
  element: HTMLScriptElement | null;
  loaded: Promise<void> | null;
}

const scripts = new Map<string, Entry>();

function entry(name: string): Entry {
  let found = scripts.get(name);
  if (!found) {
    found = { state: "awaiting load", element: null, loaded: null };
    scripts.set(name, found);
  }
  return found;
}

function move(name: string, event: ScriptEvent): ScriptState {
  const script = entry(name);
  script.state = nextScriptState(script.state, event);
  if (script.element) script.element.dataset.state = script.state;
  return script.state;
}

export function scriptState(name: string): ScriptState {
  return scripts.get(name)?.state ?? "awaiting load";
}

/**
 * Adds the script tag once and resolves when it has run; rejects when it fails (the tag
 * is taken out again, so a later call tries anew).
 */
export function loadScript(name: string, src: string, id?: string): Promise<void> {
  const script = entry(name);
  if (!needsTag(script.state) && script.loaded) return script.loaded;
  move(name, "request");
  const element = document.createElement("script");
  element.src = src;
  element.async = true;
  element.dataset.thirdParty = name;
  if (id) element.id = id;
  script.element = element;
  script.loaded = new Promise<void>((resolve, reject) => {
    element.addEventListener("load", () => {
      if (script.element !== element) return;
      move(name, "load");
      resolve();
    });
    element.addEventListener("error", () => {
      if (script.element !== element) return;
      move(name, "fail");
      element.remove();
      script.element = null;
      reject(new Error(`third-party script failed: ${name}`));
    });
  });
  document.head.append(element);
  return script.loaded;
}

/** Takes the script's tag out; true when its code had run (only a reload unloads it). */
export function removeScript(name: string): boolean {
  const script = scripts.get(name);
  if (!script || script.state === "awaiting load") return false;
  const hadRun = script.state === "loaded";
  move(name, "remove");
  script.element?.remove();
  script.element = null;
  script.loaded = null;
  return hadRun;
}
