/**
 * The whole shop in a test: the Hono app of server/app.ts with the React Router app
 * rendered by Vite's SSR module loader (as `npm run dev` does), over test services.
 * Requests go through `shop.app.request(url, init)`, as a browser's would, without a
 * port. Loading the app takes a few seconds; share one per test file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createServer, type ViteDevServer } from "vite";
import type { ServerBuild } from "react-router";
import type { Shop, ShopOptions } from "../app";
import type { Logger } from "../logger";
import type { ShopServices } from "../services";
import { storefrontOf, type Storefront } from "../storefront";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createTestServices, type TestServiceOptions } from "./services";

export interface TestShop extends Shop {
  /** Stops the Vite module loader (the services are the caller's to close). */
  stop(): Promise<void>;
}

let loader: ViteDevServer | undefined;
let loaderCacheDir: string | undefined;

/** One Vite SSR module loader per test file. */
async function viteLoader(): Promise<ViteDevServer> {
  loader ??= await createServer({
    configFile: path.resolve("vite.config.ts"),
    // Its own cache folder, no dependency scan and no WebSocket server: nothing is served to a
    // browser here, and two test workers would both ask for the same port.
    cacheDir: (loaderCacheDir = mkdtempSync(path.join(os.tmpdir(), "shop-test-vite-"))),
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  return loader;
}

/**
 * The storefront of the app's server build, for API tests that call `createApi` without
 * the whole shop. The module loader stays open until `closeTestStorefront`.
 */
export async function loadTestStorefront(): Promise<Storefront> {
  const vite = await viteLoader();
  return storefrontOf(
    (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
  );
}

/** The app's React Router build (its route table), on the same module loader. */
export async function loadTestServerBuild(): Promise<ServerBuild> {
  const vite = await viteLoader();
  return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
}

/** Stops the module loader `loadTestStorefront` opened. */
export async function closeTestStorefront(): Promise<void> {
  await loader?.close();
  loader = undefined;
  if (loaderCacheDir) rmSync(loaderCacheDir, { recursive: true, force: true });
  loaderCacheDir = undefined;
}

/**
 * Creates the shop over the given services. The app's modules and the React Router
 * build come from one module graph, so the request context they share is the same.
 */
export async function createTestShop(services: ShopServices, log?: Logger): Promise<TestShop> {
  const vite = await viteLoader();
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const { createShop } = (await vite.ssrLoadModule("/server/app.ts")) as {
    createShop: (options: ShopOptions) => Promise<Shop>;
  };
  const shop = await createShop({ env: services.env, build, services, log: log ?? services.log });
  return {
    ...shop,
    async stop() {
      await vite.close();
      loader = undefined;
      if (loaderCacheDir) rmSync(loaderCacheDir, { recursive: true, force: true });
      loaderCacheDir = undefined;
    },
  };
}

/**
 * The whole shop for one test file on a fresh embedded database, opened before its tests
 * and closed after them; `request` sends a browser's request to a URL or a localhost path
 * (the Host header follows the URL).
 */
export function useTestShop(
  overrides: Record<string, string> = {},
  options: TestServiceOptions = { catalogue: true },
) {
  const state: { database?: TestDatabase; services?: ShopServices; shop?: TestShop } = {};
  beforeAll(async () => {
    state.database = await openTestDatabase("pglite");
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
