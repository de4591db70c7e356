/**
 * Photo prints' and the photo box's own panel in the studio: how many prints the pictures
 * make against the prints ordered ("900 of 900 prints", said as it changes), the copies of
 * the picture on screen (a number field with a button either side: stepped at once with the
 * arrow keys or the buttons, a typed number taken when the field is left or Enter pressed,
 * one not between 1 and 5,000 named beside the field and kept for correcting), sharing the
 * ordered prints evenly again, and adding or removing pictures. Photos from the tray not in
 * the design yet become pictures of their own. Each change is one undo step.
 */
import { useId, useState } from "react";
import {
  addPicture,
  copiesOf,
  maxPictures,
  orderedPrints,
  printCount,
  printsFromPhotos,
  removePicture,
  setCopies,
  spreadCopies,
} from "../../../domain/studio/copies";
import { isEmptyFrame, MAX_PRINTS, photoIdsOf } from "../../../domain/studio/document";
import { useT } from "../../i18n/i18n";
import type { FamilyPanelProps } from "../familyPanel";
import "./prints.css";

export default function PrintsPanel({
  document: doc,
  change,
  photos,
  surfaceIndex,
  showSurface,
  locale,
}: FamilyPanelProps) {
  const t = useT();
  const ids = useId();
  // What is being typed into a picture's copies field, until it is taken (Enter, leaving
  // the field) or the shopper moves to another picture.
  const [typed, setTyped] = useState<{ index: number; value: string } | null>(null);
  const count = doc.surfaces.length;
  const index = Math.min(surfaceIndex, count - 1);
  const surface = doc.surfaces[index];
  if (!surface) return null;
  const total = printCount(doc);
  const ordered = orderedPrints(doc);
  const copies = copiesOf(surface);
  const room = maxPictures(doc);
  const kind = t("studio.surfaces.print");
  const picture = count > 1 ? `${kind} ${index + 1}` : kind;
  const shown = new Set(photoIdsOf(doc));
  const fresh = photos.filter((p) => !shown.has(p.id)).map((p) => p.id);
  // Room for new photos: the empty pictures, and the pictures that may still be added.
  const places = room - count + doc.surfaces.filter((s) => s.elements.some(isEmptyFrame)).length;
  const even = spreadCopies(doc);
  const isEven = even.surfaces.every((s, i) => copiesOf(s) === copiesOf(doc.surfaces[i]!));

  const draft = typed?.index === index ? typed.value : null;
  const draftCopies = draft === null ? null : typedCopies(draft);
  const invalid = draft !== null && draftCopies === null;

  function copiesTo(n: number) {
    setTyped(null);
    change(setCopies(doc, index, n));
  }

  /** The typed number as the picture's copies (one undo step); a bad one stays, named. */
  function takeTyped() {
    if (draft === null || draftCopies === null) return;
    if (draftCopies === copies) setTyped(null);
    else copiesTo(draftCopies);
  }

  return (
    <section className="studio-panel prints-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="studio-panel__title">
        {t("studio.prints.title")}
      </h2>
      <p
        role="status"
        className={`prints-panel__total${total === ordered ? "" : " prints-panel__total--off"}`}
      >
        {t("studio.prints.total", { total, ordered })}
        {total === ordered ? null : (
          <>
            {" "}
            {t(total > ordered ? "studio.prints.over" : "studio.prints.under", {
              count: Math.abs(total - ordered),
            })}
          </>
        )}
      </p>
      <div className="prints-panel__copies">
        <label htmlFor={`${ids}-copies`}>{t("studio.prints.copiesOf", { picture })}</label>
        <div className="prints-panel__stepper">
          <button
            type="button"
            className="studio-tool"
            aria-label={t("studio.prints.fewer")}
            aria-controls={`${ids}-copies`}
            // Not `disabled`: the focused button would drop the focus to the page.
            aria-disabled={copies <= 1}
            onClick={() => {
              if (copies > 1) copiesTo(copies - 1);
            }}
          >
            −
          </button>
          <input
            id={`${ids}-copies`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PRINTS}
            step={1}
            value={draft ?? String(copies)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids}-copies-error` : undefined}
            onChange={(event) => setTyped({ index, value: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                takeTyped();
              } else if (event.key === "Escape" && draft !== null) {
                event.preventDefault();
                setTyped(null);
              } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
                // A step from the copies the picture has, taken at once.
                event.preventDefault();
                const from = draftCopies ?? copies;
                const next = Math.min(
                  MAX_PRINTS,
                  Math.max(1, from + (event.key === "ArrowUp" ? 1 : -1)),
                );
                if (next !== copies) copiesTo(next);
                else setTyped(null);
              }
            }}
            onBlur={takeTyped}
          />
          <button
            type="button"
            className="studio-tool"
            aria-label={t("studio.prints.more")}
            aria-controls={`${ids}-copies`}
            aria-disabled={copies >= MAX_PRINTS}
            onClick={() => {
              if (copies < MAX_PRINTS) copiesTo(copies + 1);
            }}
          >
            +
          </button>
        </div>
        {invalid ? (
          <p id={`${ids}-copies-error`} className="prints-panel__error">
            {t("studio.prints.copiesRange", { min: 1, max: MAX_PRINTS.toLocaleString(locale) })}
          </p>
        ) : null}
      </div>
      <p className="prints-panel__pictures">{t("studio.prints.pictures", { count, max: room })}</p>
      <div className="prints-panel__actions">
        {isEven ? null : (
          <button type="button" className="studio-tool" onClick={() => change(even)}>
            {t("studio.prints.even", { count: ordered })}
          </button>
        )}
        {fresh.length > 0 && places > 0 ? (
          <button
            type="button"
            className="studio-tool"
            onClick={() => {
              const next = printsFromPhotos(doc, fresh);
              change(next);
              // The first picture a new photo went into (empty pictures may have gone).
              const added = new Set(fresh);
              const first = next.surfaces.findIndex((s) =>
                s.elements.some((e) => e.kind === "photo" && e.photo && added.has(e.photo.photoId)),
              );
              if (first >= 0) showSurface(first);
            }}
          >
            {t("studio.prints.fromPhotos", { count: Math.min(fresh.length, places) })}
          </button>
        ) : null}
        {count < room ? (
          <button
            type="button"
            className="studio-tool"
            onClick={() => {
              change(addPicture(doc));
              showSurface(count);
            }}
          >
            {t("studio.prints.add")}
          </button>
        ) : null}
        {count > 1 ? (
          <button
            type="button"
            className="studio-tool"
            onClick={() => {
              change(removePicture(doc, index));
              showSurface(Math.min(index, count - 2));
            }}
          >
            {t("studio.prints.remove")}
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** A typed number of copies, or null when it is not a whole number from 1 to MAX_PRINTS. */
function typedCopies(value: string): number | null {
  const n = Number(value);
  return /^\d{1,6}$/.test(value) && n >= 1 && n <= MAX_PRINTS ? n : null;
}
