/**
 * The router's scroll restoration with the shop's rules: after a transition to
 * a new path the window scrolls smoothly to the top; a query-only change between
 * product-list routes keeps the position; back/forward and #hash targets are the
 * router's. Also reloads the page (guarded) when a code chunk fails to preload, and
 * installs the chunk check that runs before each navigation (lib/navigation.ts).
 */
import { useEffect, useLayoutEffect } from "react";
import { ScrollRestoration, useLocation, useNavigationType } from "react-router";
import { cancelSmoothScroll, smoothScrollTo } from "../ui/smoothScroll";
import {
  beforeNavigate,
  reloadForChunkError,
  scrollDecision,
  type ScrollDecision,
  type ScrollLocation,
} from "../lib/navigation";

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Shared by the effects before and after the router's own (one router per page). */
const shared: {
  decision: ScrollDecision;
  y: number;
  lastY: number;
  previous: ScrollLocation | null;
} = {
  decision: "restore",
  y: 0,
  lastY: 0,
  previous: null,
};

/**
 * Runs before the router's scroll effect: decides, and takes the position the visitor
 * last scrolled to (read before the new page's layout could shift it).
 */
function Before() {
  const location = useLocation();
  const type = useNavigationType();
  useIsomorphicLayoutEffect(() => {
    shared.decision = scrollDecision(shared.previous, location, type);
    shared.previous = { pathname: location.pathname, search: location.search, hash: location.hash };
    shared.y = shared.lastY;
  }, [location]);
  return null;
}

/** Runs after the router's scroll effect (its jump to the top): smooth scroll or kept position. */
function After() {
  const location = useLocation();
  useIsomorphicLayoutEffect(() => {
    const { decision, y } = shared;
    // A glide of the page before is over once the next page is here.
    cancelSmoothScroll();
    // Still before the paint: back where the visitor was, then glide up. The glide's code
    // is part of the page's first script, not loaded when first wanted: until it had
    // arrived, the new page sat where the old one was left, with the browser's scroll
    // anchoring free to move it further down (a browser test saw a page stay there).
    if (decision === "smooth-top" && y > 0) {
      window.scrollTo({ top: y, behavior: "instant" });
      smoothScrollTo(0);
    }
    if (decision === "keep") window.scrollTo({ top: y, behavior: "instant" });
  }, [location]);
  return null;
}

export function NavigationScroll({ nonce }: { nonce?: string }) {
  useEffect(() => {
    shared.lastY = window.scrollY;
    const onScroll = () => {
      shared.lastY = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    // Vite fires this when a lazily loaded chunk's dependencies fail to preload.
    const onPreloadError = (event: Event) => {
      if (reloadForChunkError()) event.preventDefault();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    // The chunk check before each navigation (entry.client's router instrumentation).
    window.__shopBeforeNavigate = beforeNavigate;
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      delete window.__shopBeforeNavigate;
    };
  }, []);
  return (
    <>
      <Before />
      <ScrollRestoration nonce={nonce} />
      <After />
    </>
  );
}
