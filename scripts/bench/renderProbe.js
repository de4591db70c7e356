// By hand only, never in a served shop: loaded into a bench shop by renderSamples.js
// (node --import). Keeps each request's wall and CPU time in the shop and the garbage
// collections that began during it, answered (and forgotten) at /__probe with the heap's
// and the young generation's size. With PROBE_HEAP set, /__heap answers V8's sampling heap
// profile since the last one (open it in Chrome's DevTools, Memory tab).
import http from "node:http";
import { PerformanceObserver, performance } from "node:perf_hooks";
import v8 from "node:v8";
import { Session } from "node:inspector";

// PROBE_HEAP=1: collected objects included, so the profile says what a render allocates,
// not only what stays.
const heap = process.env.PROBE_HEAP ? new Session() : null;
const post = (method, params) =>
  new Promise((resolve, reject) =>
    heap.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
// PROBE_HEAP=live: only what is still reachable when the profile is taken (what stays).
const everything = process.env.PROBE_HEAP !== "live";
const SAMPLING = {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: everything,
  includeObjectsCollectedByMinorGC: everything,
};
if (heap) {
  heap.connect();
  await post("HeapProfiler.enable");
  await post("HeapProfiler.startSampling", SAMPLING);
}

const gcs = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    gcs.push({ start: e.startTime, ms: e.duration, kind: e.detail?.kind ?? e.kind });
  if (gcs.length > 5000) gcs.splice(0, 2500);
}).observe({ entryTypes: ["gc"] });

const records = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === "request") {
    if (req.url === "/__heap" && heap) {
      // Live objects only: collect first, so what is gone is not counted.
      if (!everything) globalThis.gc?.();
      post("HeapProfiler.stopSampling").then(async ({ profile }) => {
        await post("HeapProfiler.startSampling", SAMPLING);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(profile));
      });
      return true;
    }
    if (req.url === "/__probe") {
      // GC entries reach the observer after the request that saw them: matched here.
      for (const r of records) {
        const inside = gcs.filter((g) => g.start >= r.t0 && g.start <= r.t1);
        r.gcMs = inside.reduce((s, g) => s + g.ms, 0);
        r.gcKinds = inside.map((g) => g.kind);
      }
      const since = records[0]?.t0 ?? 0;
      const counted = gcs.filter((g) => g.start >= since);
      const spaces = Object.fromEntries(
        v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
      );
      const body = JSON.stringify({
        records,
        heap: process.memoryUsage(),
        gc: { count: counted.length, ms: counted.reduce((s, g) => s + g.ms, 0) },
        newSpace: spaces.new_space,
      });
      records.length = 0;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
      return true;
    }
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    res.on("finish", () => {
      const t1 = performance.now();
      const c = process.cpuUsage(c0);
      records.push({
        url: req.url,
        host: req.headers.host,
        cookie: Boolean(req.headers.cookie),
        wall: t1 - t0,
        cpu: (c.user + c.system) / 1000,
        t0,
        t1,
      });
      if (records.length > 20000) records.splice(0, 10000);
    });
  }
  return emit.apply(this, arguments);
};
