/**
 * What a product detail container shows between a shopper's choice and the shop's answer
 * to it. A choice shows at once; the options chosen after it (a calendar's sizes after
 * its type) and a book's page limits depend on it, so they wait, busy, until the answer
 * says what is offered now. Until then the way on (design link, add to cart) is held
 * back, since the last answer's link is for the product chosen before. Answers are
 * numbered: only the answer to the latest question settles the container, so a slow
 * older answer never overwrites a newer choice.
 */
import {
  DETAIL_OPTIONS,
  type DetailKind,
  type ProductDetails,
} from "../../../domain/productDetails";

export type DetailValues = Record<string, string>;

export interface DetailState {
  /** The shop's last answer that counts. */
  details: ProductDetails;
  /** What the form shows: the answer's values with the shopper's newer choices. */
  values: DetailValues;
  /** The number of the latest question; an answer to any other is stale. */
  question: number;
  /** Whether the latest question is still open (or failed): the way on waits for it. */
  waiting: boolean;
  /** The options and amounts that depend on an open question's choice. */
  busy: readonly string[];
  failed: boolean;
}

/** The form's values as an answer gives them. */
export function valuesOf(details: ProductDetails): DetailValues {
  const values: DetailValues = {};
  for (const option of details.options) values[option.name] = option.value;
  for (const amount of details.amounts) values[amount.name] = String(amount.value);
  if (details.sample) values.sample = "true";
  return values;
}

export function initialDetailState(details: ProductDetails): DetailState {
  return {
    details,
    values: valuesOf(details),
    question: 0,
    waiting: false,
    busy: [],
    failed: false,
  };
}

/**
 * The fields whose offer follows from a change of `name`: the options chosen after it,
 * and a book's pages (their limits follow the book) after any option. Amounts and the
 * sample change nothing else that is offered.
 */
export function dependentFields(kind: DetailKind, details: ProductDetails, name: string): string[] {
  const order: readonly string[] = DETAIL_OPTIONS[kind];
  const at = order.indexOf(name);
  if (at < 0) return [];
  const shown = new Set(details.options.map((o) => o.name));
  const later = order.slice(at + 1).filter((option) => shown.has(option));
  const pages = details.amounts.some((a) => a.name === "pages") ? ["pages"] : [];
  return [...later, ...pages];
}

/**
 * The container after the shopper set `name` to `value` (empty: left out), asked as
 * question number `question`.
 */
export function afterChoice(
  state: DetailState,
  kind: DetailKind,
  name: string,
  value: string,
  question: number,
): DetailState {
  const values = { ...state.values, [name]: value };
  if (!value) delete values[name];
  // A question still open keeps its dependants busy: this one does not answer them either.
  const busy = [
    ...new Set([
      ...(state.waiting ? state.busy : []),
      ...dependentFields(kind, state.details, name),
    ]),
  ].filter((field) => field !== name);
  return { ...state, values, question, waiting: true, busy, failed: false };
}

/**
 * The container once its code runs, given the values its fields show then (`shown`, in the
 * form's order; those the shopper changed at least): the server's HTML takes choices and
 * amounts before that, and no change event tells of them. Each value that differs from the state's is a choice, all of them
 * asked as one `question`; null when the fields show what the state holds.
 */
export function afterEarlyChoices(
  state: DetailState,
  kind: DetailKind,
  shown: DetailValues,
  question: number,
): DetailState | null {
  let next = state;
  for (const [name, value] of Object.entries(shown)) {
    if ((next.values[name] ?? "") !== value) next = afterChoice(next, kind, name, value, question);
  }
  return next === state ? null : next;
}

/**
 * The container after an answer to `question`. An older question's answer changes nothing.
 * An amount being typed (`typing`) keeps what the shopper typed until they leave the field.
 */
export function afterAnswer(
  state: DetailState,
  question: number,
  answer: ProductDetails,
  typing: string | null,
): DetailState {
  if (question !== state.question) return state;
  const settled = valuesOf(answer);
  const values =
    typing && typing in settled ? { ...settled, [typing]: state.values[typing] ?? "" } : settled;
  return { details: answer, values, question, waiting: false, busy: [], failed: false };
}

/**
 * The container after `question` went unanswered: its dependants may be chosen again (a
 * new choice asks again), but the way on stays held back, as the last answer's link is
 * not for what is shown.
 */
export function afterFailure(state: DetailState, question: number): DetailState {
  if (question !== state.question) return state;
  return { ...state, busy: [], failed: true };
}

/** The configurator link to show: none while the choice shown is not yet the answered one. */
export function designLink(state: DetailState): string | null {
  return state.waiting ? null : state.details.link;
}

/**
 * The container when the shopper leaves an amount: it shows the answered amount (a typed
 * 25 pages becomes the 26 the book is sold with). An open question settles it itself.
 */
export function afterLeavingAmount(state: DetailState): DetailState {
  return state.waiting ? state : { ...state, values: valuesOf(state.details) };
}
