/**
 * The panel of the selected element: move and resize it, adjust its photo (pan and zoom in
 * "adjust photo" mode, turn, fill, fit, swap, remove) or edit its text (lines, font, size,
 * colour, alignment). Every button does what its key does (tools.ts).
 */
import {
  fitCrop,
  FONT_FAMILIES,
  type Element,
  type FontFamily,
} from "../../domain/studio/document";
import { clearPhoto, patchElement, setCrop } from "../../domain/studio/edits";
import { useT } from "../i18n/i18n";
import type { StudioPhoto } from "./api";
import { BIG_STEP_MM, nudge, resize, STEP_MM, turnPhoto, ZOOM_STEP, zoomPhoto } from "./tools";
import type { Edit } from "./useDesign";

export interface SelectionPanelProps {
  element: Element;
  title: string;
  surfaceId: string;
  photos: ReadonlyMap<string, StudioPhoto>;
  mode: "arrange" | "photo";
  setMode(mode: "arrange" | "photo"): void;
  swapping: boolean;
  toggleSwap(): void;
  change(edit: Edit, group?: string | null): void;
}

export function SelectionPanel({
  element: current,
  title,
  surfaceId: sid,
  photos,
  mode,
  setMode,
  swapping,
  toggleSwap,
  change,
}: SelectionPanelProps) {
  const t = useT();
  const id = current.id;
  const moves = [
    ["left", -STEP_MM, 0],
    ["right", STEP_MM, 0],
    ["up", 0, -STEP_MM],
    ["down", 0, STEP_MM],
  ] as const;
  return (
    <section className="studio-panel" aria-labelledby="studio-selection-title">
      <h2 id="studio-selection-title" className="studio-panel__title">
        {title}
      </h2>
      <div className="studio-panel__row" role="group" aria-label={t("studio.move.label")}>
        {moves.map(([name, dx, dy]) => (
          <button
            key={name}
            type="button"
            className="studio-tool"
            onClick={() => change(nudge(sid, id, dx, dy, false), `keys-${id}`)}
          >
            {t(`studio.move.${name}`)}
          </button>
        ))}
        <button
          type="button"
          className="studio-tool"
          onClick={() => change(resize(sid, id, BIG_STEP_MM / 2))}
        >
          {t("studio.resize.larger")}
        </button>
        <button
          type="button"
          className="studio-tool"
          onClick={() => change(resize(sid, id, -BIG_STEP_MM / 2))}
        >
          {t("studio.resize.smaller")}
        </button>
      </div>
      {current.kind === "photo" && current.photo ? (
        <div className="studio-panel__row" role="group" aria-label={t("studio.photo.label")}>
          <button
            type="button"
            className="studio-tool"
            aria-pressed={mode === "photo"}
            onClick={() => setMode(mode === "photo" ? "arrange" : "photo")}
          >
            {t("studio.photo.adjust")}
          </button>
          <button
            type="button"
            className="studio-tool"
            onClick={() => change(zoomPhoto(sid, id, ZOOM_STEP * ZOOM_STEP), `zoom-${id}`)}
          >
            {t("studio.photo.zoomIn")}
          </button>
          <button
            type="button"
            className="studio-tool"
            onClick={() => change(zoomPhoto(sid, id, 1 / (ZOOM_STEP * ZOOM_STEP)), `zoom-${id}`)}
          >
            {t("studio.photo.zoomOut")}
          </button>
          <button
            type="button"
            className="studio-tool"
            onClick={() => change(turnPhoto(sid, id, -90))}
          >
            {t("studio.photo.rotateLeft")}
          </button>
          <button
            type="button"
            className="studio-tool"
            onClick={() => change(turnPhoto(sid, id, 90))}
          >
            {t("studio.photo.rotateRight")}
          </button>
          <button
            type="button"
            className="studio-tool"
            onClick={() =>
              change((d) =>
                setCrop(d, sid, id, () => ({ offsetX: 0, offsetY: 0, scale: 1, rotation: 0 })),
              )
            }
          >
            {t("studio.photo.fill")}
          </button>
          <button
            type="button"
            className="studio-tool"
            onClick={() => {
              const photo = current.photo && photos.get(current.photo.photoId);
              if (photo) change((d) => setCrop(d, sid, id, () => fitCrop(photo, current)));
            }}
          >
            {t("studio.photo.fit")}
          </button>
          <button
            type="button"
            className="studio-tool"
            aria-pressed={swapping}
            onClick={toggleSwap}
          >
            {t("studio.photo.swap")}
          </button>
          <button
            type="button"
            className="studio-tool"
            onClick={() => change((d) => clearPhoto(d, sid, id))}
          >
            {t("studio.photo.remove")}
          </button>
        </div>
      ) : null}
      {current.kind === "text" ? (
        <div className="studio-panel__fields">
          <label className="studio-field">
            <span>{t("studio.text.label")}</span>
            <textarea
              value={current.lines.join("\n")}
              rows={Math.max(2, current.lines.length)}
              onChange={(event) =>
                change(
                  (d) => patchElement(d, sid, id, { lines: event.target.value.split("\n") }),
                  `text-${id}`,
                )
              }
            />
          </label>
          <label className="studio-field">
            <span>{t("studio.text.font")}</span>
            <select
              value={current.fontFamily}
              onChange={(event) =>
                change((d) =>
                  patchElement(d, sid, id, { fontFamily: event.target.value as FontFamily }),
                )
              }
            >
              {FONT_FAMILIES.map((family) => (
                <option key={family} value={family}>
                  {family}
                </option>
              ))}
            </select>
          </label>
          <label className="studio-field">
            <span>{t("studio.text.size")}</span>
            <input
              type="number"
              min={6}
              max={200}
              value={current.fontSize}
              onChange={(event) => {
                const size = Number(event.target.value);
                if (size >= 1 && size <= 500)
                  change((d) => patchElement(d, sid, id, { fontSize: size }), `size-${id}`);
              }}
            />
          </label>
          <label className="studio-field">
            <span>{t("studio.text.colour")}</span>
            <input
              type="color"
              value={current.colour}
              onChange={(event) =>
                change(
                  (d) => patchElement(d, sid, id, { colour: event.target.value }),
                  `colour-${id}`,
                )
              }
            />
          </label>
          <div className="studio-panel__row" role="group" aria-label={t("studio.text.align")}>
            {(["left", "center", "right"] as const).map((align) => (
              <button
                key={align}
                type="button"
                className="studio-tool"
                aria-pressed={current.align === align}
                onClick={() => change((d) => patchElement(d, sid, id, { align }))}
              >
                {t(`studio.text.${align}`)}
              </button>
            ))}
            <button
              type="button"
              className="studio-tool"
              aria-pressed={current.fontWeight === "bold"}
              onClick={() =>
                change((d) =>
                  patchElement(d, sid, id, {
                    fontWeight: current.fontWeight === "bold" ? "normal" : "bold",
                  }),
                )
              }
            >
              {t("studio.text.bold")}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
