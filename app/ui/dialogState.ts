/**
 * The dialog state: one dialog at a time; opening a new type closes the
 * current one; opening can be blocked unless forced. A tiny store that any component
 * can drive without importing the dialog UI.
 */
import { useSyncExternalStore } from "react";

export const DIALOG_TYPES = ["LogIn", "CalculatorMoreFormats"] as const;
export type DialogType = (typeof DIALOG_TYPES)[number];

export interface DialogState {
  current: DialogType | null;
  blocked: boolean;
}

let state: DialogState = { current: null, blocked: false };
const listeners = new Set<() => void>();

function set(next: DialogState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Opens a dialog type, closing any other one. Returns false (and changes nothing) while
 * opening is blocked, unless `force` is given.
 */
export function openDialog(type: DialogType, options: { force?: boolean } = {}): boolean {
  if (state.blocked && !options.force) return false;
  if (state.current !== type) set({ ...state, current: type });
  return true;
}

/** Closes the given dialog (only if it is the open one), or whichever is open. */
export function closeDialog(type?: DialogType): void {
  if (state.current === null || (type && state.current !== type)) return;
  set({ ...state, current: null });
}

/** Blocks or unblocks opening dialogs (a forced open still works). */
export function setDialogsBlocked(blocked: boolean): void {
  if (state.blocked !== blocked) set({ ...state, blocked });
}

export function getDialogState(): DialogState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SERVER_STATE: DialogState = { current: null, blocked: false };

/** The dialog state; nothing is open on the server and while hydrating. */
export function useDialogState(): DialogState {
  return useSyncExternalStore(subscribe, getDialogState, () => SERVER_STATE);
}
