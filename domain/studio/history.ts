/**
 * Undo and redo for the studio: a bounded list of past states, the present one and the
 * states undone since the last change. Pure: every step returns a new history, so the
 * editor keeps it in React state and a test walks it without a browser.
 *
 * A change made while some steps are undone drops those steps (there is one line of time,
 * not a tree). Changes that belong together (the many moves of one drag) are merged into
 * one step by giving them the same `group`: the next change with that group replaces the
 * present state instead of pushing a new past one.
 */

/** At least this many steps can be undone; older ones are forgotten. */
export const HISTORY_LIMIT = 100;

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The group of the last change, so a following change of the same group merges. */
  readonly group: string | null;
}

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], group: null };
}

/**
 * The history after a change to `next`. Equal states (by reference) are no step; a change
 * with the same non-null group as the previous one merges into it.
 */
export function record<T>(
  history: History<T>,
  next: T,
  options: { group?: string | null; limit?: number } = {},
): History<T> {
  if (next === history.present) return history;
  const group = options.group ?? null;
  const limit = options.limit ?? HISTORY_LIMIT;
  if (group !== null && group === history.group && history.future.length === 0) {
    return { ...history, present: next };
  }
  const past = [...history.past, history.present];
  return {
    past: past.length > limit ? past.slice(past.length - limit) : past,
    present: next,
    future: [],
    group,
  };
}

/** Replaces the present state without making it a step (a server's answer, a reload). */
export function replacePresent<T>(history: History<T>, present: T): History<T> {
  return { ...history, present };
}

export function canUndo(history: History<unknown>): boolean {
  return history.past.length > 0;
}

export function canRedo(history: History<unknown>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    group: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, group: null };
}

/** What a key press asks of the history: Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z or Ctrl+Y redoes. */
export function historyKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): "undo" | "redo" | null {
  if (event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && !event.shiftKey) return "redo";
  return null;
}
