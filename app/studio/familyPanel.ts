/**
 * What a product family's own panel in the studio gets: the document, a way to change it
 * (one undo step per call), the photos in the shopper's tray and the surface on screen.
 * A calendar's settings, a photo book's pages and layouts, a collage's layout and a frame's
 * options are each such a panel, shown beside the canvas for their family only.
 */
import type { DesignDocument } from "../../domain/studio/document";
import type { StudioPhoto } from "./api";
import type { DesignPrice } from "./useBookPrice";

export interface FamilyPanelProps {
  document: DesignDocument;
  /** Replaces the document: recorded as one step of the undo history and autosaved. */
  change(next: DesignDocument): void;
  /** The shopper's uploaded photos (the tray), newest first. */
  photos: readonly StudioPhoto[];
  /** The index of the surface the canvas shows. */
  surfaceIndex: number;
  /** Shows another surface (after adding pages, for instance). */
  showSurface(index: number): void;
  /** The storefront's locale, e.g. "fr-CH". */
  locale: string;
  /** A photo book's price for its options and pages (useBookPrice); null for the others. */
  price: DesignPrice;
}
