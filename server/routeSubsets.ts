/**
 * The page renderer's route matching, done once per address instead of three times a request.
 *
 * React Router tries a request's path against every route of the table in turn until one
 * fits: each alias of the app pages (cart, account, orders … in every language) under the
 * optional language and desktop prefixes is a branch of its own, some 330 in all, and the
 * content pages (products, stories) are the catch-all, tried last. It does so three times
 * for every page (on arrival, for the loaders, and for the partial route list the browser
 * gets), a few milliseconds of a product page's render.
 *
 * Here the full table is asked once per address, and the answer (the route that serves it)
 * is remembered; the request then goes to a handler built from a subset of the table: that
 * route with its parents, and the home page's routes (which the browser's partial route
 * list always names). The routes a path matches in the subset are the ones it matches in
 * the full table, as the subset keeps the winner and its order among its own variants.
 */
import {
  createRequestHandler,
  createStaticHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

type RequestHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** How many addresses' routes are remembered; the oldest is forgotten first. */
const REMEMBERED_PATHS = 10_000;

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

type Manifest = ServerBuild["routes"];

/** The route table of a build's manifest as nested route objects (what React Router builds from it). */
function routeTree(manifest: Manifest, parentId?: string): RouteNode[] {
  return Object.values(manifest)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      ...(route!.index ? {} : { children: routeTree(manifest, route!.id) }),
    })) as RouteNode[];
}

/** A route's id with those of all its parents. */
function withParents(manifest: Manifest, id: string): string[] {
  const ids: string[] = [];
  for (
    let route = manifest[id];
    route;
    route = route.parentId ? manifest[route.parentId] : undefined
  )
    ids.push(route.id);
  return ids;
}

function pick<T>(record: Record<string, T>, ids: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
}

/** The build with only the given routes, in its server and its browser manifest. */
export function buildSubset(build: ServerBuild, ids: Set<string>): ServerBuild {
  return {
    ...build,
    routes: pick(build.routes, ids) as Manifest,
    assets: { ...build.assets, routes: pick(build.assets.routes, ids) },
  };
}

/**
 * Which route of the full table serves a path (its id), or null when none does; remembered
 * per path (up to {@link REMEMBERED_PATHS}).
 */
export function routeFinder(build: ServerBuild, remembered = REMEMBERED_PATHS) {
  const handler = createStaticHandler(routeTree(build.routes) as never);
  const known = new Map<string, string | null>();
  const find = (pathname: string): string | null => {
    const found = known.get(pathname);
    if (found !== undefined) return found;
    const id = handler.match(pathname)?.at(-1)?.route.id ?? null;
    if (known.size >= remembered) known.delete(known.keys().next().value!);
    known.set(pathname, id);
    return id;
  };
  /** The paths it remembers now, oldest first. */
  find.remembered = () => [...known.keys()];
  return find;
}

/**
 * React Router's request handler for a built shop, matching each address against the
 * full route table once: the request is handled with the subset of routes that serves it.
 * Data requests (`….data`) and the route-list requests of the browser keep the full table.
 */
export function routeSubsetHandler(build: ServerBuild, mode: string): RequestHandler {
  const full = createRequestHandler(build, mode);
  const routeOf = routeFinder(build);
  const homeIds = withParents(build.routes, routeOf("/") ?? "root");
  const handlers = new Map<string, RequestHandler>();
  const manifestPath = build.routeDiscovery?.manifestPath ?? "/__manifest";
  const handlerFor = (id: string) => {
    let handler = handlers.get(id);
    if (!handler) {
      const ids = new Set([...withParents(build.routes, id), ...homeIds]);
      handler = createRequestHandler(buildSubset(build, ids), mode);
      handlers.set(id, handler);
    }
    return handler;
  };
  return (request, context) => {
    const { pathname } = new URL(request.url);
    if (pathname.endsWith(".data") || pathname === manifestPath) return full(request, context);
    const id = routeOf(pathname);
    return (id ? handlerFor(id) : full)(request, context);
  };
}
