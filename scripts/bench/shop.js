// The built shop on a fresh embedded database and image cache, and requests to it by host
// name (the host picks the brand and country) while the traffic goes to 127.0.0.1.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startServer } from "./processes.js";

/** A session cookie (even an unknown one) makes the shop render the page for the request. */
export const SESSION = { cookie: "shop_session=bench" };

/**
 * Starts the shop on `port` (with `nodeArgs` before server.js, e.g. a profiler's flags, and
 * `env` over the defaults below, e.g. a PostgreSQL database and workers); stop() ends it
 * and removes its data.
 */
export async function startShop(port, { nodeArgs = [], env: extraEnv = {} } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  const env = {
    PORT: String(port),
    PGLITE_DIR: path.join(dataDir, "pglite"),
    IMAGE_CACHE_DIR: path.join(dataDir, "image-cache"),
    STUDIO_DIR: path.join(dataDir, "studio"),
    // Warnings too would fill the output (every unknown slug the bench asks for is one).
    LOG_LEVEL: "error",
    NODE_ENV: "production",
    // One process on the embedded database, whatever the calling shell has set.
    DATABASE_URL: undefined,
    WEB_CONCURRENCY: undefined,
    ...extraEnv,
  };
  try {
    const server = await startServer([...nodeArgs, "server.js"], {
      port,
      env,
      readyPath: "/health",
    });
    return {
      ...shopClient(port),
      pid: server.pid,
      stop: () => server.stop().finally(() => removeDir(dataDir)),
    };
  } catch (error) {
    removeDir(dataDir);
    throw error;
  }
}

function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * One request to 127.0.0.1 as sent (not followed, not compressed): status, headers, body and
 * the time to its last byte. node:http, as Node's fetch replaces the Host header with the
 * address it connects to.
 */
export function send(options, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request({ host: "127.0.0.1", ...options }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

const get = (port, headers, pathname) => send({ port, path: pathname, headers });

/** One JSON POST from the shop's own origin. */
function post(port, headers, pathname, body) {
  const data = Buffer.from(JSON.stringify(body));
  return send(
    {
      port,
      path: pathname,
      method: "POST",
      headers: {
        ...headers,
        origin: `http://${headers.host}`,
        "content-type": "application/json",
        "content-length": data.length,
      },
    },
    data,
  );
}

function shopClient(port) {
  const headers = (host, extra = {}) => ({ host: `${host}:${port}`, ...extra });
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    headers,
    get: (host, pathname, extra = {}) => get(port, headers(host, extra), pathname),
    post: (host, pathname, body) => post(port, headers(host), pathname, body),
    /** The address a browser uses (every *.localhost name is this machine). */
    browserUrl: (host, pathname) => `http://${host}:${port}${pathname}`,
  };
}
