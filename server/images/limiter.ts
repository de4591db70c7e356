/**
 * At most `concurrency` image jobs at a time and, when `maxWeight` is set, at most that
 * much weight (the image gate weighs a job by its pixels) running at once; a job heavier
 * than `maxWeight` runs only alone. The others wait in order in a queue of at most
 * `maxQueue`, each for at most `timeoutMs`. A job that cannot start in time, or finds the
 * queue full, fails with RenderBusyError (the route answers 503 with Retry-After), so a
 * burst of expensive work never occupies every thread or all the memory the process has.
 */
export class RenderBusyError extends Error {
  constructor(reason: string) {
    super(`image renderer busy: ${reason}`);
  }
}

export interface RenderLimiter {
  run<T>(task: () => Promise<T>, weight?: number): Promise<T>;
  /** Jobs running and waiting now. */
  load(): { running: number; waiting: number };
}

export interface RenderLimits {
  concurrency: number;
  maxQueue: number;
  timeoutMs: number;
  /** The most weight running at once (unbounded when absent). */
  maxWeight?: number;
}

export function createRenderLimiter(limits: RenderLimits): RenderLimiter {
  let running = 0;
  let weightRunning = 0;
  const waiting: {
    weight: number;
    start: () => void;
    timer: ReturnType<typeof setTimeout>;
  }[] = [];

  const fits = (weight: number) =>
    running < limits.concurrency &&
    (running === 0 || limits.maxWeight === undefined || weightRunning + weight <= limits.maxWeight);

  // The first in line goes first: a heavy job is never passed by lighter ones for ever.
  const next = () => {
    while (waiting.length > 0 && fits(waiting[0]!.weight)) {
      const entry = waiting.shift()!;
      clearTimeout(entry.timer);
      running++;
      weightRunning += entry.weight;
      entry.start();
    }
  };

  return {
    load: () => ({ running, waiting: waiting.length }),
    async run(task, weight = 0) {
      if (waiting.length === 0 && fits(weight)) {
        running++;
        weightRunning += weight;
      } else {
        if (waiting.length >= limits.maxQueue) throw new RenderBusyError("queue full");
        await new Promise<void>((resolve, reject) => {
          const entry = {
            weight,
            start: resolve,
            timer: setTimeout(() => {
              waiting.splice(waiting.indexOf(entry), 1);
              reject(new RenderBusyError("waited too long"));
              // The one that gave up may have kept lighter ones behind it waiting.
              next();
            }, limits.timeoutMs),
          };
          waiting.push(entry);
        });
      }
      try {
        return await task();
      } finally {
        running--;
        weightRunning -= weight;
        next();
      }
    },
  };
}
