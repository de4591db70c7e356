/** The process itself: boot-time validation, the production build, the debug flag, graceful shutdown. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PORT } from "./fixtures";

test.describe.configure({ mode: "serial" });

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `node server.js` as `npm run serve` does; `NODE_ENV: undefined` leaves it unset. */
function startServer(env: Record<string, string | undefined>): Started {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-lifecycle-"));
  let output = "";
  const merged = {
    ...process.env,
    NODE_ENV: "production",
    PGLITE_DIR: dataDir,
    LOG_LEVEL: "info",
    ...env,
  };
  const child = spawn(process.execPath, ["server.js"], {
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

/**
 * Until the new shop answers its health check: a first start on an empty database imports
 * the seed content and catalogue, which takes a minute on a busy 2-core machine.
 */
async function waitUntilUp(port: number) {
  for (let i = 0; i < 360; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

test("a bad environment variable stops the boot with a message naming it", async () => {
  const server = startServer({ PORT: "not-a-port" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("Invalid environment");
  expect(server.output()).toContain("PORT");
});

/**
 * One shop is started for the rest (a boot imports the seed, which is what takes long):
 * with NODE_ENV unset and the debug flag on, so one boot shows the production build, the
 * error page's technical text (that it is hidden without the flag, furniture-frame.spec.ts
 * shows on the suite's shop), and a clean stop on SIGTERM.
 */
test("with NODE_ENV unset the server renders with React's production build; the debug flag shows the error page's technical text; SIGTERM closes idle keep-alive connections and stops cleanly", async () => {
  test.setTimeout(120_000);
  const port = PORT + 41;
  const server = startServer({ PORT: String(port), NODE_ENV: undefined, DEBUG_ERRORS: "true" });
  try {
    await waitUntilUp(port);
    // A finished request leaves a keep-alive connection open; shutdown must not wait for it.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    expect(health.react).toBe("production");
    expect(server.output()).not.toContain("react-development-build");

    const html = await (await fetch(`http://127.0.0.1:${port}/xx/fotobuch`)).text();
    expect(html).toContain("Technische Details");
    expect(html).toContain("Page Not Found: /xx/fotobuch");

    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.output()).toContain('"msg":"shutting down"');
    expect(server.output()).toContain('"msg":"stopped"');
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
