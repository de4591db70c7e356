import { useEffect, useSyncExternalStore } from "react";
import { useT } from "~/i18n/i18n";
import { InlineScript } from "~/lib/inlineScript";
import { Countdown } from "~/ui/Countdown";
import { Icon } from "~/ui/Icon";
import type { ActionBarData } from "../types";
import "./action-bar.css";

/** localStorage key of the dismissed bar ids. */
export const DISMISSED_BARS_KEY = "shop:dismissed-action-bars";
/** The marker on <html> while the page has no action bar (a dismissed one). */
export const NO_BAR_CLASS = "no-action-bar";
/** Dismissals kept (oldest dropped first). */
const MAX_DISMISSED = 20;

export function readDismissedBars(storage: Pick<Storage, "getItem">): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(DISMISSED_BARS_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Bars dismissed on this page (also when the storage cannot keep them). */
const dismissedHere = new Set<string>();
const listeners = new Set<() => void>();

export function dismissBar(storage: Pick<Storage, "getItem" | "setItem">, id: string): void {
  dismissedHere.add(id);
  const ids = [...readDismissedBars(storage).filter((entry) => entry !== id), id].slice(
    -MAX_DISMISSED,
  );
  try {
    storage.setItem(DISMISSED_BARS_KEY, JSON.stringify(ids));
  } catch {
    // Private mode without storage: the bar is hidden for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Whether a bar was dismissed; false on the server and while hydrating (the script hides it). */
function useDismissed(id: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => dismissedHere.has(id) || readDismissedBars(window.localStorage).includes(id),
    () => false,
  );
}

/**
 * The script that runs before the bar is parsed: a dismissed bar gets the no-bar marker
 * at once, so it never flashes after a reload (the cached HTML is the same for everyone).
 */
export function noFlashScript(id: string): string {
  const key = JSON.stringify(DISMISSED_BARS_KEY);
  return `try{if(JSON.parse(localStorage.getItem(${key})||"[]").indexOf(${JSON.stringify(id)})>-1)document.documentElement.classList.add(${JSON.stringify(NO_BAR_CLASS)})}catch(e){}`;
}

/**
 * The action bar: a coloured banner with sanitised HTML text, an optional
 * countdown to its end date, and a close button that stores the dismissal per bar id
 * and adds the no-bar marker to the page.
 */
export function ActionBar({ bar }: { bar: ActionBarData }) {
  const t = useT();
  const dismissed = useDismissed(bar.id);
  useEffect(() => {
    document.documentElement.classList.toggle(NO_BAR_CLASS, dismissed);
    return () => document.documentElement.classList.remove(NO_BAR_CLASS);
  }, [dismissed]);
  return (
    <>
      <InlineScript text={(scripts) => scripts.actionBar(bar.id)} />
      {dismissed ? null : (
        <section
          className="action-bar"
          data-bar-id={bar.id}
          style={{ color: bar.color, backgroundColor: bar.backgroundColor }}
          aria-label={t("furniture.actionBar")}
        >
          <div className="action-bar__inner">
            <div className="action-bar__text" dangerouslySetInnerHTML={{ __html: bar.html }} />
            {bar.countdownEndDate ? (
              <Countdown endDate={bar.countdownEndDate} className="action-bar__countdown" />
            ) : null}
          </div>
          <button
            type="button"
            className="action-bar__close"
            aria-label={t("furniture.closeActionBar")}
            onClick={() => dismissBar(window.localStorage, bar.id)}
          >
            <Icon name="close" size={18} />
          </button>
        </section>
      )}
    </>
  );
}
