/**
 * Photo prints' and the photo box's own panel in the studio: how many prints the pictures
 * make against the prints ordered ("900 of 900 prints", said as it changes), the copies of
 * the picture on screen (a number field with a button either side: typed, stepped with the
 * arrow keys or the buttons), sharing the ordered prints evenly again, and adding or
 * removing pictures. Photos from the tray not in the design yet become pictures of their
 * own, the prints shared over all of them. Each change is one undo step.
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
}: FamilyPanelProps) {
  const t = useT();
  const ids = useId();
  // What is being typed into the copies field, until it is a number of copies or left.
  const [draft, setDraft] = useState<string | null>(null);
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

  function copiesTo(n: number) {
    setDraft(null);
    change(setCopies(doc, index, n));
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
            disabled={copies <= 1}
            onClick={() => copiesTo(copies - 1)}
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
            onChange={(event) => {
              const value = event.target.value;
              const n = Number(value);
              if (/^\d+$/.test(value) && n >= 1 && n <= MAX_PRINTS) copiesTo(n);
              else setDraft(value);
            }}
            onBlur={() => setDraft(null)}
          />
          <button
            type="button"
            className="studio-tool"
            aria-label={t("studio.prints.more")}
            aria-controls={`${ids}-copies`}
            disabled={copies >= MAX_PRINTS}
            onClick={() => copiesTo(copies + 1)}
          >
            +
          </button>
        </div>
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
              showSurface(Math.min(count, next.surfaces.length - 1));
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
