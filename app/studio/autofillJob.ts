/**
 * One auto-fill as a job that can run away from the page (autofill.worker.ts) or in it:
 * the document and the photos in, the filled document out. Only what the layout reads of
 * a photo travels (its id and dates), so handing 500 photos to the worker copies little.
 */
import { autofillDesign } from "../../domain/studio/autofill";
import type { DesignDocument } from "../../domain/studio/document";
import type { BookPhoto } from "../../domain/studio/layouts";

export interface AutofillJob {
  /** Answers are matched to their job by this number. */
  id: number;
  document: DesignDocument;
  photos: BookPhoto[];
  /** A collage's shuffle. */
  seed: number;
}

export interface AutofillAnswer {
  id: number;
  document: DesignDocument;
  /** Photos laid in (each counted once). */
  placed: number;
  /** Photos that found no place. */
  leftOver: string[];
}

/** The photos as the job carries them: id and dates, nothing else. */
export function jobPhotos(photos: readonly BookPhoto[]): BookPhoto[] {
  return photos.map(({ id, capturedAt, createdAt }) => ({ id, capturedAt, createdAt }));
}

/** Runs a job: the design filled by its family's rule (domain/studio/autofill.ts). */
export function runAutofillJob({ id, document, photos, seed }: AutofillJob): AutofillAnswer {
  const result = autofillDesign(document, photos, { seed });
  const given = new Set(photos.map((p) => p.id)).size;
  return {
    id,
    document: result.document,
    placed: given - result.leftOver.length,
    leftOver: result.leftOver,
  };
}
