/**
 * What pages read from the catalogue, prepared once per catalogue version: a product page's
 * calculator, detail containers, frames, accessories and vouchers are worked out from the
 * snapshot the first time a page asks and answered from here after that, until an import
 * (here or in another process) drops them all together with the snapshot.
 *
 * A page answered from the memo still shows catalogue data, so every look-up tags the page
 * being rendered with the catalogue tag: a cached page keeps going with the next import.
 * A failed answer is not kept (the next page asks again). The number of answers kept is
 * bounded, as their keys come partly from a page's query: past the bound the answer used
 * longest ago goes.
 */
import { CATALOGUE_TAG, tagPage } from "../pageTags";

/** Enough for every product page of every shop with their usual choices. */
export const CATALOGUE_MEMO_LIMIT = 2000;

export interface CatalogueMemo {
  /** The answer kept for `question` (its parts), or `make()`'s, kept for the next look-up. */
  get<T>(question: readonly unknown[], make: () => Promise<T>): Promise<T>;
  /** Drops every answer (an import). */
  clear(): void;
  /** How many answers are kept. */
  readonly size: number;
}

export function createCatalogueMemo(limit = CATALOGUE_MEMO_LIMIT): CatalogueMemo {
  const answers = new Map<string, Promise<unknown>>();
  return {
    get<T>(question: readonly unknown[], make: () => Promise<T>): Promise<T> {
      tagPage(CATALOGUE_TAG);
      const key = memoKey(question);
      const kept = answers.get(key) as Promise<T> | undefined;
      if (kept) {
        // Used again: it goes last, so the bound drops what was used longest ago.
        answers.delete(key);
        answers.set(key, kept);
        return kept;
      }
      const made = make();
      answers.set(key, made);
      made.catch(() => {
        if (answers.get(key) === made) answers.delete(key);
      });
      if (answers.size > limit) answers.delete(answers.keys().next().value!);
      return made;
    },
    clear() {
      answers.clear();
    },
    get size() {
      return answers.size;
    },
  };
}

/** A question as a key (objects with their keys in a fixed order, undefined ones left out). */
export function memoKey(question: readonly unknown[]): string {
  return JSON.stringify(question, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );
}
