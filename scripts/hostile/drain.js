// SIGTERM under load: clients keep sending while the shop is told to stop, the way a
// load balancer does: it asks /health/ready every 100 ms and sends no new request once
// the shop says it is stopping. Every request sent must get its whole answer; none may
// be reset or refused. Each request uses its own connection.
import http from "node:http";

function once(port, path) {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        agent: false,
        headers: { host: "cards.localhost", connection: "close" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, outcome: "answered" }));
        res.on("error", (error) => resolve({ outcome: `lost: ${error.message}` }));
      },
    );
    req.on("error", (error) => resolve({ outcome: `lost: ${error.code ?? error.message}` }));
    req.end();
  });
}

/** Sends from `clients` loops; calls `stop()` after `stopAfterMs`; counts what happened. */
export async function drain({
  port,
  clients,
  stopAfterMs,
  stop,
  paths = ["/", "/fotobuch", "/service/versand"],
}) {
  const outcomes = {};
  let draining = false;
  let stoppedAt = 0;
  let answeredAfterSignal = 0;
  const poll = setInterval(async () => {
    const { status } = await once(port, "/health/ready");
    if (status !== 200) draining = true;
  }, 100);
  const loop = async (index) => {
    for (let i = index; !draining; i++) {
      const { status, outcome } = await once(port, paths[i % paths.length]);
      const key = outcome === "answered" ? `answered ${status}` : outcome;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      if (stoppedAt && outcome === "answered") answeredAfterSignal++;
    }
  };
  const timer = setTimeout(() => {
    stoppedAt = Date.now();
    stop();
  }, stopAfterMs);
  await Promise.all(Array.from({ length: clients }, (_, i) => loop(i)));
  clearInterval(poll);
  clearTimeout(timer);
  const lost = Object.entries(outcomes)
    .filter(([outcome]) => outcome !== "answered 200")
    .reduce((sum, [, n]) => sum + n, 0);
  return { outcomes, lost, answeredAfterSignal };
}
