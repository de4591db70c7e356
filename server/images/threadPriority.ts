/**
 * Image work yields the processor to the thread that answers requests. Pixels are decoded
 * and encoded on the image library's own threads ("libvips worker"), beside the event loop
 * that answers every request, /health included. On a machine with two cores a decode that
 * takes seconds shares a core with the event loop at equal priority, and each short answer
 * waits for its turn behind it. Those threads are so given a lower priority (a higher nice
 * value, which any process may give its own threads): they still get every cycle nothing
 * else wants, but the event loop runs first when it has work.
 *
 * Linux gives each thread its own nice value, and a thread starts with its creator's; the
 * library makes its threads when it needs them, so they are looked for again as image work
 * starts and ends. Elsewhere (no /proc) nothing is done.
 */
import { readdirSync, readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** The nice value image threads get (0 is normal, 19 the lowest priority). */
export const IMAGE_THREAD_NICE = 10;

/** The name the image library gives the threads that work on pixels. */
const IMAGE_THREAD_NAME = "libvips worker";

/** Reads what a thread scan needs; the system's own by default, a stand-in in tests. */
export interface ThreadTable {
  /** Thread ids of this process. */
  list(): number[];
  /** A thread's name, or null when it ended meanwhile. */
  name(tid: number): string | null;
  nice(tid: number): number;
  setNice(tid: number, nice: number): void;
}

const TASK_DIR = "/proc/self/task";

export const systemThreads: ThreadTable = {
  list: () => readdirSync(TASK_DIR).map(Number),
  name(tid) {
    try {
      return readFileSync(`${TASK_DIR}/${tid}/comm`, "utf8").trim();
    } catch {
      return null;
    }
  },
  nice: (tid) => getPriority(tid),
  setNice: (tid, nice) => setPriority(tid, nice),
};

/**
 * Gives every image thread that runs at a higher priority than `nice` that nice value; the
 * event loop's own thread and all others keep theirs. Returns how many were lowered. A
 * thread that ends meanwhile, or a system that refuses, is passed over: priority is a
 * preference, never a reason for image work to fail.
 */
export function lowerImageThreads(threads: ThreadTable, nice = IMAGE_THREAD_NICE): number {
  let lowered = 0;
  let tids: number[];
  try {
    tids = threads.list();
  } catch {
    return 0;
  }
  for (const tid of tids) {
    if (threads.name(tid) !== IMAGE_THREAD_NAME) continue;
    try {
      if (threads.nice(tid) >= nice) continue;
      threads.setNice(tid, nice);
      lowered++;
    } catch {
      // ended meanwhile, or not allowed here
    }
  }
  return lowered;
}

const supported = process.platform === "linux";

/**
 * Lowers the image threads now and once more shortly after (the library starts a job's
 * threads as the job begins). Cheap: a look at a directory of a few dozen entries.
 */
export function yieldImageThreads(threads: ThreadTable = systemThreads): void {
  if (!supported && threads === systemThreads) return;
  lowerImageThreads(threads);
  setTimeout(() => lowerImageThreads(threads), 50).unref();
}
