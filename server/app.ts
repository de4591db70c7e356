/**
 * The one Node process: the Hono app with the API first, then static assets, then
 * the React Router request handler. This file is the server bundle's entry.
 */
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { getRequestListener, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "./middleware/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createApi } from "./api";
import { builtAssets, staticFiles } from "./assets/staticFiles";
import { sharePagesWithWorkers, superviseWorkers, workerCount, workersRefused } from "./cluster";
import { DatabaseUnavailableError } from "../db/client";
import { parseEnv, type Env } from "./env";
import { fastHits } from "./fastHit";
import { createLogger, type Logger } from "./logger";
import { sameOriginWrites } from "./middleware/sameOrigin";
import { adClickCookie } from "./middleware/adClick";
import { cachePolicy } from "./middleware/cachePolicy";
import { clientAddress, clientAddressOf } from "./middleware/clientAddress";
import { withVisitorScheme } from "./middleware/forwarded";
import { errorHandler, globalBodyLimit } from "./middleware/errors";
import { knownHostsOnly } from "./middleware/hosts";
import { siteOf, siteOrDefault } from "./middleware/site";
import { httpsOnly } from "./middleware/httpsOnly";
import {
  pagePolicy,
  responseHeaders,
  securityHeaders,
  type NonceVariables,
} from "./middleware/security";
import { mayUseCache, PageCache, pageKey } from "./pageCache";
import { changedStoryTags } from "./pageTags";
import { createRetention } from "./retention";
import { createMailRetry } from "./retention/mailRetry";
import { loadedReactBuild } from "./runtime";
import { routeSubsetHandler } from "./routeSubsets";
import { createServices, type ShopServices } from "./services";
import { announceBackOffice } from "./admin/boot";
import { storefrontOf, type Storefront } from "./storefront";

export interface ShopOptions {
  env: Env;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (static assets). */
  clientDir?: string;
  log?: Logger;
  services?: ShopServices;
}

export interface Shop {
  app: Hono<{ Variables: NonceVariables }>;
  services: ShopServices;
  /**
   * The node:http request listener: fresh page cache hits are answered at once
   * (server/fastHit.ts), every other request by `app`. `hostname` stands in for a
   * missing Host header.
   */
  listener(hostname?: string): RequestListener;
  /** From now on /health/ready says the process is stopping (load balancers move on). */
  beginShutdown(): void;
  close(): Promise<void>;
}

/**
 * The storefront of the build. A build given as a function (development) is asked again
 * on every call, so a reloaded app brings its own request context key.
 */
function storefrontLoader(build: ShopOptions["build"]): () => Promise<Storefront> {
  if (typeof build !== "function") {
    const storefront = storefrontOf(build);
    return async () => storefront;
  }
  return async () => storefrontOf(await build());
}

export async function createShop(options: ShopOptions): Promise<Shop> {
  const { env } = options;
  const log = options.log ?? createLogger(env.LOG_LEVEL);
  const currentStorefront = storefrontLoader(options.build);
  const storefront = await currentStorefront();
  storefront.setLogSink((level, id, details) => log[level]({ id, ...details }, String(id)));
  const services = options.services ?? (await createServices(env, log));
  const dev = env.NODE_ENV === "development";
  // A built shop matches each address against the route table once (server/routeSubsets.ts);
  // development's build changes with every edit and keeps React Router's own handler.
  const handleDocument =
    typeof options.build === "function"
      ? createRequestHandler(options.build, dev ? "development" : "production")
      : routeSubsetHandler(options.build, dev ? "development" : "production");

  const app = new Hono<{ Variables: NonceVariables }>();
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  app.use(clientAddressOf(env.TRUSTED_PROXIES));
  // Before every middleware that may set a cookie: it sees each answer as it leaves.
  app.use(cachePolicy());
  // The request's site, read from its host once for every middleware, route and page.
  app.use(siteOf(services.hosts));
  if (env.NODE_ENV === "production") app.use(knownHostsOnly());
  if (env.FORCE_HTTPS) app.use(httpsOnly());
  app.use(compress());
  const transport = { hstsIncludeSubdomains: env.HSTS_INCLUDE_SUBDOMAINS };
  app.use(securityHeaders(dev, services.publicEnv.thirdParty, transport));
  // The paths that take shoppers' photos set their own, larger limits.
  const bodyLimit = globalBodyLimit();
  const takesPhotos = (path: string) =>
    path.startsWith("/web-api/toolbox-") ||
    path === "/customer-picture/upload" ||
    path === "/web-api/studio/photos";
  // A GET or HEAD request has no body (the server drops one): nothing to limit, and asking
  // for its body would make the server build a whole Request for every page (cache hit).
  const bodiless = (method: string) => method === "GET" || method === "HEAD";
  app.use((c, next) =>
    takesPhotos(c.req.path) || bodiless(c.req.method) ? next() : bodyLimit(c, next),
  );
  app.use(adClickCookie());
  app.use(sameOriginWrites());
  // Development renders every request: the page changes with every edit. The workers of
  // a machine hand each other the pages they keep, so each is rendered once per machine.
  const sharing = !dev && env.PAGE_CACHE && cluster.isWorker ? sharePagesWithWorkers() : null;
  const pages =
    !dev && env.PAGE_CACHE
      ? new PageCache({
          maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
          freshMs: env.PAGE_CACHE_FRESH_SECONDS * 1000,
          staleMs: env.PAGE_CACHE_STALE_SECONDS * 1000,
          policy: pagePolicy(dev, services.publicEnv.thirdParty),
          ...(sharing ? { share: sharing.send } : {}),
        })
      : null;
  if (pages && sharing) sharing.receive((page) => pages.adopt(page));

  let stopping = false;
  app.route("/", createApi(services, storefront, { stopping: () => stopping }, pages));

  if (options.clientDir) {
    const root = options.clientDir;
    app.use("/assets/*", builtAssets(root));
    // The few public files outside assets/ (favicon, brand logos) are listed once, so a
    // page request costs no look at the disk.
    const publicFiles = new Set(
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name))}`)
        .filter((file) => !file.startsWith("/assets/"))
        .map((file) => file.split(path.sep).join("/")),
    );
    const publicFile = staticFiles(root, "public, max-age=3600");
    app.use("*", (c, next) => (publicFiles.has(c.req.path) ? publicFile(c, next) : next()));
  }

  app.all("*", async (c) => {
    const site = siteOrDefault(c);
    const { requestContext } = await currentStorefront();
    const render = (request: Request) => {
      const context = new RouterContextProvider();
      context.set(requestContext, {
        site,
        nonce: c.get("nonce"),
        services,
        clientAddress: clientAddress(c),
      });
      return handleDocument(request, context);
    };
    // Behind a TLS proxy the document sees the URL the visitor used (https).
    const request = withVisitorScheme(c.req.raw);
    const url = new URL(request.url);
    if (!pages || !mayUseCache(request, url)) return render(request);
    const flags = services.flags.forRequest(request, site.channel);
    // A visitor whose own flag treatments differ gets their own page.
    if (flags.personal) return render(request);
    const key = pageKey(url, { treatments: flags.featureFlags, crawler: flags.crawler });
    const scope = {
      channel: site.channel,
      content: await services.content.currentCv(site.channel),
      catalogue: services.catalogue.version(),
    };
    // The render may be kept for others, so it must not end with this visitor's connection.
    return pages.serve(
      key,
      request,
      () => render(new Request(request.url, { headers: request.headers })),
      scope,
    );
  });

  app.onError(errorHandler(log));

  if (pages) {
    // A publish here drops the pages that show the stories it changed; one announced by
    // another process the same (server/invalidation.ts); a catalogue import of another
    // process the pages that show catalogue data (this process's own is seen by version).
    services.cms?.onChange((channel, stories) =>
      pages.invalidate({
        ...(channel ? { channel } : {}),
        ...(channel && stories ? { tags: changedStoryTags(channel, stories) } : {}),
      }),
    );
    services.invalidation?.onChange((change) => {
      if (change.kind === "catalogue") pages.catalogueChanged();
      else pages.invalidate({ channel: change.channel, tags: change.tags });
    });
  }

  const fastHit =
    pages &&
    fastHits({
      pages,
      services,
      forceHttps: env.FORCE_HTTPS,
      responseHeaders: responseHeaders(services.publicEnv.thirdParty, transport),
      log,
    });

  return {
    app,
    services,
    listener(hostname) {
      const answer = getRequestListener(app.fetch, { hostname });
      if (!fastHit) return answer;
      return (incoming, outgoing) => {
        if (!fastHit(incoming, outgoing)) void answer(incoming, outgoing);
      };
    },
    beginShutdown() {
      stopping = true;
    },
    async close() {
      services.content.close();
      await services.invalidation?.close();
      await services.flags.destroy();
      await services.database.close();
    },
  };
}

/** Boots the shop from the process environment and serves it until SIGTERM/SIGINT. */
export async function start(
  build: ShopOptions["build"],
  clientDir: string,
): Promise<ServerType | null> {
  let env: Env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const log = createLogger(env.LOG_LEVEL);
  if (cluster.isPrimary) {
    const workers = workerCount(env.WEB_CONCURRENCY, availableParallelism());
    const refused = workersRefused(workers, env.DATABASE_URL);
    if (refused) log.warn({ id: "workers-refused", workers }, refused);
    else if (workers > 1) {
      superviseWorkers(workers, log);
      return null;
    }
  }
  let shop: Shop;
  try {
    shop = await createShop({ env, build, clientDir, log });
  } catch (error) {
    if (!(error instanceof DatabaseUnavailableError)) throw error;
    log.fatal({ id: "database-unavailable" }, error.message);
    process.exit(1);
  }
  // Deletes what the shop keeps no longer, once per cluster (docs/operations.md).
  const retention = createRetention(shop.services);
  retention.start();
  // Offers the mails SMTP refused again, with growing pauses (with SMTP_URL only).
  const mailRetry = createMailRetry(shop.services);
  mailRetry.start();
  // Works through due jobs (print files, order mails, invoices, reconcile), once per cluster.
  shop.services.commerce.start();
  const server = createServer(shop.listener(env.HOST));
  server.listen(env.PORT, env.HOST, () => {
    const info = server.address() as AddressInfo;
    if (env.NODE_ENV === "production" && loadedReactBuild() === "development") {
      log.error({ id: "react-development-build" }, "React's development build serves visitors");
    }
    log.info(
      { port: info.port, database: shop.services.database.kind },
      `shop listening on http://localhost:${info.port}/`,
    );
    void announceBackOffice({
      env,
      log,
      operators: shop.services.admin.operators,
      origin: `http://localhost:${info.port}`,
    }).catch((error: unknown) => log.error({ err: error }, "back-office announcement failed"));
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // Readiness turns 503 at once; the shop keeps serving for SHUTDOWN_DELAY_MS so a load
    // balancer can stop sending, then stops accepting and drains what is open.
    shop.beginShutdown();
    const retentionStopped = retention.stop();
    const mailRetryStopped = mailRetry.stop();
    const jobsStopped = shop.services.commerce.stop();
    const force = setTimeout(() => {
      log.warn("forced shutdown after timeout");
      process.exit(1);
    }, env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    setTimeout(() => {
      server.close(async () => {
        await retentionStopped;
        await mailRetryStopped;
        await jobsStopped;
        await shop.close();
        log.info("stopped");
        process.exit(0);
      });
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    }, env.SHUTDOWN_DELAY_MS);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}
