// Sums up a Chromium performance trace (Playwright's browser.startTracing, e.g. the one
// BENCH_TRACE makes of the studio's auto-fill click): for the page's main thread, the
// longest tasks, the time by kind of work (script, style, layout, paint, garbage
// collection …, each event's own time without its children's) and the JavaScript
// functions with the most time of their own (from the trace's CPU samples).
//   node scripts/bench/traceSummary.js /tmp/book-200.json [rows]
import { readFileSync } from "node:fs";

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error("usage: node scripts/bench/traceSummary.js trace.json [rows]");
const ROWS = Number(rowsArg ?? 15);
const trace = JSON.parse(readFileSync(file, "utf8"));
const events = Array.isArray(trace) ? trace : trace.traceEvents;

// The page's main thread: the renderer main thread with the most events.
const mains = events.filter((e) => e.ph === "M" && e.args?.name === "CrRendererMain");
const counts = new Map();
for (const e of events) {
  const key = `${e.pid}:${e.tid}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
const main = mains
  .map((m) => ({ pid: m.pid, tid: m.tid, n: counts.get(`${m.pid}:${m.tid}`) ?? 0 }))
  .sort((a, b) => b.n - a.n)[0];
if (!main) throw new Error("no renderer main thread in the trace");
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);

const ms = (us) => (us / 1000).toFixed(1);
const table = (title, rows) => {
  console.log(`\n${title}`);
  for (const [name, value] of rows) console.log(`${value.padStart(9)}  ${name}`);
};

// Complete events on the main thread, nested by time: each one's own time.
const complete = onMain
  .filter((e) => e.ph === "X" && typeof e.dur === "number")
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const own = new Map();
const stack = [];
for (const e of complete) {
  while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
  const parent = stack.at(-1);
  if (parent) own.set(parent.name, (own.get(parent.name) ?? 0) - e.dur);
  own.set(e.name, (own.get(e.name) ?? 0) + e.dur);
  stack.push(e);
}
const tasks = complete.filter((e) => e.name === "RunTask").sort((a, b) => b.dur - a.dur);
const start = Math.min(...complete.map((e) => e.ts));
table(
  `Longest main-thread tasks (ms, at ms from the trace's start): ${tasks.length} tasks, ${ms(tasks.reduce((n, t) => n + t.dur, 0))} ms together`,
  tasks.slice(0, ROWS).map((t) => [`at ${ms(t.ts - start)}`, ms(t.dur)]),
);
table(
  "Main-thread time by kind of work (ms, own time)",
  [...own]
    .sort((a, b) => b[1] - a[1])
    .slice(0, ROWS)
    .map(([name, us]) => [name, ms(us)]),
);

// The CPU samples: each sample's time to the function on top of the stack.
const nodes = new Map();
const self = new Map();
for (const e of events) {
  if (e.name !== "ProfileChunk" || e.pid !== main.pid) continue;
  const profile = e.args?.data?.cpuProfile;
  for (const node of profile?.nodes ?? []) nodes.set(`${e.id}:${node.id}`, node.callFrame);
  const deltas = e.args?.data?.timeDeltas ?? [];
  (profile?.samples ?? []).forEach((id, i) => {
    const frame = nodes.get(`${e.id}:${id}`);
    if (!frame) return;
    const where = frame.url ? ` ${frame.url.split("/").pop()}:${frame.lineNumber + 1}` : "";
    const key = `${frame.functionName || "(anonymous)"}${where}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
  });
}
table(
  "JavaScript functions by own time (ms, sampled)",
  [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, ROWS)
    .map(([name, us]) => [name, ms(us)]),
);
