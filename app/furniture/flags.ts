/**
 * Feature-flag treatments as components read them: the root loader hands over the
 * treatments evaluated for the request (domain/flags.ts has the rules).
 */
import { FLAGS, isFlagOn, type FeatureFlags, type FlagName } from "../../domain/flags";
import { useRootData } from "../lib/rootData";

export { FLAGS, type FeatureFlags, type FlagName };

/** The current request's treatment of a flag is "on". */
export function useFlag(name: FlagName): boolean {
  return isFlagOn(useRootData()?.featureFlags, name);
}
