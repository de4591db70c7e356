/**
 * Feature flags as the shop understands them, independent of the flag service: the
 * flags the storefront asks for, the treatments they can have, how a URL forces a
 * treatment, the rules every input to the flag service must pass, and the monitor
 * that notices when a visitor's treatment changes under their feet.
 */
import { FEATURE_FLAG_LIMITS, type TREATMENTS } from "./constants";

export type Treatment = (typeof TREATMENTS)[number];

/** Treatments by flag name. */
export type FeatureFlags = Readonly<Record<string, Treatment>>;

/** Every flag the shop evaluates, by what it does. */
export const FLAGS = {
  /** Wall-art menu groups in the burger navigation (all wall art, bestseller, premium, additional). */
  wallArtBurgerGroups: "wallart_burger_menu_groups",
  /** VOLL-492: hide the shop list, in the header and in the burger navigation. */
  hideShops: "voll_492_hide_shops",
  /** VOLL-965: an A/B test whose rule is defined by the experiment, evaluated and tracked. */
  voll965: "voll_965",
  /** VOLL-967: an A/B test whose rule is defined by the experiment, evaluated and tracked. */
  voll967: "voll_967",
  /** VOLL-1031: the portrait format test. */
  portraitFormat: "voll_1031_portrait_format",
  /** VOLL-1409: an A/B test whose rule is defined by the experiment, evaluated and tracked. */
  voll1409: "voll_1409",
  /** VOLL-1616: the wandbilder flyout's smaller images. */
  wandbilderFlyoutImage: "voll_1616_wandbilder_flyout_image",
} as const;

export type FlagName = (typeof FLAGS)[keyof typeof FLAGS];

/** What each flag does, for the operator's flag page. */
export const FLAG_DESCRIPTIONS: Readonly<Record<FlagName, string>> = {
  wallart_burger_menu_groups:
    "Wall-art menu groups in the burger navigation: all wall art, bestseller, premium, additional products",
  voll_492_hide_shops: "VOLL-492: hides the shop list in the header and the burger navigation",
  voll_965: "VOLL-965: A/B test, evaluated and tracked",
  voll_967: "VOLL-967: A/B test, evaluated and tracked",
  voll_1031_portrait_format: "VOLL-1031: the portrait format test",
  voll_1409: "VOLL-1409: A/B test, evaluated and tracked",
  voll_1616_wandbilder_flyout_image:
    "VOLL-1616: the wandbilder flyout's images 120 px wide instead of 150",
};

export const FLAG_NAMES: readonly FlagName[] = Object.values(FLAGS);

/** A treatment the flag service answered, read strictly: anything unknown is "control". */
export function asTreatment(value: unknown): Treatment {
  return value === "on" || value === "off" ? value : "control";
}

/** The treatment of a flag: its evaluated value, else "off" (no client means off). */
export function treatmentOf(flags: FeatureFlags | undefined, name: string): Treatment {
  const value = flags?.[name];
  return value === "on" || value === "control" ? value : "off";
}

/** True only for the treatment "on" ("control" counts as off). */
export function isFlagOn(flags: FeatureFlags | undefined, name: string): boolean {
  return treatmentOf(flags, name) === "on";
}

/** Every flag off: what a crawler, a visitor without a key or a missing client sees. */
export function allOff(names: readonly string[] = FLAG_NAMES): Record<string, Treatment> {
  return Object.fromEntries(names.map((name) => [name, "off" as Treatment]));
}

// ---------------------------------------------------------------- problems

/** What went wrong with an input or an evaluation, named as the logs name it. */
export type FlagProblem =
  | "empty authorization key"
  | "empty key"
  | "key too long"
  | "forced treatment not on or off"
  | "invalid flag set name"
  | "invalid event type"
  | "event properties too large"
  | "value not a finite number"
  | "no treatment"
  | "treatment changed within session"
  | "treatment changed for user"
  | "user key changed";

/** A visitor key may be evaluated: non-empty and at most 250 characters. */
export function checkKey(key: string | undefined | null): FlagProblem | null {
  if (key === undefined || key === null || key.trim() === "") return "empty key";
  if (key.length > FEATURE_FLAG_LIMITS.maxKeyLength) return "key too long";
  return null;
}

/** The flag service cannot start without an API key. */
export function checkAuthorizationKey(key: string | undefined): FlagProblem | null {
  return key === undefined || key.trim() === "" ? "empty authorization key" : null;
}

/** Flag-set names: lowercase letters, digits and underscores, at most 50 characters. */
export function checkFlagSetName(name: string): FlagProblem | null {
  return FEATURE_FLAG_LIMITS.flagSetName.test(name) ? null : "invalid flag set name";
}

/** Event types: a letter or digit, then at most 79 letters, digits, dashes, underscores, periods or colons. */
export function checkEventType(eventType: string): FlagProblem | null {
  return FEATURE_FLAG_LIMITS.eventType.test(eventType) ? null : "invalid event type";
}

/** Event properties: at most 32768 bytes as JSON. */
export function checkEventProperties(
  properties: Record<string, unknown> | undefined,
): FlagProblem | null {
  if (properties === undefined) return null;
  const bytes = new TextEncoder().encode(JSON.stringify(properties)).length;
  return bytes <= FEATURE_FLAG_LIMITS.maxEventPropertiesBytes ? null : "event properties too large";
}

/** Event values: finite numbers only. */
export function checkEventValue(value: number | undefined): FlagProblem | null {
  return value === undefined || Number.isFinite(value) ? null : "value not a finite number";
}

// ---------------------------------------------------------------- overrides

export interface ForcedTreatments {
  forced: Record<string, Treatment>;
  /** A forcing parameter whose value was neither on nor off (ignored). */
  problems: { flag: string; problem: FlagProblem }[];
}

/**
 * Treatments a URL forces: a query parameter named after a flag with "on" or "off"
 * (`?voll_492_hide_shops=on`), or `feature` plus `treatment` (`?feature=…&treatment=off`).
 * Only known flags can be forced; other values are reported and ignored.
 */
export function forcedTreatments(
  query: URLSearchParams,
  names: readonly string[] = FLAG_NAMES,
): ForcedTreatments {
  const forced: Record<string, Treatment> = {};
  const problems: ForcedTreatments["problems"] = [];
  const force = (flag: string, value: string) => {
    if (value === "on" || value === "off") forced[flag] = value;
    else problems.push({ flag, problem: "forced treatment not on or off" });
  };
  for (const name of names) {
    const value = query.get(name);
    if (value !== null) force(name, value);
  }
  const feature = query.get("feature");
  const treatment = query.get("treatment");
  if (feature !== null && treatment !== null && names.includes(feature)) force(feature, treatment);
  return { forced, problems };
}

// ---------------------------------------------------------------- monitoring

export interface MonitorState {
  /** The key the treatments were recorded for. */
  splitKey: string | null;
  featureFlags: Record<string, Treatment>;
}

export const EMPTY_MONITOR: MonitorState = { splitKey: null, featureFlags: {} };

/**
 * Records the treatments a user saw. Once a flag's treatment is recorded, a different
 * later value is a problem (the visitor would see the experiment flip); a new user key
 * starts a fresh record and is reported too. Forced treatments are not recorded.
 */
export function monitorTreatments(
  state: MonitorState,
  splitKey: string,
  treatments: Readonly<Record<string, Treatment>>,
  scope: "session" | "user",
): { state: MonitorState; problems: { flag?: string; problem: FlagProblem }[] } {
  const problems: { flag?: string; problem: FlagProblem }[] = [];
  let recorded = state.featureFlags;
  if (state.splitKey !== null && state.splitKey !== splitKey) {
    problems.push({ problem: "user key changed" });
    recorded = {};
  }
  const next = { ...recorded };
  for (const [flag, treatment] of Object.entries(treatments)) {
    if (treatment === "control") continue;
    const before = recorded[flag];
    if (before !== undefined && before !== treatment) {
      problems.push({
        flag,
        problem:
          scope === "session" ? "treatment changed within session" : "treatment changed for user",
      });
    }
    next[flag] = treatment;
  }
  return { state: { splitKey, featureFlags: next }, problems };
}

// ---------------------------------------------------------------- page switches

/** What a page's own URL switches off, e.g. when the designer or an app embeds the page. */
export interface PageSwitches {
  /** The action bar (campaign bar); off with `barDisabled`. */
  actionBar: boolean;
  /** Promotions: the campaign bar and the app banner; off with `suppress_promotion`. */
  promotions: boolean;
}

/** A switch parameter is set unless its value says otherwise ("false" or "0"). */
function switchedOn(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value !== null && value !== "false" && value !== "0";
}

export function pageSwitches(query: URLSearchParams): PageSwitches {
  const promotions = !switchedOn(query, "suppress_promotion");
  return { actionBar: promotions && !switchedOn(query, "barDisabled"), promotions };
}
