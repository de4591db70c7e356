// Loaded into the shop by the hostile images block (node --import), never by the shop
// itself: every 100 ms it appends one line to HOSTILE_LOOP_DELAY_FILE with the time, the
// longest the event loop waited in that stretch (what a request arriving then waits
// before any of its code runs) and the longest garbage collection pause. The block reads
// the lines of each burst back, so a slow /health answer can be told apart: a blocked
// event loop (the shop's own fault) or a machine that gave the shop no core in time.
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const file = process.env.HOSTILE_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMax = Math.max(gcMax, entry.duration);
  }).observe({ entryTypes: ["gc"] });
  setInterval(() => {
    // The monitor's timer itself fires every 10 ms: a delay up to that is no delay.
    const maxMs = Math.max(0, delay.max / 1e6 - 10);
    delay.reset();
    appendFileSync(file, `${Date.now()} ${Math.round(maxMs)} ${Math.round(gcMax)}\n`);
    gcMax = 0;
  }, 100).unref();
}
