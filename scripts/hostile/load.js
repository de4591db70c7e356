// Load against a running shop on 127.0.0.1 only: a mix of pages, images and API calls,
// for a bounded time. Reports requests, errors, 5xx and the latency percentiles. A request
// counts as failed after 30 s, a load balancer's usual patience: with 200 visitors at
// once on two cores every page is rendered anew (no page cache yet), so answers wait
// seconds in line, and the p99 printed shows how long.
import autocannon from "autocannon";

/** What a shop serves most: pages of both brands, resized images, originals, API calls. */
export const LOAD_MIX = [
  { host: "cards.localhost", path: "/" },
  { host: "wallart.localhost", path: "/" },
  { host: "cards.localhost", path: "/fotobuch" },
  { host: "cards.localhost", path: "/themes/hochzeit-001" },
  { host: "cards.localhost", path: "/service/versand" },
  { host: "cards.localhost", path: "/_img/400x0/a/cards/furniture-badge-app-store.svg" },
  { host: "cards.localhost", path: "/a/cards/furniture-badge-app-store.svg" },
  { host: "cards.localhost", path: "/web-api/feature-flags" },
  { host: "cards.localhost", path: "/web-api/customer-data" },
  { host: "cards.localhost", path: "/robots.txt" },
];

export async function load({ port, connections, seconds }) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: Math.min(seconds, 120),
    timeout: 30,
    requests: LOAD_MIX.map(({ host, path }) => ({
      method: "GET",
      path,
      headers: { host, "accept-encoding": "gzip", "user-agent": "load-suite" },
    })),
  });
  return {
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    serverErrors: result["5xx"],
    non2xx: result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}
