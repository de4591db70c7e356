/**
 * The product families' own panels in the studio, each loaded only when a design of its
 * family is open (a calendar's settings never travel with a card's studio). A family
 * without an entry has no panel of its own: the common tools are all it needs.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { ProductRef } from "../../../domain/studio/document";
import type { FamilyPanelProps } from "../familyPanel";

export const FAMILY_PANELS: Partial<
  Record<ProductRef["family"], LazyExoticComponent<ComponentType<FamilyPanelProps>>>
> = {
  calendar: lazy(() => import("./CalendarPanel")),
  collage: lazy(() => import("./CollagePanel")),
  photobook: lazy(() => import("./BookPanel")),
  // Wall art's panel shows a framed picture's frame; it draws nothing for an unframed one.
  photoframe: lazy(() => import("./FramePanel")),
  // Prints and the photo box: the pictures' copies against the prints ordered.
  photoprint: lazy(() => import("./PrintsPanel")),
  photobox: lazy(() => import("./PrintsPanel")),
};
