/**
 * The flag service: the Split SDK on the server, in localhost mode reading the YAML
 * file of the repo by default, or connected to Split with an SDK key. Every input
 * passes the rules of domain/flags.ts first; every problem is logged as a
 * feature-flag error and the visitor simply sees the flag off.
 */
import { existsSync, readFileSync } from "node:fs";
import { SplitFactory } from "@splitsoftware/splitio";
import {
  FEATURE_FLAG_CLIENT_DEFAULTS as DEFAULTS,
  DEFAULT_TRACKING_VIEW_EVENT,
} from "../../domain/constants";
import {
  EMPTY_MONITOR,
  FLAG_NAMES,
  allOff,
  asTreatment,
  checkAuthorizationKey,
  checkEventProperties,
  checkEventType,
  checkEventValue,
  checkKey,
  monitorTreatments,
  type FlagProblem,
  type MonitorState,
  type Treatment,
} from "../../domain/flags";
import type { Logger } from "../logger";
import type { RequestSeen } from "../requestHeaders";
import { requestFlags, type FlagAttributes, type RequestFlags } from "./request";

/** Where the client stands: not yet ready, ready, ready from cache, timed out, destroyed, updated. */
export type FlagReadiness =
  "not ready" | "ready" | "ready from cache" | "timed out" | "destroyed" | "updated";

export interface TrackedEvent {
  key: string;
  /** The traffic type of the key: "user" for visitors and customers. */
  trafficType?: string;
  eventType?: string;
  value?: number;
  properties?: Record<string, unknown>;
}

export interface FlagService {
  /** "localhost" (the YAML file) or "sdk" (a Split SDK key). */
  readonly mode: "localhost" | "sdk";
  /** The YAML file in localhost mode. */
  readonly file: string | undefined;
  readiness(): FlagReadiness;
  /** The flag file's text in localhost mode (for the operator's flag page), else null. */
  definitions(): string | null;
  /**
   * Treatments of the flags for a visitor key; every flag off when the key or the client
   * fails. Without `customer` they are watched per visitor key (the session); with a
   * logged-in customer's number per customer, so a customer met with another visitor key
   * than before is reported as a changed user key.
   */
  evaluate(
    key: string | undefined,
    attributes: FlagAttributes,
    customer?: string,
  ): Record<string, Treatment>;
  /**
   * The treatments a visitor without a key sees: evaluated for one fixed key and not
   * monitored. A page rendered with exactly these may be shared by every visitor.
   */
  shared(attributes: FlagAttributes): Record<string, Treatment>;
  /** The treatments of a document or API request (server/flags/request.ts). */
  forRequest(request: RequestSeen, channel: string): RequestFlags;
  /** Records an event for the key; the problem when an input breaks a rule or the SDK refuses it. */
  track(event: TrackedEvent): FlagProblem | "track failure" | null;
  destroy(): Promise<void>;
}

export interface FlagServiceOptions {
  /** A Split SDK key; without one the service runs in localhost mode from `file`. */
  sdkKey?: string;
  /** The YAML file of localhost mode. */
  file: string;
  log: Logger;
  /** How many visitors' recorded treatments are kept to notice a changed treatment. */
  monitoredVisitors?: number;
  /** With an SDK key: fetch only the flags of these sets (names checked at boot). */
  flagSets?: readonly string[];
  /** How often localhost mode re-reads its file (default 15 seconds). */
  fileRefreshSeconds?: number;
}

/** The traffic type of visitors and customers. */
export const USER_TRAFFIC_TYPE = "user";

/** The key of the treatments every visitor without a key of their own shares. */
export const SHARED_KEY = "shared-anonymous-visitor";

/** Visitors whose recorded treatments are kept, the oldest forgotten first. */
const DEFAULT_MONITORED_VISITORS = 10_000;

export function createFlagService(options: FlagServiceOptions): FlagService {
  const { log } = options;
  const report = (problem: FlagProblem | string, details: Record<string, unknown> = {}) =>
    log.error({ id: "feature-flag-error", problem, ...details }, "feature flag error");

  const authorizationKey = options.sdkKey ?? "localhost";
  const keyProblem = checkAuthorizationKey(authorizationKey);
  const mode = options.sdkKey ? "sdk" : "localhost";
  let state: FlagReadiness = "not ready";
  // The client is only created when its configuration is whole: on a failed
  // initialisation the shop runs without one, and every flag is off.
  let client: SplitIO.IClient | null = null;
  if (keyProblem) {
    report(keyProblem);
  } else if (mode === "localhost" && !existsSync(options.file)) {
    report("initialize", { reason: "flag file not found", file: options.file });
  } else {
    try {
      const factory = SplitFactory({
        core: { authorizationKey },
        ...(mode === "localhost" ? { features: options.file } : {}),
        startup: {
          readyTimeout: DEFAULTS.readyTimeoutSeconds,
          requestTimeoutBeforeReady: DEFAULTS.requestTimeoutBeforeReadySeconds,
          retriesOnFailureBeforeReady: DEFAULTS.retriesOnFailureBeforeReady,
        },
        scheduler: {
          featuresRefreshRate: DEFAULTS.featuresRefreshRateSeconds,
          segmentsRefreshRate: DEFAULTS.segmentsRefreshRateSeconds,
          telemetryRefreshRate: DEFAULTS.telemetryRefreshRateSeconds,
          impressionsRefreshRate: DEFAULTS.impressionsRefreshRateSeconds,
          eventsPushRate: DEFAULTS.eventsPushRateSeconds,
          eventsQueueSize: DEFAULTS.eventsQueueSize,
          impressionsQueueSize: DEFAULTS.impressionsQueueSize,
          ...(options.fileRefreshSeconds ? { offlineRefreshRate: options.fileRefreshSeconds } : {}),
        },
        ...(mode === "sdk" && options.flagSets?.length
          ? { sync: { splitFilters: [{ type: "bySet" as const, values: [...options.flagSets] }] } }
          : {}),
        debug: false,
      });
      client = factory.client();
      const ready = client;
      ready.on(ready.Event.SDK_READY, () => (state = "ready"));
      ready.on(ready.Event.SDK_READY_FROM_CACHE, () => (state = "ready from cache"));
      ready.on(ready.Event.SDK_READY_TIMED_OUT, () => {
        state = "timed out";
        report("initialize", { reason: "ready timed out" });
      });
      ready.on(ready.Event.SDK_UPDATE, () => (state = "updated"));
    } catch (error) {
      report("initialize", { err: error });
      client = null;
    }
  }

  const capacity = options.monitoredVisitors ?? DEFAULT_MONITORED_VISITORS;
  const monitors = new Map<string, MonitorState>();
  const monitor = (key: string, treatments: Record<string, Treatment>, customer?: string) => {
    const scope = customer === undefined ? "session" : "user";
    const id = customer === undefined ? `session:${key}` : `user:${customer}`;
    const before = monitors.get(id) ?? { ...EMPTY_MONITOR, splitKey: key };
    monitors.delete(id);
    const { state: after, problems } = monitorTreatments(before, key, treatments, scope);
    monitors.set(id, after);
    if (monitors.size > capacity) monitors.delete(monitors.keys().next().value as string);
    for (const problem of problems) report(problem.problem, { flag: problem.flag, scope });
  };

  /** The treatments of every flag for a key, or null without a ready client. */
  const treatmentsFor = (key: string, attributes: FlagAttributes) => {
    if (!client) return null;
    if (state === "not ready" || state === "timed out" || state === "destroyed") {
      // Before the definitions arrive every answer would be "control".
      report("no treatment", { readiness: state });
      return null;
    }
    let answers: Record<string, string>;
    try {
      answers = client.getTreatments(key, [...FLAG_NAMES], { ...attributes });
    } catch (error) {
      report("no treatment", { err: error });
      return null;
    }
    const treatments: Record<string, Treatment> = {};
    for (const name of FLAG_NAMES) {
      const treatment = asTreatment(answers[name]);
      if (treatment === "control") report("no treatment", { flag: name });
      treatments[name] = treatment;
    }
    return treatments;
  };

  const service: FlagService = {
    mode,
    file: mode === "localhost" ? options.file : undefined,
    readiness: () => state,
    definitions() {
      if (mode !== "localhost") return null;
      try {
        return readFileSync(options.file, "utf8");
      } catch {
        return null;
      }
    },
    evaluate(key, attributes, customer) {
      const problem = checkKey(key);
      if (problem) {
        report(problem);
        return allOff();
      }
      const treatments = treatmentsFor(key!, attributes);
      if (treatments) monitor(key!, treatments, customer);
      return treatments ?? allOff();
    },
    shared: (attributes) => treatmentsFor(SHARED_KEY, attributes) ?? allOff(),
    forRequest: (request, channel) => requestFlags(service, log, request, channel),
    track(event) {
      const eventType = event.eventType ?? DEFAULT_TRACKING_VIEW_EVENT;
      const problem =
        checkKey(event.key) ??
        checkEventType(eventType) ??
        checkEventValue(event.value) ??
        checkEventProperties(event.properties);
      if (problem) {
        report(problem, { eventType });
        return problem;
      }
      if (!client) return "track failure";
      const accepted = client.track(
        event.key,
        event.trafficType ?? USER_TRAFFIC_TYPE,
        eventType,
        event.value,
        event.properties as SplitIO.Properties | undefined,
      );
      if (!accepted) report("track failure", { eventType });
      return accepted ? null : "track failure";
    },
    async destroy() {
      if (client) await client.destroy();
      client = null;
      state = "destroyed";
    },
  };
  return service;
}
