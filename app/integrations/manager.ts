/**
 * Starts the third-party scripts a consent choice allows and stops those it no longer
 * allows: their tags are removed, their cookies deleted, and when one of them had already
 * run the page reloads, since only a new document is free of its code.
 */
import {
  THIRD_PARTY_COOKIES,
  type ThirdPartyConfig,
  type ThirdPartyName,
} from "../../domain/thirdParty";
import { currentCustomer, displayName, subscribeCustomer } from "../lib/customer";
import { pushDataLayer } from "../lib/dataLayer";
import { deleteCookies } from "./cookies";
import { takeEarlyErrors } from "./earlyErrors";
import { loadScript, removeScript, scriptState } from "./scriptLoader";

/** How often and how long the customer's identity waits for the analytics tool. */
export const ANALYTICS_POLL_MS = 2000;
export const ANALYTICS_POLL_LIMIT_MS = 60_000;

type HotjarCall = (...args: unknown[]) => void;

declare global {
  interface Window {
    hj?: HotjarCall & { q?: unknown[][] };
  }
}

let running = new Set<ThirdPartyName>();
let stopIdentify: (() => void) | null = null;
let stopRum: (() => void) | null = null;

/** Tells the analytics tool who the logged-in customer is, once its script has run. */
function identifyCustomers(): () => void {
  let poll: ReturnType<typeof setInterval> | undefined;
  let identified: string | null = null;
  const identify = () => {
    const customer = currentCustomer();
    if (!customer.isLoggedIn || !customer.number || customer.number === identified) return;
    clearInterval(poll);
    const started = Date.now();
    const attempt = () => {
      if (scriptState("sessionAnalytics") === "loaded" && window.hj) {
        clearInterval(poll);
        identified = customer.number;
        window.hj("identify", customer.number, { name: displayName(customer) });
      } else if (Date.now() - started >= ANALYTICS_POLL_LIMIT_MS) {
        clearInterval(poll);
      }
    };
    poll = setInterval(attempt, ANALYTICS_POLL_MS);
    attempt();
  };
  const unsubscribe = subscribeCustomer(identify);
  identify();
  return () => {
    clearInterval(poll);
    unsubscribe();
  };
}

function start(name: ThirdPartyName, config: ThirdPartyConfig): void {
  const ignoreFailure = () => {};
  if (name === "tagManager" && config.tagManager) {
    pushDataLayer({ "gtm.start": Date.now(), event: "gtm.js" });
    loadScript(name, config.tagManager.src).catch(ignoreFailure);
  } else if (name === "sessionAnalytics" && config.sessionAnalytics) {
    // The tool's queue: calls made before its script has run wait here.
    window.hj ??= (...args: unknown[]) => {
      (window.hj!.q ??= []).push(args);
    };
    loadScript(name, config.sessionAnalytics.src).catch(ignoreFailure);
    stopIdentify = identifyCustomers();
  } else if (name === "rum" && config.rum) {
    const endpoint = config.rum.endpoint;
    import("./rum")
      .then(({ startRum }) => {
        // Handed over in the same turn as monitoring's own listeners start: none is missed.
        const early = takeEarlyErrors();
        if (running.has("rum")) stopRum = startRum(endpoint, early);
      })
      .catch(() => takeEarlyErrors());
  }
  // The chat is loaded by its launcher, on the visitor's click.
}

/** Stops a script; true when its code had run in this document. */
function stop(name: ThirdPartyName): boolean {
  if (name === "sessionAnalytics") {
    stopIdentify?.();
    stopIdentify = null;
  }
  if (name === "rum") {
    stopRum?.();
    stopRum = null;
  }
  const hadRun = removeScript(name);
  deleteCookies(THIRD_PARTY_COOKIES[name]);
  return hadRun;
}

export function applyThirdParties(config: ThirdPartyConfig, allowed: Set<ThirdPartyName>): void {
  let reload = false;
  const withdrawn = new Set([...running].filter((name) => !allowed.has(name)));
  // The chat's launcher loads it; a withdrawal must remove it whoever started it.
  if (!allowed.has("chat") && scriptState("chat") !== "awaiting load") withdrawn.add("chat");
  for (const name of withdrawn) reload = stop(name) || reload;
  const before = running;
  running = new Set(allowed);
  for (const name of allowed) if (!before.has(name)) start(name, config);
  if (reload) window.location.reload();
}
