/**
 * The flags of one request. Crawlers get no flag client (every flag off); a visitor
 * with a key gets their own treatments; a visitor without one (the first page view,
 * before the browser has made its key) gets the shared treatments. The URL may force
 * a flag on or off. A page is personal when its treatments differ from the shared
 * ones: only then must no shared cache keep it (docs/decisions/0008-visitor-key-and-flags.md).
 *
 * Every anonymous page request asks for its flags, a page cache hit too (they are part of
 * its key), so what every request would work out alike is worked out once: the shared
 * treatments of a channel and device kind for a second at a time, and the device of a
 * user agent and its client hints (docs/decisions/0012-page-cache-keeps-bytes.md).
 */
import { LRUCache } from "lru-cache";
import { visitorKey } from "../../domain/cookies";
import { allOff, forcedTreatments, type FeatureFlags, type Treatment } from "../../domain/flags";
import { deviceInfo } from "../device";
import type { Logger } from "../logger";
import type { HeaderReader, RequestSeen } from "../requestHeaders";

/** What a flag is evaluated against besides the visitor key. */
export interface FlagAttributes {
  channel: string;
  mobileDevice: boolean;
}

/** What a request's treatments are worked out with: the flag service. */
export interface FlagEvaluator {
  evaluate(key: string | undefined, attributes: FlagAttributes): Record<string, Treatment>;
  shared(attributes: FlagAttributes): Record<string, Treatment>;
}

export interface RequestFlags {
  featureFlags: FeatureFlags;
  /** The treatments depend on who asks: no shared cache may keep what they render. */
  personal: boolean;
  /** The request comes from a crawler (every flag off). */
  crawler: boolean;
}

/**
 * How long the shared treatments are used again before the flag service is asked anew.
 * They change only when the flag definitions do, which reach the service after seconds
 * anyway (Split's refresh, the flag file's re-read).
 */
export const SHARED_TREATMENTS_MS = 1000;

interface Remembered {
  at: number;
  treatments: Readonly<Record<string, Treatment>>;
}

/** The shared treatments per flag service, channel and device kind. */
const sharedByService = new WeakMap<FlagEvaluator, Map<string, Remembered>>();

function sharedTreatments(
  flags: FlagEvaluator,
  attributes: FlagAttributes,
): Readonly<Record<string, Treatment>> {
  let remembered = sharedByService.get(flags);
  if (!remembered) sharedByService.set(flags, (remembered = new Map()));
  const key = `${attributes.channel}|${attributes.mobileDevice ? "mobile" : "other"}`;
  const now = Date.now();
  const last = remembered.get(key);
  if (last && now - last.at >= 0 && now - last.at < SHARED_TREATMENTS_MS) return last.treatments;
  const treatments = flags.shared(attributes);
  remembered.set(key, { at: now, treatments });
  return treatments;
}

/** What the flags need of a device, per user agent and client hints (all it is read from). */
const devices = new LRUCache<string, { isMobile: boolean; isCrawler: boolean }>({ max: 1000 });

function deviceOf(headers: HeaderReader): { isMobile: boolean; isCrawler: boolean } {
  const key = `${headers.get("user-agent") ?? ""}\n${headers.get("sec-ch-ua-mobile") ?? ""}\n${headers.get("sec-ch-ua-platform") ?? ""}`;
  let device = devices.get(key);
  if (!device) {
    const { isMobile, isCrawler } = deviceInfo(headers);
    devices.set(key, (device = { isMobile, isCrawler }));
  }
  return device;
}

function differs(a: Record<string, Treatment>, b: Record<string, Treatment>): boolean {
  for (const name in a) if ((a[name] ?? "off") !== (b[name] ?? "off")) return true;
  for (const name in b) if (!(name in a) && (b[name] ?? "off") !== "off") return true;
  return false;
}

export function requestFlags(
  flags: FlagEvaluator,
  log: Logger,
  request: RequestSeen,
  channel: string,
): RequestFlags {
  const device = deviceOf(request.headers);
  const { forced, problems } = forcedTreatments(new URL(request.url).searchParams);
  for (const { flag, problem } of problems) {
    log.warn({ id: "feature-flag-error", problem, flag }, "feature flag error");
  }
  const withForced = (treatments: Readonly<Record<string, Treatment>>) => ({
    ...treatments,
    ...forced,
  });
  // What a shared cache may hand to anyone asking for this URL.
  const shared = withForced(sharedTreatments(flags, { channel, mobileDevice: false }));
  const key = visitorKey(request.headers.get("cookie") ?? "");
  const attributes = { channel, mobileDevice: device.isMobile };
  const own = device.isCrawler
    ? withForced(allOff())
    : key
      ? withForced(flags.evaluate(key, attributes))
      : device.isMobile
        ? withForced(sharedTreatments(flags, attributes))
        : shared;
  return { featureFlags: own, personal: differs(own, shared), crawler: device.isCrawler };
}
