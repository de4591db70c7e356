// Starts the servers the bench measures as child processes of their own (so they do not
// share an event loop with the load generator) and stops them again.
import { spawn } from "node:child_process";

// A fresh embedded database imports the catalogue and the content first: on a busy machine
// (load average 20) that alone took 150 s.
const START_TIMEOUT_MS = 300_000;

/**
 * Runs `node …args` with extra environment variables (undefined removes one) and waits
 * until http://127.0.0.1:{port}{readyPath} answers 2xx. Returns a handle whose stop() ends
 * the process and waits for it, and whose pid is the process's (to read its memory).
 */
export async function startServer(args, { port, env = {}, readyPath = "/" }) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  try {
    await waitUntilUp(`http://127.0.0.1:${port}${readyPath}`, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, pid: child.pid };
}

/** Runs `body` with a server started as above, and stops the server however it ends. */
export async function withServer(args, options, body) {
  const server = await startServer(args, options);
  try {
    return await body();
  } finally {
    await server.stop();
  }
}

async function waitUntilUp(url, exited) {
  let gone = false;
  exited.then(() => (gone = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!gone && Date.now() < deadline) {
    if (await answersOk(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer (${gone ? "the process ended" : "timed out"})`);
}

async function answersOk(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
