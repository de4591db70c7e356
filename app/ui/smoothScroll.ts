/**
 * The shop's one scroll animation: the window glides to a position in 500 ms (at once
 * with reduced motion). Only one runs at a time, and it gives way to everything else:
 * a new animation, an explicit cancel (a kept position after a query change), the
 * visitor's own wheel, touch, key or pointer, and any other scroll it did not make.
 * A native `behavior: "smooth"` scroll cannot promise any of that: its duration is the
 * browser's, and an instant scroll issued meanwhile can still be overtaken by its next
 * step, so a position meant to be kept drifts.
 */
import { SCROLL_ANIMATION_MS } from "../../domain/constants";

/** Ease in and out over the animation (t from 0 to 1). */
export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** The position of a glide from `from` to `to` after `elapsed` of `duration` ms. */
export function glidePosition(from: number, to: number, elapsed: number, duration: number) {
  const t = duration <= 0 ? 1 : Math.min(1, Math.max(0, elapsed / duration));
  return Math.round(from + (to - from) * easeInOut(t));
}

const INTERRUPTING_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

let stopCurrent: (() => void) | null = null;

/** Stops the running animation, if any, where it is. */
export function cancelSmoothScroll(): void {
  stopCurrent?.();
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * Glides the window to `top`; `done` runs when it arrives (not when it is interrupted).
 * Starting a glide cancels the one before.
 */
export function smoothScrollTo(top: number, done?: () => void): void {
  cancelSmoothScroll();
  const from = window.scrollY;
  if (prefersReducedMotion() || from === top) {
    window.scrollTo({ top, behavior: "instant" });
    done?.();
    return;
  }
  const began = performance.now();
  let expected = from;
  let frame = 0;
  // Content that fills in above the viewport meanwhile (a block whose code arrives late)
  // must not move the page: the browser's scroll anchoring would, and the glide would take
  // that for somebody else's scroll and stop halfway.
  const root = document.documentElement;
  const anchoring = root.style.overflowAnchor;
  root.style.overflowAnchor = "none";
  const stop = () => {
    root.style.overflowAnchor = anchoring;
    cancelAnimationFrame(frame);
    for (const type of INTERRUPTING_EVENTS) window.removeEventListener(type, stop);
    if (stopCurrent === stop) stopCurrent = null;
  };
  const step = (now: number) => {
    // Somebody else moved the page (a script, the browser, the visitor): theirs wins.
    if (Math.abs(window.scrollY - expected) > 1) return stop();
    expected = glidePosition(from, top, now - began, SCROLL_ANIMATION_MS);
    window.scrollTo({ top: expected, behavior: "instant" });
    if (now - began < SCROLL_ANIMATION_MS) frame = requestAnimationFrame(step);
    else {
      stop();
      done?.();
    }
  };
  for (const type of INTERRUPTING_EVENTS) {
    window.addEventListener(type, stop, { passive: true, once: true });
  }
  stopCurrent = stop;
  frame = requestAnimationFrame(step);
}
