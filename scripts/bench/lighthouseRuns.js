// The runs of one page's Lighthouse audit and what the table shows of them.
//
// A run can end without any numbers: Lighthouse then reports a runtime error instead of a
// score. The one seen here, NO_NAVSTART, is Chromium's tracing and not the page: Lighthouse
// opens every run in a fresh tab, the page's site gets a renderer process of its own, and on a
// busy machine that process joins the trace only after it has already committed the
// navigation, so the trace holds the page's paints and tasks but not the start they are
// measured from (seen on the cards home page, the first run after Chromium started, at load
// 15: the renderer's first trace event came 180 ms after the browser's commit). Such a run
// says nothing about the page, so it is run again, a bounded number of times, and the table
// says how many runs had to be repeated. Only such trace errors are: a run with a low score,
// or one the page made fail (an error answer, no first paint, a page that hangs), is kept as
// it is, with its error in the table.

/** How often one run that ended in a trace error is tried again before it counts as failed. */
export const MAX_REPEATS = 2;

/** Lighthouse's runtime errors that mean Chromium's trace was incomplete, not that the page failed. */
export const TRACE_ERRORS = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);

/**
 * Runs `audit` `runs` times; a run whose result has a `runtimeError` of TRACE_ERRORS is tried
 * again up to `maxRepeats` times and, if it still has one, is kept as it is. Returns the
 * results in the order run and how many runs were repeated (each extra try counted once).
 */
export async function auditRuns(audit, runs, maxRepeats = MAX_REPEATS) {
  const results = [];
  let repeated = 0;
  for (let i = 0; i < runs; i++) {
    let result = await audit();
    for (let tries = 0; TRACE_ERRORS.has(result.runtimeError) && tries < maxRepeats; tries++) {
      repeated += 1;
      result = await audit();
    }
    results.push(result);
  }
  return { results, repeated };
}

/**
 * The run with the median performance score (0–1), beside the median and worst scores
 * (0–100) and the worst total blocking time of all runs. A run that failed scores 0 and
 * blocks for ever, so a page that could not be measured misses every target.
 */
export function summarize(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  return {
    ...median,
    median: Math.round(median.performance * 100),
    worst: Math.round(sorted[0].performance * 100),
    worstTbtMs: Math.max(...results.map((run) => run.tbtMs)),
  };
}
