/**
 * A test database that can be taken away and given back while the shop runs. PostgreSQL
 * is reached through a TCP proxy that the test cuts (every connection reset, new ones
 * refused) and restores; the embedded PGlite has no connection to cut, so its client
 * fails every query as a closed database does until it is restored.
 */
import net from "node:net";
import type { Database, Db } from "../../db/client";
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from "../../db/testing";
import { openDatabase } from "../../db/client";

export interface FaultyDatabase {
  database: TestDatabase;
  cut(): Promise<void>;
  restore(): Promise<void>;
}

/** A TCP proxy to host:port on a free local port. */
async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen(0);
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.resetAndDestroy();
      });
    },
    async restore() {
      await listen(port);
    },
  };
}

async function faultyPostgres(): Promise<FaultyDatabase> {
  const direct = await openTestDatabase("postgres");
  const url = new URL(direct.url!);
  const proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  const database: Database = await openDatabase({
    url: proxied.toString(),
    // Lost connections are what this database is for.
    onConnectionError: () => {},
  });
  return {
    database: {
      ...database,
      async destroy() {
        await database.close().catch(() => {});
        await proxy.cut().catch(() => {});
        await direct.destroy();
      },
    },
    cut: proxy.cut,
    restore: proxy.restore,
  };
}

async function faultyPglite(): Promise<FaultyDatabase> {
  const inner = await openTestDatabase("pglite");
  let down = false;
  const closed = () => new Error("PGlite is closed");
  // Every query the shop starts goes through one of these; while down, each fails.
  // The engine itself (`$client`, which the health check asks directly, ahead of the
  // queued queries) then looks closed, as a closed PGlite does: not ready, every call failing.
  const engine = new Proxy((inner.db as unknown as { $client: object }).$client, {
    get(target, property) {
      // Read on the engine itself: its getters and methods use its private fields.
      const value = Reflect.get(target, property);
      if (down && property === "ready") return false;
      if (typeof value !== "function") return value;
      if (!down) return value.bind(target);
      return () => {
        throw closed();
      };
    },
  });
  const db = new Proxy(inner.db, {
    get(target, property, receiver) {
      if (property === "$client") return engine;
      const value = Reflect.get(target, property, receiver);
      if (!down || typeof value !== "function") return value;
      return () => {
        throw closed();
      };
    },
  }) as Db;
  return {
    database: {
      ...inner,
      db,
      async ping() {
        return down ? { ok: false, latencyMs: 0, error: closed().message } : inner.ping();
      },
    },
    async cut() {
      down = true;
    },
    async restore() {
      down = false;
    },
  };
}

export function openFaultyDatabase(kind: TestDatabaseKind): Promise<FaultyDatabase> {
  return kind === "postgres" ? faultyPostgres() : faultyPglite();
}
