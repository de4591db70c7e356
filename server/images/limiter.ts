/**
 * At most `concurrency` image renders at a time; the others wait in a queue of at most
 * `maxQueue`, each for at most `timeoutMs`. A render that cannot start in time, or finds
 * the queue full, fails with RenderBusyError (the route answers 503 with Retry-After), so
 * a burst of expensive renders never occupies every worker thread the process has for
 * reading files.
 */
export class RenderBusyError extends Error {
  constructor(reason: string) {
    super(`image renderer busy: ${reason}`);
  }
}

export interface RenderLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Renders running and waiting now. */
  load(): { running: number; waiting: number };
}

export interface RenderLimits {
  concurrency: number;
  maxQueue: number;
  timeoutMs: number;
}

export function createRenderLimiter(limits: RenderLimits): RenderLimiter {
  let running = 0;
  const waiting: { start: () => void; timer: ReturnType<typeof setTimeout> }[] = [];

  const next = () => {
    const entry = waiting.shift();
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.start();
  };

  return {
    load: () => ({ running, waiting: waiting.length }),
    async run(task) {
      if (running >= limits.concurrency) {
        if (waiting.length >= limits.maxQueue) throw new RenderBusyError("queue full");
        await new Promise<void>((resolve, reject) => {
          const entry = {
            start: resolve,
            timer: setTimeout(() => {
              waiting.splice(waiting.indexOf(entry), 1);
              reject(new RenderBusyError("waited too long"));
            }, limits.timeoutMs),
          };
          waiting.push(entry);
        });
      }
      running++;
      try {
        return await task();
      } finally {
        running--;
        next();
      }
    },
  };
}
