/**
 * Auto-fill for the studio's buttons, off the main thread: the job goes to a module worker
 * (autofill.worker.ts, bundled by Vite), started when a panel that fills opens (so the click
 * does not wait for the worker to start and load its module) or else on the first fill, and
 * kept for the next.
 * Where there is no worker (an old browser, a test in Node) or the worker fails to start,
 * the job runs in the page instead: slower to answer with many photos, never lost.
 */
import type { DesignDocument } from "../../domain/studio/document";
import type { BookPhoto } from "../../domain/studio/layouts";
import { jobPhotos, runAutofillJob, type AutofillAnswer, type AutofillJob } from "./autofillJob";

type Pending = { job: AutofillJob; resolve: (answer: AutofillAnswer) => void };

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** Every job still waiting is run in the page, and later ones too. */
function giveUpWorker() {
  worker?.terminate();
  worker = null;
  for (const { job, resolve } of pending.values()) resolve(runAutofillJob(job));
  pending.clear();
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === "undefined") return (worker = null);
  try {
    const started = new Worker(new URL("./autofill.worker.ts", import.meta.url), {
      type: "module",
    });
    started.onmessage = (event: MessageEvent<AutofillAnswer>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      waiting?.resolve(event.data);
    };
    started.onerror = (event) => {
      event.preventDefault();
      giveUpWorker();
    };
    started.onmessageerror = () => giveUpWorker();
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Starts the worker ahead of the first fill (a photo book's panel opens it): a module
 * worker fetches and evaluates its code when it is made, which the first click otherwise
 * waits for. Nothing happens where there is no worker, or when one is already running.
 */
export function prewarmAutofill(): void {
  startWorker();
}

/** `document` with `photos` laid in by its family's rule, computed off the main thread. */
export function autofillOffThread(
  document: DesignDocument,
  photos: readonly BookPhoto[],
  seed: number,
): Promise<AutofillAnswer> {
  const job: AutofillJob = { id: nextId++, document, photos: jobPhotos(photos), seed };
  const running = startWorker();
  if (!running) return Promise.resolve(runAutofillJob(job));
  return new Promise((resolve) => {
    pending.set(job.id, { job, resolve });
    running.postMessage(job);
  });
}

/** Forgets the worker (tests start each case afresh). */
export function resetAutofillWorker() {
  worker?.terminate();
  worker = undefined;
  pending.clear();
}
