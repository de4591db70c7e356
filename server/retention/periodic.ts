/**
 * One runner for the shop's periodic jobs (retention, mail retry): a pass every interval
 * after the last one ended, a timer that never keeps the process alive, and a stop that
 * waits for the running pass only so long, so shutdown never hangs on it.
 */

export const STOP_WAIT_MS = 5_000;

export type StoppedTick = { ran: false; reason: "stopped" };

export interface PeriodicJob<T> {
  /** Runs the first pass after `firstRunMs`, then one every `intervalMs` after the last ended. */
  start(): void;
  /** One pass now (not once stopped). */
  tick(): Promise<T | StoppedTick>;
  /** No further pass starts; resolves once the running one ended, or after `stopWaitMs`. */
  stop(): Promise<void>;
  /** True once stop was called: a long pass checks it between its steps. */
  isStopped(): boolean;
}

export interface PeriodicOptions<T> {
  /** One pass; its answer is the tick's. */
  run(): Promise<T>;
  intervalMs: number;
  /** Defaults to `intervalMs`. */
  firstRunMs?: number;
  stopWaitMs?: number;
  /** A scheduled pass threw (e.g. the database out of reach): the next one tries again. */
  onError(error: Error): void;
}

export function createPeriodicJob<T>(options: PeriodicOptions<T>): PeriodicJob<T> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  async function tick(): Promise<T | StoppedTick> {
    if (stopped) return { ran: false, reason: "stopped" };
    return options.run();
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = tick()
        .catch((error: unknown) => options.onError(error as Error))
        .finally(() => {
          running = null;
          schedule(options.intervalMs);
        });
    }, ms);
    timer.unref();
  }

  return {
    start() {
      if (timer || running || stopped) return;
      schedule(options.firstRunMs ?? options.intervalMs);
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
    isStopped: () => stopped,
  };
}
