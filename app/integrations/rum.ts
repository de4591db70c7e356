/**
 * Real-user monitoring: the browser's errors and its web vitals (LCP, CLS, INP, FCP,
 * TTFB) go to the RUM endpoint, at most one post per second (the logging throttle), and
 * what is left when the page is hidden goes out with a beacon. Each event names the
 * device class, detected again 50 ms after the window was resized (a rotated tablet, a
 * browser's device emulation).
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import Bowser from "bowser";
import { deviceInfoOf } from "../../domain/device";
import { RUM_MAX_EVENTS, type RumEvent } from "../../domain/rum";

/** The logging throttle: the least time between two posts. */
export const RUM_THROTTLE_MS = 1000;
/** How long after a resize the device is detected again. */
export const DEVICE_REDETECT_MS = 50;

interface NavigatorWithHints extends Navigator {
  userAgentData?: { mobile?: boolean; platform?: string };
}

function deviceClass(): RumEvent["device"] {
  const hints = (navigator as NavigatorWithHints).userAgentData;
  const parser = Bowser.getParser(navigator.userAgent || " ");
  // A browser running this script is no crawler that matters here: RUM needs the class only.
  const device = deviceInfoOf(
    {
      platform: parser.getPlatformType(true),
      os: parser.getOSName(true),
      browser: parser.getBrowserName(true),
      crawler: false,
    },
    { mobile: hints?.mobile ?? null, platform: hints?.platform || null },
  );
  return device.isMobile ? "mobile" : device.isTablet ? "tablet" : "desktop";
}

/** An event as measured, before the page and device are added. */
type Measured = RumEvent extends infer E
  ? E extends unknown
    ? Omit<E, "device" | "path">
    : never
  : never;

/**
 * Starts collecting, first recording the errors raised before it started (`earlier`: the
 * page's error and unhandled-rejection events, in order); the returned function stops it
 * and sends what is queued.
 */
export function startRum(endpoint: string, earlier: readonly Event[] = []): () => void {
  let device = deviceClass();
  let queue: RumEvent[] = [];
  let lastSent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let redetect: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const send = (beacon: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const events = queue.slice(0, RUM_MAX_EVENTS);
    queue = queue.slice(RUM_MAX_EVENTS);
    lastSent = Date.now();
    const body = JSON.stringify({ events });
    if (
      beacon &&
      navigator.sendBeacon?.(endpoint, new Blob([body], { type: "application/json" }))
    ) {
      return;
    }
    fetch(endpoint, {
      method: "POST",
      body,
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      credentials: "omit",
    }).catch(() => {});
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(() => send(false), Math.max(0, lastSent + RUM_THROTTLE_MS - Date.now()));
  };
  const record = (event: Measured) => {
    if (stopped) return;
    queue.push({ ...event, device, path: window.location.pathname } as RumEvent);
    schedule();
  };

  const vital = (metric: Metric) =>
    record({ type: "vital", name: metric.name, value: metric.value, rating: metric.rating });
  for (const observe of [onLCP, onCLS, onINP, onFCP, onTTFB]) observe(vital);

  const onError = (event: ErrorEvent) =>
    record({
      type: "error",
      message: String(event.message || "error"),
      source: event.filename || undefined,
      line: event.lineno || undefined,
      column: event.colno || undefined,
    });
  const onRejection = (event: PromiseRejectionEvent) =>
    record({
      type: "error",
      message: event.reason instanceof Error ? event.reason.message : String(event.reason),
    });
  const onHidden = () => {
    if (document.visibilityState === "hidden") send(true);
  };
  const onResize = () => {
    clearTimeout(redetect);
    redetect = setTimeout(() => (device = deviceClass()), DEVICE_REDETECT_MS);
  };
  for (const event of earlier) {
    if (event.type === "unhandledrejection") onRejection(event as PromiseRejectionEvent);
    else onError(event as ErrorEvent);
  }
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("resize", onResize);
  document.addEventListener("visibilitychange", onHidden);

  return () => {
    send(true);
    stopped = true;
    clearTimeout(redetect);
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("resize", onResize);
    document.removeEventListener("visibilitychange", onHidden);
  };
}
