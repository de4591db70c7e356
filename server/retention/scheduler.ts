/**
 * The retention job: every so often each service deletes what it keeps no longer
 * (docs/security.md, "Retention"). The scheduler only calls the services' prune steps,
 * one after the other, through a gate that lets one process of the cluster prune at a
 * time; a step that fails is logged and the others still run.
 */
import type { Logger } from "../logger";
import type { RetentionGate } from "./gate";

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

export const STOP_WAIT_MS = 5_000;

export function createRetentionScheduler(options: RetentionOptions): RetentionScheduler {
  const { steps, gate, log } = options;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<unknown> | null = null;

  async function runSteps(at: Date) {
    const started = performance.now();
    const removed: Record<string, Removed> = {};
    const failed: string[] = [];
    for (const step of steps) {
      if (stopped) break;
      try {
        removed[step.name] = await step.run(at);
      } catch (error) {
        failed.push(step.name);
        log.error({ id: "retention-step-failed", step: step.name, err: error }, "retention step");
      }
    }
    return { removed, failed, ms: Math.round(performance.now() - started) };
  }

  async function tick(): Promise<TickResult> {
    if (stopped) return { ran: false, reason: "stopped" };
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

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      const current = tick()
        .catch((error: unknown) =>
          // The gate itself failed (the database out of reach): the next tick tries again.
          log.warn({ id: "retention-unavailable", reason: (error as Error).message }, "retention"),
        )
        .finally(() => {
          running = null;
          schedule(options.intervalMs);
        });
      running = current;
    }, ms);
    // The job never keeps a process alive that has nothing else to do.
    timer.unref();
  }

  return {
    start() {
      if (timer || running || stopped) return;
      schedule(options.firstRunMs);
    },
    tick() {
      const current = tick();
      running = current;
      return current.finally(() => {
        if (running === current) running = null;
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!running) return;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        running.catch(() => {}),
        new Promise<void>((resolve) => {
          wait = setTimeout(resolve, options.stopWaitMs ?? STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(wait);
    },
  };
}
