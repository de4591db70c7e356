import { describe, expect, it } from "vitest";
import { auditRuns, summarize } from "./lighthouseRuns.js";

const scored = (performance: number, tbtMs = 0) => ({ performance, tbtMs });
const failed = { runtimeError: "NO_NAVSTART", performance: 0, tbtMs: Infinity };

/** An audit that answers the given runs in turn and counts how often it was called. */
function scripted(answers: { runtimeError?: string; performance: number; tbtMs: number }[]) {
  let calls = 0;
  const audit = () => Promise.resolve(answers[calls++] ?? scored(1));
  return { audit, calls: () => calls };
}

describe("a page's Lighthouse runs", () => {
  it("runs the page as often as asked when every run has a score", async () => {
    const { audit, calls } = scripted([scored(0.99), scored(1), scored(0.98)]);
    const { results, repeated } = await auditRuns(audit, 3);
    expect(results.map((run) => run.performance)).toEqual([0.99, 1, 0.98]);
    expect(repeated).toBe(0);
    expect(calls()).toBe(3);
  });

  it("runs again a run that ended in a runtime error and counts the repeat", async () => {
    const { audit } = scripted([scored(1), failed, scored(0.97), scored(0.99)]);
    const { results, repeated } = await auditRuns(audit, 3);
    expect(results.map((run) => run.performance)).toEqual([1, 0.97, 0.99]);
    expect(repeated).toBe(1);
  });

  it("never runs again a run with a low score", async () => {
    const { audit, calls } = scripted([scored(0.4, 900), scored(0.5, 800)]);
    const { results, repeated } = await auditRuns(audit, 2);
    expect(results.map((run) => run.performance)).toEqual([0.4, 0.5]);
    expect(repeated).toBe(0);
    expect(calls()).toBe(2);
  });

  it("never runs again a run the page made fail, so its error shows", async () => {
    const errored = { runtimeError: "ERRORED_DOCUMENT_REQUEST", performance: 0, tbtMs: Infinity };
    const { audit, calls } = scripted([errored, scored(1)]);
    const { results, repeated } = await auditRuns(audit, 2);
    expect(results).toEqual([errored, scored(1)]);
    expect(repeated).toBe(0);
    expect(calls()).toBe(2);
  });

  it("keeps a run that still fails after the bound, so the page misses its target", async () => {
    const { audit, calls } = scripted([failed, failed, failed, scored(1)]);
    const { results, repeated } = await auditRuns(audit, 2, 2);
    expect(results[0]).toEqual(failed);
    expect(results[1]).toEqual(scored(1));
    expect(repeated).toBe(2);
    expect(calls()).toBe(4);
    const summary = summarize(results);
    expect(summary.worst).toBe(0);
    expect(summary.worstTbtMs).toBe(Infinity);
  });
});

describe("what the table shows of a page's runs", () => {
  it("shows the median run beside the worst score and the worst blocking time of all runs", () => {
    const runs = [
      scored(0.99, 20),
      scored(0.95, 40),
      scored(1, 0),
      scored(0.98, 70),
      scored(1, 10),
    ];
    const summary = summarize(runs);
    expect(summary.median).toBe(99);
    expect(summary.tbtMs).toBe(20);
    expect(summary.worst).toBe(95);
    expect(summary.worstTbtMs).toBe(70);
  });

  it("leaves the runs in the order they were run", () => {
    const runs = [scored(1), scored(0.9)];
    summarize(runs);
    expect(runs.map((run) => run.performance)).toEqual([1, 0.9]);
  });
});
