/**
 * The whole shop in a test: the Hono app of server/app.ts serving the app's production
 * server bundle (the one `npm run build` makes, built once per test run into a folder of
 * the run's own, tests/setup/global-build.ts), over test services. Requests go through
 * `shop.app.request(url, init)`, as a browser's would, without a port. Loading the bundle
 * takes about a second (transforming the app's sources per test file took ten and more).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, inject } from "vitest";
import type { ServerBuild } from "react-router";
import type { Shop, ShopOptions } from "../app";
import type { Logger } from "../logger";
import type { ShopServices } from "../services";
import { storefrontOf, type Storefront } from "../storefront";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import {
  createTestServices,
  openSeededTestDatabase,
  seedOf,
  type TestServiceOptions,
} from "./services";

export interface TestShop extends Shop {
  /** Nothing to stop: the bundle stays loaded for the file (the services are the caller's to close). */
  stop(): Promise<void>;
}

/** What the server bundle (server/entry.ts) exports that the tests use. */
interface ServerBundle {
  serverBuild: ServerBuild;
  createShop: (options: ShopOptions) => Promise<Shop>;
}

const sleep = new Int32Array(new SharedArrayBuffer(4));

/**
 * Builds the run's bundle unless it is there: the first test file to ask builds it while
 * holding a lock folder; the others (in other workers) wait for the lock to go.
 */
function ensureBuilt(directory: string): string {
  const entry = path.join(directory, "server", "index.js");
  const lock = `${directory}.lock`;
  mkdirSync(path.dirname(directory), { recursive: true });
  // A build takes seconds; a lock held for minutes is a build that went wrong elsewhere.
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (existsSync(entry) && !existsSync(lock)) return entry;
    try {
      mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline)
        throw new Error(`the test build's lock ${lock} was never freed`, { cause: error });
      Atomics.wait(sleep, 0, 0, 250);
      continue;
    }
    try {
      if (!existsSync(entry)) {
        const built = spawnSync(path.resolve("node_modules/.bin/react-router"), ["build"], {
          env: { ...process.env, BUILD_DIR: directory, NODE_ENV: "production" },
          encoding: "utf8",
        });
        if (built.status !== 0 || !existsSync(entry))
          throw new Error(`the test build failed:\n${built.stdout}\n${built.stderr}`);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

let bundle: Promise<ServerBundle> | undefined;

/** The run's server bundle, built on first use and loaded once per test file. */
function serverBundle(): Promise<ServerBundle> {
  bundle ??= Promise.resolve().then(
    () => import(pathToFileURL(ensureBuilt(inject("shopBuildDir"))).href) as Promise<ServerBundle>,
  );
  return bundle;
}

/** The storefront of the app's server build, for API tests that call `createApi` without the whole shop. */
export async function loadTestStorefront(): Promise<Storefront> {
  return storefrontOf((await serverBundle()).serverBuild);
}

/** The app's React Router build (its route table). */
export async function loadTestServerBuild(): Promise<ServerBuild> {
  return (await serverBundle()).serverBuild;
}

/** Creates the shop of the run's bundle over the given services. */
export async function createTestShop(services: ShopServices, log?: Logger): Promise<TestShop> {
  const { serverBuild, createShop } = await serverBundle();
  const shop = await createShop({
    env: services.env,
    build: serverBuild,
    services,
    log: log ?? services.log,
  });
  return { ...shop, stop: async () => {} };
}

/**
 * The whole shop for one test file on a fresh embedded database, opened before its tests
 * and closed after them; `request` sends a browser's request to a URL or a localhost path
 * (the Host header follows the URL). The database starts as a copy of the run's seed
 * that the shop would import (`seedOf`), not empty.
 */
export function useTestShop(
  overrides: Record<string, string> = {},
  options: TestServiceOptions = { catalogue: true },
) {
  const state: { database?: TestDatabase; services?: ShopServices; shop?: TestShop } = {};
  beforeAll(async () => {
    const seed = seedOf(overrides, options);
    state.database = seed
      ? await openSeededTestDatabase("pglite", seed)
      : await openTestDatabase("pglite");
    state.services = await createTestServices(state.database, overrides, options);
    state.shop = await createTestShop(state.services);
  }, 180_000);
  afterAll(async () => {
    await state.shop?.stop();
    state.services?.cms?.close();
    await state.database?.destroy();
  });
  return {
    get services() {
      return state.services!;
    },
    get shop() {
      return state.shop!;
    },
    request(target: string, init: RequestInit = {}) {
      const url = new URL(target, "http://localhost");
      const headers = new Headers(init.headers);
      headers.set("host", url.host);
      return state.shop!.app.request(url.href, { ...init, headers });
    },
  };
}
