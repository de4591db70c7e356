/**
 * Navigation behaviour: where the window scrolls after a
 * page transition, the reload guard for chunks that fail to load, and route preloading
 * (skipped on slow connections, at most five in parallel). Pure rules plus the small
 * browser glue that applies them.
 */
import { createElement, lazy, use, type ComponentType } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { RELOAD_GUARD_MS } from "../../domain/constants";
import { isProductsPath } from "../../domain/paths";
import { logError } from "./log";

// ---------------------------------------------------------------- scrolling

export interface ScrollLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * What happens to the scroll position after a transition:
 * - "restore": leave it to the router (first load, back/forward restores, #hash targets);
 * - "smooth-top": a new path scrolls smoothly to the top;
 * - "keep": a query-only change between product-list routes keeps the position;
 * - "top": anything else jumps to the top.
 */
export type ScrollDecision = "restore" | "smooth-top" | "keep" | "top";

export function scrollDecision(
  previous: ScrollLocation | null,
  next: ScrollLocation,
  navigationType: "POP" | "PUSH" | "REPLACE",
): ScrollDecision {
  if (previous === null || navigationType === "POP" || next.hash !== "") return "restore";
  if (previous.pathname !== next.pathname) return "smooth-top";
  if (
    previous.search !== next.search &&
    isProductsPath(previous.pathname) &&
    isProductsPath(next.pathname)
  ) {
    return "keep";
  }
  return "top";
}

// ---------------------------------------------------------------- reload guard

const RELOAD_GUARD_KEY = "shop:chunk-reloads";

/** Minimal storage (sessionStorage in the browser). */
export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * True when a page may reload after a chunk failed to load on `path`: at most once per
 * path within {@link RELOAD_GUARD_MS}. Records the reload when it returns true.
 */
export function claimChunkReload(path: string, now: number, storage: GuardStorage): boolean {
  let reloads: Record<string, number> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? "{}");
    if (parsed && typeof parsed === "object") reloads = parsed as Record<string, number>;
  } catch {
    reloads = {};
  }
  const last = reloads[path];
  if (typeof last === "number" && now - last < RELOAD_GUARD_MS && now >= last) return false;
  const recent = Object.fromEntries(
    Object.entries(reloads).filter(([, time]) => now - time < RELOAD_GUARD_MS),
  );
  try {
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ ...recent, [path]: now }));
  } catch {
    // Without storage the guard cannot remember: do not risk a reload loop.
    return false;
  }
  return true;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i;

/** True for the errors browsers raise when a code chunk cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "ChunkLoadError" || CHUNK_ERROR.test(error.message);
}

/** How many loads are under way whose failure their caller shows itself ({@link loadWithoutReload}). */
let loadsWithoutReload = 0;

/**
 * Loads code whose failure the caller shows itself: while it loads, a chunk that fails does
 * not reload the page (neither here nor through Vite's preload error, which fires for any
 * failed dynamic import). The error page's code loads so: offline, where many errors of a
 * client-side navigation come from, a reload would trade the shop's error page for the
 * browser's offline page.
 */
export function loadWithoutReload<T>(load: () => Promise<T>): Promise<T> {
  loadsWithoutReload++;
  const loading = load();
  const done = () => void loadsWithoutReload--;
  loading.then(done, done);
  return loading;
}

/** Reloads the page for a chunk failure when the guard allows; returns whether it did. */
export function reloadForChunkError(): boolean {
  if (typeof window === "undefined" || loadsWithoutReload > 0) return false;
  if (!claimChunkReload(window.location.pathname, Date.now(), window.sessionStorage)) return false;
  window.location.reload();
  return true;
}

/**
 * React.lazy with the reload guard: when the chunk fails to load, the page reloads
 * (once per path within the guard window); otherwise the error reaches the error boundary.
 *
 * On the server the module is loaded once, as soon as this is called, and rendered in
 * place: a lazy component there would make React send its Suspense fallback first and
 * the content later, revealed by a script a moment after the first paint, which
 * moves the page (and leaves the content hidden without JavaScript).
 */
export function lazyWithReload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  // Vite's SSR flag: the browser's bundle leaves the server's way out.
  if (import.meta.env.SSR) return loadedOnServer(load);
  return lazy(() =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunkError()) {
        return new Promise<never>(() => {});
      }
      throw error;
    }),
  );
}

/**
 * A component loaded once on the server, as soon as this is called, and rendered in place
 * (see {@link lazyWithReload}).
 */
export function loadedOnServer<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const pending = load().then((module) => (loaded = module.default));
  // A failure shows when the component renders; until then it is no unhandled rejection.
  pending.catch(() => {});
  return function ServerComponent(props: P) {
    // Only the first render after the start can find the module still loading.
    const Component = loaded ?? use(pending);
    return createElement(Component, props);
  };
}

/** The router's globals in the browser (framework mode). */
interface RouterGlobals {
  __reactRouterDataRouter?: { routes: RouteObject[] };
  __reactRouterManifest?: { routes: Record<string, { module: string; imports?: string[] }> };
  __reactRouterRouteModules?: Record<string, unknown>;
}

/** The route modules a navigation to `pathname` needs that are not loaded yet. */
function missingRouteModules(pathname: string): string[] {
  const globals = window as unknown as RouterGlobals;
  const routes = globals.__reactRouterDataRouter?.routes;
  const manifest = globals.__reactRouterManifest;
  if (!routes || !manifest) return [];
  const loaded = globals.__reactRouterRouteModules ?? {};
  return (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
    const id = match.route.id;
    const entry = id && !(id in loaded) ? manifest.routes[id] : undefined;
    return entry ? [entry.module] : [];
  });
}

/**
 * Runs before each client-side navigation (entry.client's router instrumentation calls it
 * through `window.__shopBeforeNavigate`, installed by NavigationScroll): the target's route
 * modules that are not loaded yet are imported first, so the router's own import finds
 * them. When one fails to load, the target page loads fully instead, at most
 * once per path within {@link RELOAD_GUARD_MS}; a second failure within that time leaves
 * the navigation undone and logs it, so a broken deployment cannot reload in a loop.
 * (React Router on its own reloads the current page on every such failure, unguarded.)
 * Routes the router has not discovered yet are not checked; those of the links on a page
 * are discovered right after it loads. Resolves to false when the router must not run
 * the navigation.
 */
export async function beforeNavigate(to: string): Promise<boolean> {
  const target = new URL(to, window.location.href);
  if (target.origin !== window.location.origin) return true;
  try {
    await Promise.all(
      missingRouteModules(target.pathname).map((url) => import(/* @vite-ignore */ url)),
    );
  } catch (error) {
    if (!isChunkLoadError(error)) return true;
    const path = target.pathname;
    if (claimChunkReload(path, Date.now(), window.sessionStorage)) {
      window.location.assign(`${path}${target.search}${target.hash}`);
    } else {
      logError("chunk-load-error", error, { path });
    }
    return false;
  }
  return true;
}

// ---------------------------------------------------------------- preloading

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** True on a slow connection (2g or slower) or with the data saver on: no prefetching. */
export function isSlowConnection(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || /(^|-)2g$/.test(connection.effectiveType ?? "");
}

/**
 * False on a slow connection in the browser: links then neither prefetch data nor code.
 * Otherwise a link prefetches with React Router's `prefetch="intent"`, which keeps a
 * page's prefetch links only while the link is hovered or focused: a pointer and a focus
 * at most, so far fewer than five route preloads ever run at once.
 */
export function canPrefetch(): boolean {
  if (typeof navigator === "undefined") return true;
  return !isSlowConnection(
    (navigator as Navigator & { connection?: NetworkInformationLike }).connection,
  );
}
