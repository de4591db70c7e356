import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "./routes";
import { buildSubset, routeFinder } from "../server/routeSubsets";

/**
 * The app's route table as a server build's manifests (ids as React Router gives them: the
 * route's own id, else its file without the extension).
 */
function buildOf(config: RouteConfigEntry[]): ServerBuild {
  const manifest: Record<string, object> = {
    root: { id: "root", path: "", module: {} },
  };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      manifest[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: {},
      };
      add(entry.children ?? [], id);
    }
  };
  add(config, "root");
  return { routes: manifest, assets: { routes: manifest } } as unknown as ServerBuild;
}

/** Every path a route pattern stands for, its parameters filled in (optional ones both ways). */
function samplePaths(pattern: string): string[] {
  let paths = [""];
  for (const segment of pattern.split("/").filter(Boolean)) {
    const optional = segment.endsWith("?");
    const bare = segment.replace(/\?$/, "");
    const values =
      bare === "*"
        ? ["fotobuch", "leinwand/", "magazin/photobook-guide", "fr/livre-photo"]
        : bare === ":lang"
          ? ["fr", "de", "en"]
          : bare.startsWith(":")
            ? ["x1"]
            : [bare];
    paths = paths.flatMap((path) => [
      ...values.map((value) => `${path}/${value}`),
      ...(optional ? [path] : []),
    ]);
  }
  return paths.map((path) => path || "/");
}

const matched = (
  routesOf: { match(path: string): { route: { id: string }; params: object }[] | null },
  path: string,
) => routesOf.match(path)?.map((m) => `${m.route.id} ${JSON.stringify(m.params)}`) ?? null;

function tree(build: ServerBuild, parentId?: string): object[] {
  return Object.values(build.routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      ...(route!.index ? {} : { children: tree(build, route!.id) }),
    }));
}

describe("route subsets", () => {
  const build = buildOf(routes);
  const full = createStaticHandler(tree(build) as never);
  const paths = [
    ...new Set(
      Object.values(build.routes).flatMap((route) =>
        route?.path !== undefined ? samplePaths(route.path) : [],
      ),
    ),
    "/",
    "/Warenkorb",
    "/fr/d/panier",
    "/d/fr/themes/abc",
    "/bestellung/tok/ok",
    "/gibt-es-nicht/",
    "/a%20b",
  ];

  it("names the route of the full table that serves a path", () => {
    const routeOf = routeFinder(build);
    expect(routeOf("/warenkorb")).toBe("cart-de");
    expect(routeOf("/fr/d/panier")).toBe("cart-fr");
    expect(routeOf("/fotobuch")).toBe("content");
    expect(routeOf("/")).toBe("home");
    expect(routeOf("/konto/anmelden")).toBe("account-de");
  });

  it("matches every path of the app's routes in its subset exactly as in the full table", () => {
    const routeOf = routeFinder(build);
    const home = ["root", "layouts/default", "home"];
    const mismatches = paths.flatMap((path) => {
      const id = routeOf(path);
      if (!id) return [`${path}: no route`];
      const ids = new Set([...home]);
      for (let r = build.routes[id]; r; r = r.parentId ? build.routes[r.parentId] : undefined)
        ids.add(r.id);
      const subset = createStaticHandler(tree(buildSubset(build, ids)) as never);
      const expected = matched(full, path);
      const got = matched(subset, path);
      return JSON.stringify(expected) === JSON.stringify(got)
        ? []
        : [`${path}: ${got} ≠ ${expected}`];
    });
    expect(paths.length).toBeGreaterThan(300);
    expect(mismatches).toEqual([]);
  });

  it("keeps only the given routes in both manifests", () => {
    const subset = buildSubset(build, new Set(["root", "layouts/default", "content"]));
    expect(Object.keys(subset.routes).sort()).toEqual(["content", "layouts/default", "root"]);
    expect(Object.keys(subset.assets.routes).sort()).toEqual([
      "content",
      "layouts/default",
      "root",
    ]);
  });

  it("forgets the oldest path once it remembers as many as it may", () => {
    const routeOf = routeFinder(build, 2);
    routeOf("/a");
    routeOf("/b");
    routeOf("/a");
    routeOf("/c");
    expect(routeOf.remembered()).toEqual(["/b", "/c"]);
    expect(routeOf("/warenkorb")).toBe("cart-de");
    expect(routeOf.remembered()).toEqual(["/c", "/warenkorb"]);
  });
});
