/**
 * The retention job: every so often each service deletes what it keeps no longer
 * (docs/security.md, "Retention"). The scheduler only calls the services' prune steps,
 * one after the other, through a gate that lets one process of the cluster prune at a
 * time; a step that fails is logged and the others still run.
 */
import type { Logger } from "../logger";
import type { RetentionGate } from "./gate";
import { createPeriodicJob } from "./periodic";

/** What a step removed, by kind of row (e.g. `{ sessions: 3, tokens: 1 }`). */
export type Removed = Record<string, number>;

export interface RetentionStep {
  /** Names the step in the log (the service it belongs to). */
  name: string;
  run(now: Date): Promise<Removed>;
}

export type TickResult =
  | { ran: false; reason: "busy" | "recent" | "stopped" }
  | { ran: true; removed: Record<string, Removed>; failed: string[]; ms: number };

export interface RetentionScheduler {
  /** Runs the first tick after `firstRunMs`, then one every `intervalMs` after the last ended. */
  start(): void;
  /** One pass through the gate over every step. */
  tick(): Promise<TickResult>;
  /** No further tick or step starts; resolves once the running step ended, or after `stopWaitMs`. */
  stop(): Promise<void>;
}

export interface RetentionOptions {
  steps: readonly RetentionStep[];
  gate: RetentionGate;
  intervalMs: number;
  firstRunMs: number;
  log: Logger;
  now?: () => Date;
  /** The longest a stop waits for the running step (shutdown must not hang on it). */
  stopWaitMs?: number;
}

export function createRetentionScheduler(options: RetentionOptions): RetentionScheduler {
  const { steps, gate, log } = options;
  const now = options.now ?? (() => new Date());

  async function runSteps(at: Date) {
    const started = performance.now();
    const removed: Record<string, Removed> = {};
    const failed: string[] = [];
    for (const step of steps) {
      if (job.isStopped()) break;
      try {
        removed[step.name] = await step.run(at);
      } catch (error) {
        failed.push(step.name);
        log.error({ id: "retention-step-failed", step: step.name, err: error }, "retention step");
      }
    }
    return { removed, failed, ms: Math.round(performance.now() - started) };
  }

  async function pass(): Promise<TickResult> {
    const at = now();
    const passed = await gate.pass(at, () => runSteps(at));
    if (!passed.ran) {
      log.debug({ id: "retention-skipped", reason: passed.reason }, "retention");
      return passed;
    }
    const result = { ran: true as const, ...passed.value };
    log.info(
      { id: "retention-pruned", removed: result.removed, failed: result.failed, ms: result.ms },
      "retention",
    );
    return result;
  }

  const job = createPeriodicJob({
    run: pass,
    intervalMs: options.intervalMs,
    firstRunMs: options.firstRunMs,
    stopWaitMs: options.stopWaitMs,
    // The gate itself failed (the database out of reach): the next tick tries again.
    onError: (error) =>
      log.warn({ id: "retention-unavailable", reason: error.message }, "retention"),
  });
  return { start: job.start, tick: job.tick, stop: job.stop };
}
