// By hand (not part of `npm run bench`): the shop's CPU time a request, by kind of request,
// for two builds side by side, so a change can be judged on a machine other work shares.
// Each build runs as a shop of its own (one process, PostgreSQL or the embedded database);
// both get the same requests, four at a time, in rounds whose order turns every round, and
// each shop's CPU time (user and system, all its threads, from /proc) is summed per kind.
// CPU time sways far less with other work than answer times do; the two ports still differ
// by a few per cent on a busy machine, so run it twice with the builds swapped and average.
//   a built clone per build (npm run build in each), then:
//   BENCH_A_DIR=/tmp/clone-a BENCH_B_DIR=/tmp/clone-b npx node scripts/bench/kindCpu.js
//   BENCH_A_DATABASE_URL / BENCH_B_DATABASE_URL: an empty PostgreSQL database each (else the
//   embedded database); BENCH_A_NODE_ARGS / BENCH_B_NODE_ARGS: Node options of one shop;
//   BENCH_KINDS=cart,account,hit,404 (the default; also "anonymous cart", "customer data",
//   product), BENCH_ROUNDS=12, BENCH_PER_ROUND=100,
//   BENCH_PORT=3296 (A; B the next port)
import { readFileSync } from "node:fs";
import { customerSession } from "./customer.js";
import { startShop } from "./shop.js";

const PORT = Number(process.env.BENCH_PORT ?? 3296);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 100);
const CONCURRENCY = 4;
const CLOCK_TICKS = 100;
const SHOPPER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/** The kinds of request, as the mixed load sends them (a customer's pages with their session). */
const KINDS = {
  cart: { path: "/warenkorb", customer: true },
  account: { path: "/konto", customer: true },
  "anonymous cart": { path: "/warenkorb", customer: false },
  // The header's personal parts, asked by every page a browser loads.
  "customer data": { path: "/web-api/customer-data", customer: true },
  product: { path: "/fotobuch", customer: true },
  hit: { path: "/", customer: false },
  404: { path: "/gibt-es-nicht-bench", customer: false },
};
const kinds = (process.env.BENCH_KINDS ?? "cart,account,hit,404").split(",").filter(Boolean);
for (const kind of kinds) if (!(kind in KINDS)) throw new Error(`unknown kind ${kind}`);

/** CPU time (ms) a process has used so far. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const builds = [];
try {
  for (const [index, name] of ["A", "B"].entries()) {
    const dir = process.env[`BENCH_${name}_DIR`];
    if (!dir) throw new Error(`BENCH_${name}_DIR names no built clone`);
    const port = PORT + index;
    const database = process.env[`BENCH_${name}_DATABASE_URL`];
    // The shop runs the build of the folder it is started in.
    process.chdir(dir);
    const shop = await startShop(port, {
      nodeArgs: (process.env[`BENCH_${name}_NODE_ARGS`] ?? "").split(" ").filter(Boolean),
      env: { MAILBOX_ENABLED: "true", ...(database ? { DATABASE_URL: database } : {}) },
    });
    builds.push({ name, dir, shop, cookie: "", cpu: {}, count: {} });
    builds.at(-1).cookie = await customerSession(shop, port, { channel: "cards", slash: false });
  }
  const headersOf = (build, kind) => ({
    "accept-encoding": "gzip",
    "user-agent": SHOPPER_AGENT,
    ...(KINDS[kind].customer ? { cookie: build.cookie } : {}),
  });
  const ask = (build, kind) =>
    build.shop.get("cards.localhost", KINDS[kind].path, headersOf(build, kind));
  for (const build of builds) {
    for (const kind of kinds) {
      const first = await ask(build, kind);
      if (first.status !== (kind === "404" ? 404 : 200))
        throw new Error(`${build.name} ${kind} answered ${first.status}`);
      for (let i = 0; i < 20; i++) await ask(build, kind);
    }
  }
  const loads = [];
  for (let round = 0; round < ROUNDS; round++) {
    loads.push(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
    for (const build of round % 2 ? [...builds].reverse() : builds) {
      for (const kind of kinds) {
        const before = cpuMs(build.shop.pid);
        let left = PER_ROUND;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (left-- > 0) await ask(build, kind);
          }),
        );
        build.cpu[kind] = (build.cpu[kind] ?? 0) + cpuMs(build.shop.pid) - before;
        build.count[kind] = (build.count[kind] ?? 0) + PER_ROUND;
      }
    }
  }
  console.log(`load average during the rounds: ${loads.join(", ")}`);
  console.table(
    builds.map((build) => ({
      build: `${build.name} ${build.dir}`,
      ...Object.fromEntries(
        kinds.map((kind) => [
          `${kind} ms`,
          Number((build.cpu[kind] / build.count[kind]).toFixed(3)),
        ]),
      ),
    })),
  );
} finally {
  for (const build of builds) await build.shop.stop();
}
