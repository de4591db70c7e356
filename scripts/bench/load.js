// Load runs with autocannon: a fixed number of connections for a fixed time.
import autocannon from "autocannon";

export const CONNECTIONS = 10;
export const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 60);

/** Requests per second and p99 latency (ms); failed counts non-2xx answers, errors and timeouts. */
export async function load(url, headers = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** "1234 (5 ms)": requests per second and p99, marked when any request failed. */
export function describe({ rps, p99, failed }) {
  return `${rps.toFixed(0)} (${p99} ms)${failed ? ` ${failed} failed` : ""}`;
}
