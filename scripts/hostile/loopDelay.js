// Loaded into the shop by the hostile images block (node --import), never by the shop
// itself: every 100 ms it appends one line to HOSTILE_LOOP_DELAY_FILE with the time, the
// longest the event loop waited in that stretch (what a request arriving then waits
// before any of its code runs), the longest garbage collection pause, and what the event
// loop's thread did meanwhile as the kernel counts it (its scheduler statistics): the
// processor time it ran and the time it was ready to run but waited for a core. The
// block reads the lines of each burst back, so a slow /health answer can be told apart:
// a loop held by the shop's own work (its code, collections) or a loop that had work and
// no core (a machine busy with other processes).
import { appendFileSync, readFileSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const file = process.env.HOSTILE_LOOP_DELAY_FILE;

/** The event loop thread's time on a core and time waiting for one so far, in ns. */
function schedulerTimes() {
  try {
    // Read from the event loop's own thread: this thread's counters (Linux only).
    const [ran, waited] = readFileSync("/proc/thread-self/schedstat", "utf8").split(" ");
    return { ran: Number(ran), waited: Number(waited) };
  } catch {
    return null;
  }
}

if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMax = Math.max(gcMax, entry.duration);
  }).observe({ entryTypes: ["gc"] });
  let last = schedulerTimes();
  setInterval(() => {
    // The monitor's timer itself fires every 10 ms: a delay up to that is no delay.
    const maxMs = Math.max(0, delay.max / 1e6 - 10);
    delay.reset();
    const now = schedulerTimes();
    // Since the last line: ms on a core, ms waiting for one (-1 where not known).
    const ranMs = now && last ? Math.round((now.ran - last.ran) / 1e6) : -1;
    const waitedMs = now && last ? Math.round((now.waited - last.waited) / 1e6) : -1;
    last = now;
    appendFileSync(
      file,
      `${Date.now()} ${Math.round(maxMs)} ${Math.round(gcMax)} ${ranMs} ${waitedMs}\n`,
    );
    gcMax = 0;
  }, 100).unref();
}
