/**
 * Feature-flag treatments as the storefront reads them: the
 * root loader hands over the treatments evaluated for the request; a flag without a
 * treatment — and every flag until the flag client is wired — is "off".
 */
import type { TREATMENTS } from "../../domain/constants";
import { useRootData } from "./rootData";

export type Treatment = (typeof TREATMENTS)[number];

/** Treatments by flag name, as evaluated on the server. */
export type FeatureFlags = Readonly<Record<string, Treatment>>;

/** The flags the furniture asks for. */
export const FLAGS = {
  /** Wall-art menu groups in the burger navigation (all wall art, bestseller, premium, additional). */
  wallArtBurgerGroups: "wallart_burger_menu_groups",
  /** VOLL-492: hide the shop list, in the header and in the burger navigation. */
  hideShops: "voll_492_hide_shops",
  /** VOLL-1616: the wandbilder flyout's smaller images. */
  wandbilderFlyoutImage: "voll_1616_wandbilder_flyout_image",
} as const;

export type FlagName = (typeof FLAGS)[keyof typeof FLAGS];

/** The treatment of a flag: its evaluated value, else "off". */
export function treatmentOf(flags: FeatureFlags | undefined, name: string): Treatment {
  const value = flags?.[name];
  return value === "on" || value === "control" ? value : "off";
}

/** True only for the treatment "on" ("control" counts as off). */
export function isFlagOn(flags: FeatureFlags | undefined, name: string): boolean {
  return treatmentOf(flags, name) === "on";
}

/** The current request's treatment of a flag is "on". */
export function useFlag(name: FlagName): boolean {
  return isFlagOn(useRootData()?.featureFlags, name);
}
