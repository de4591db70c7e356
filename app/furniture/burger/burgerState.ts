/**
 * The burger navigation's state machine: closed or open; primary → secondary
 * → tertiary by selecting nested items and back; one accordion open at a time; the
 * primary list's scroll position remembered when going deeper. Closing resets level,
 * active items and accordion.
 */

export type BurgerLevel = "primary" | "secondary" | "tertiary";

export interface BurgerState {
  open: boolean;
  level: BurgerLevel;
  /** The primary item whose sub-items the secondary level shows. */
  secondaryId: string | null;
  /** The secondary item whose sub-items the tertiary level shows. */
  tertiaryId: string | null;
  /** The open accordion item. */
  accordionId: string | null;
  /** The primary list's scroll position when it was left. */
  primaryScroll: number;
}

export type BurgerAction =
  | { type: "open" }
  | { type: "close" }
  | { type: "enter"; id: string; scroll?: number }
  | { type: "back" }
  | { type: "toggleAccordion"; id: string };

export const CLOSED_BURGER: BurgerState = {
  open: false,
  level: "primary",
  secondaryId: null,
  tertiaryId: null,
  accordionId: null,
  primaryScroll: 0,
};

export function burgerReducer(state: BurgerState, action: BurgerAction): BurgerState {
  switch (action.type) {
    case "open":
      return state.open ? state : { ...CLOSED_BURGER, open: true };
    case "close":
      return CLOSED_BURGER;
    case "enter":
      if (!state.open) return state;
      if (state.level === "primary") {
        return {
          ...state,
          level: "secondary",
          secondaryId: action.id,
          accordionId: null,
          primaryScroll: action.scroll ?? 0,
        };
      }
      if (state.level === "secondary") {
        return { ...state, level: "tertiary", tertiaryId: action.id, accordionId: null };
      }
      return state;
    case "back":
      if (state.level === "tertiary") {
        return { ...state, level: "secondary", tertiaryId: null, accordionId: null };
      }
      if (state.level === "secondary") {
        return { ...state, level: "primary", secondaryId: null, accordionId: null };
      }
      return state;
    case "toggleAccordion":
      return { ...state, accordionId: state.accordionId === action.id ? null : action.id };
  }
}
