/**
 * While the server is still at work on what a page shows (a mail on its way, a print file
 * being made), the page asks the shop again after each pause in turn, and stops once the
 * work is done or the pauses run out: whoever stays on the page sees the result without
 * reloading it.
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export function useRecheckWhile(waiting: boolean, pauses: readonly number[]) {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  useEffect(() => {
    latest.current = revalidate;
  }, [revalidate]);
  useEffect(() => {
    if (!waiting) return;
    let round = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      const pause = pauses[round++];
      if (pause === undefined) return;
      timer = setTimeout(() => {
        void Promise.resolve(latest.current()).then(next);
      }, pause);
    };
    next();
    return () => clearTimeout(timer);
  }, [waiting, pauses]);
}

/** Every two seconds for two minutes: for work a person waits for on the page (a print file). */
export const STEADY_RECHECK_MS: readonly number[] = Array.from({ length: 60 }, () => 2_000);
