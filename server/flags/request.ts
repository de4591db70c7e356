/**
 * The flags of one request. Crawlers get no flag client (every flag off); a visitor
 * with a key gets their own treatments; a visitor without one (the first page view,
 * before the browser has made its key) gets the shared treatments. The URL may force
 * a flag on or off. A page is personal when its treatments differ from the shared
 * ones: only then must no shared cache keep it (docs/decisions/0008-visitor-key-and-flags.md).
 */
import { visitorKey } from "../../domain/cookies";
import { allOff, forcedTreatments, type FeatureFlags, type Treatment } from "../../domain/flags";
import { deviceInfo } from "../device";
import type { Logger } from "../logger";

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
}

function differs(a: Record<string, Treatment>, b: Record<string, Treatment>): boolean {
  return Object.keys({ ...a, ...b }).some((name) => (a[name] ?? "off") !== (b[name] ?? "off"));
}

export function requestFlags(
  flags: FlagEvaluator,
  log: Logger,
  request: Request,
  channel: string,
): RequestFlags {
  const device = deviceInfo(request.headers);
  const { forced, problems } = forcedTreatments(new URL(request.url).searchParams);
  for (const { flag, problem } of problems) {
    log.warn({ id: "feature-flag-error", problem, flag }, "feature flag error");
  }
  const withForced = (treatments: Record<string, Treatment>) => ({ ...treatments, ...forced });
  // What a shared cache may hand to anyone asking for this URL.
  const shared = withForced(flags.shared({ channel, mobileDevice: false }));
  const key = visitorKey(request.headers.get("cookie") ?? "");
  const attributes = { channel, mobileDevice: device.isMobile };
  const own = withForced(
    device.isCrawler ? allOff() : key ? flags.evaluate(key, attributes) : flags.shared(attributes),
  );
  return { featureFlags: own, personal: differs(own, shared) };
}
