import { useEffect } from "react";
import { readConsentCookie } from "../../domain/consent";
import {
  allowedThirdParties,
  trackingSwitches,
  type ThirdPartyConfig,
  type TrackingSwitches,
} from "../../domain/thirdParty";
import type { FeatureFlags } from "../../domain/flags";
import { pushDataLayer } from "../lib/dataLayer";
import { keepEarlyErrors, takeEarlyErrors } from "./earlyErrors";

/** Fired on window with the choice as detail whenever the consent banner saves it. */
export const CONSENT_EVENT = "shop:consent";

/**
 * Starts and stops the third-party scripts by the visitor's consent: on the first client
 * render and whenever the choice is saved. Renders nothing; the loaders themselves
 * (./manager) are fetched only once a script may run. With forwarding configured, each
 * flag treatment the page was rendered with goes to the data layer once as a
 * 'split_evaluation' event (read by the tag manager only if it may load).
 *
 * `tracking=0` and `logging=0` in the URL the page was opened with hold for the whole
 * visit of that document (an app embedding the shop opens it so).
 */
let switchesOfLoad: TrackingSwitches | null = null;
let managerUsed = false;

const forwarded = new Set<string>();

export function ThirdParties({
  config,
  flagEvaluations,
}: {
  config: ThirdPartyConfig;
  /** The page's treatments to forward as 'split_evaluation' events, or null. */
  flagEvaluations: FeatureFlags | null;
}) {
  useEffect(() => {
    if (!flagEvaluations) return;
    for (const [feature, treatment] of Object.entries(flagEvaluations)) {
      const key = `${feature}:${treatment}`;
      if (forwarded.has(key)) continue;
      forwarded.add(key);
      pushDataLayer({ event: "split_evaluation", feature, treatment });
    }
  }, [flagEvaluations]);

  useEffect(() => {
    switchesOfLoad ??= trackingSwitches(new URLSearchParams(window.location.search));
    const switches = switchesOfLoad;
    const apply = () => {
      const consent = readConsentCookie(document.cookie);
      const allowed = allowedThirdParties(config, consent, switches);
      if (allowed.size === 0 && !managerUsed) return;
      managerUsed = true;
      if (allowed.has("rum")) keepEarlyErrors();
      import("./manager")
        .then(({ applyThirdParties }) => applyThirdParties(config, allowed))
        .catch(() => {
          // Without the loader module (a failed chunk) no third party runs: the safe side.
          takeEarlyErrors();
        });
    };
    apply();
    window.addEventListener(CONSENT_EVENT, apply);
    return () => window.removeEventListener(CONSENT_EVENT, apply);
  }, [config]);
  return null;
}
