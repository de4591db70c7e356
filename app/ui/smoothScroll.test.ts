// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCROLL_ANIMATION_MS } from "../../domain/constants";
import { cancelSmoothScroll, easeInOut, glidePosition, smoothScrollTo } from "./smoothScroll";

/** A window whose frames the test advances by hand. */
let frames: Array<(now: number) => void> = [];
let now = 0;
let y = 0;

function advance(ms: number) {
  now += ms;
  const due = frames;
  frames = [];
  for (const frame of due) frame(now);
}

beforeEach(() => {
  frames = [];
  now = 1000;
  y = 0;
  vi.spyOn(performance, "now").mockImplementation(() => now);
  vi.stubGlobal("requestAnimationFrame", (frame: (now: number) => void) => {
    frames.push(frame);
    return frames.length;
  });
  vi.stubGlobal("cancelAnimationFrame", () => {
    frames = [];
  });
  vi.spyOn(window, "scrollY", "get").mockImplementation(() => y);
  vi.spyOn(window, "scrollTo").mockImplementation(((options: ScrollToOptions) => {
    y = options.top ?? y;
  }) as typeof window.scrollTo);
});

afterEach(() => {
  cancelSmoothScroll();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the scroll glide", () => {
  it("eases from 0 to 1", () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBe(0.5);
    expect(easeInOut(1)).toBe(1);
  });

  it("is halfway after half its 500 ms and never overshoots", () => {
    expect(glidePosition(1000, 0, SCROLL_ANIMATION_MS / 2, SCROLL_ANIMATION_MS)).toBe(500);
    expect(glidePosition(1000, 0, 10 * SCROLL_ANIMATION_MS, SCROLL_ANIMATION_MS)).toBe(0);
    expect(glidePosition(1000, 0, -5, SCROLL_ANIMATION_MS)).toBe(1000);
  });

  it("turns the browser's scroll anchoring off while it glides, so content filling in above cannot stop it", () => {
    y = 1000;
    smoothScrollTo(0);
    expect(document.documentElement.style.overflowAnchor).toBe("none");
    advance(0);
    advance(SCROLL_ANIMATION_MS);
    expect(y).toBe(0);
    expect(document.documentElement.style.overflowAnchor).toBe("");
    // Also when it gives way before it arrives.
    y = 1000;
    smoothScrollTo(0);
    cancelSmoothScroll();
    expect(document.documentElement.style.overflowAnchor).toBe("");
  });

  it("arrives after 500 ms and then reports done", () => {
    y = 1000;
    const done = vi.fn();
    smoothScrollTo(0, done);
    advance(0);
    advance(250);
    expect(y).toBe(500);
    expect(done).not.toHaveBeenCalled();
    advance(250);
    expect(y).toBe(0);
    expect(done).toHaveBeenCalledOnce();
    expect(frames).toHaveLength(0);
  });

  it("gives way to a scroll it did not make and stays where that put the page", () => {
    y = 1000;
    const done = vi.fn();
    smoothScrollTo(0, done);
    advance(0);
    advance(100);
    y = 600;
    advance(100);
    expect(y).toBe(600);
    expect(frames).toHaveLength(0);
    expect(done).not.toHaveBeenCalled();
  });

  it("stops where it is when cancelled, as a kept position after a query change needs", () => {
    y = 1000;
    smoothScrollTo(0);
    advance(0);
    advance(100);
    const there = y;
    cancelSmoothScroll();
    advance(100);
    expect(y).toBe(there);
    expect(there).toBeGreaterThan(0);
  });

  it("stops on the visitor's own wheel, touch, key or pointer", () => {
    for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) {
      y = 1000;
      smoothScrollTo(0);
      advance(0);
      advance(100);
      const there = y;
      window.dispatchEvent(new Event(type));
      advance(100);
      expect(y, type).toBe(there);
    }
  });

  it("jumps at once when the visitor prefers reduced motion", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce") }));
    y = 1000;
    const done = vi.fn();
    smoothScrollTo(0, done);
    expect(y).toBe(0);
    expect(done).toHaveBeenCalledOnce();
  });
});
