/**
 * An auto-fill button's work: the layout computed off the main thread (autofillClient.ts),
 * then put on screen as a transition, so React renders the filled pages in slices and the
 * page keeps answering (typing, scrolling) while a hundred pages change. An edit the
 * shopper makes while the layout is computed is not lost: the fill is made again over it.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { DesignDocument } from "../../domain/studio/document";
import type { BookPhoto } from "../../domain/studio/layouts";
import { autofillOffThread } from "./autofillClient";
import type { AutofillAnswer } from "./autofillJob";

/** Fills made again at most this often when the document keeps changing meanwhile. */
const ATTEMPTS = 3;

export function useAutofill(
  document: DesignDocument | null,
  apply: (answer: AutofillAnswer) => void,
): { filling: boolean; fill(photos: readonly BookPhoto[], seed: number): Promise<void> } {
  const [filling, setFilling] = useState(false);
  const latest = useRef(document);
  const applyRef = useRef(apply);
  useEffect(() => {
    latest.current = document;
    applyRef.current = apply;
  });
  const fill = useCallback(async (photos: readonly BookPhoto[], seed: number) => {
    setFilling(true);
    let answer: AutofillAnswer | null = null;
    for (let attempt = 0; attempt < ATTEMPTS && latest.current; attempt += 1) {
      const from = latest.current;
      answer = await autofillOffThread(from, photos, seed);
      if (latest.current === from) break;
      answer = null;
    }
    startTransition(() => {
      if (answer) applyRef.current(answer);
      setFilling(false);
    });
  }, []);
  return { filling, fill };
}
