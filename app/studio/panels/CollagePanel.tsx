/**
 * A collage's own panel in the studio: its layout (the design group's variants by photo
 * count, or the word a letters collage spells), placing the tray's photos into the cells
 * in a shuffled order, shuffling what is placed, and how many cells hold a photo. Two
 * photos swap by dragging one onto the other on the canvas (or the selection's swap tool).
 * Every change is one step of the undo history.
 */
import { useId, useState, type FormEvent } from "react";
import {
  applyLayout,
  autoPlace,
  cellCount,
  collageLayout,
  collageVariants,
  collageWord,
  designOf,
  lettersLayoutId,
  MAX_LETTERS,
  shufflePlaced,
  variantFor,
} from "../../../domain/studio/collage";
import type { DesignDocument } from "../../../domain/studio/document";
import { useT } from "../../i18n/i18n";
import type { FamilyPanelProps } from "../familyPanel";
import "./collage.css";

/** A new seed for each shuffle: the domain's shuffle is the same for the same seed. */
const newSeed = () => Math.floor(Math.random() * 2 ** 31);

export default function CollagePanel({ document: doc, change, photos, locale }: FamilyPanelProps) {
  const t = useT();
  const ids = useId();
  const surfaceIndex = doc.surfaces.findIndex((s) => s.name === "collage");
  const surface = doc.surfaces[surfaceIndex];
  const layoutId = surface?.layout ?? "";
  const design = designOf(layoutId.slice(0, layoutId.lastIndexOf("-")));
  const [word, setWord] = useState(design === "letters" ? layoutId.slice("letters-".length) : "");
  const [problem, setProblem] = useState<string | null>(null);
  if (!surface) return null;

  const { width, height } = surface.trim;
  const variants = design === "letters" ? [] : collageVariants(design, width, height);
  const cells = cellCount(surface);
  const filled = surface.elements.filter((e) => e.kind === "photo" && e.photo).length;
  const trayIds = photos.map((p) => p.id);

  const withLayout = (current: DesignDocument, id: string): DesignDocument | null => {
    // A year's month names in the storefront's language.
    const layout = collageLayout(design, id, width, height, locale);
    if (!layout) return null;
    return {
      ...current,
      surfaces: current.surfaces.map((s, i) => (i === surfaceIndex ? applyLayout(s, layout) : s)),
    };
  };

  function spell(event: FormEvent) {
    event.preventDefault();
    const id = lettersLayoutId(word);
    const next = id ? withLayout(doc, id) : null;
    if (!next || !collageWord(word)) {
      setProblem(t("studio.collage.wordProblem", { max: MAX_LETTERS }));
      return;
    }
    setProblem(null);
    change(next);
  }

  /** The tray's photos into the cells, shuffled; a layout that fits their number first. */
  function place(fit: boolean) {
    let next: DesignDocument = doc;
    if (fit && design !== "letters") {
      const id = variantFor(design, width, height, trayIds.length);
      next = withLayout(doc, id) ?? doc;
    }
    change(autoPlace(next, surfaceIndex, trayIds, newSeed()));
  }

  const problemId = `${ids}-problem`;
  return (
    <section className="studio-panel collage-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="studio-panel__title">
        {t("studio.collage.title")}
      </h2>
      <p className="collage-panel__info">
        {t("studio.collage.info", {
          design: t(`studio.collage.designs.${design}`),
          filled,
          cells,
        })}
      </p>
      {variants.length > 1 ? (
        <label className="studio-field">
          <span>{t("studio.collage.layout")}</span>
          <select
            value={layoutId}
            onChange={(event) => {
              const next = withLayout(doc, event.target.value);
              if (next) change(next);
            }}
          >
            {variants.map((id) => (
              <option key={id} value={id}>
                {t("studio.collage.cells", { count: Number(id.slice(design.length + 1)) })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {design === "letters" ? (
        <form className="collage-panel__word" onSubmit={spell} noValidate>
          <label className="studio-field">
            <span>{t("studio.collage.word", { max: MAX_LETTERS })}</span>
            <input
              type="text"
              value={word}
              maxLength={MAX_LETTERS + 4}
              autoCapitalize="characters"
              aria-invalid={problem !== null}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => setWord(event.target.value)}
            />
          </label>
          {problem ? (
            <p id={problemId} className="collage-panel__problem" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="studio-tool">
            {t("studio.collage.spell")}
          </button>
        </form>
      ) : null}
      <div className="studio-panel__row collage-panel__actions">
        <button
          type="button"
          className="studio-tool"
          disabled={trayIds.length === 0}
          onClick={() => place(false)}
        >
          {t("studio.collage.place", { count: Math.min(trayIds.length, cells) })}
        </button>
        {design !== "letters" ? (
          <button
            type="button"
            className="studio-tool"
            disabled={trayIds.length === 0}
            onClick={() => place(true)}
          >
            {t("studio.collage.fit", { count: trayIds.length })}
          </button>
        ) : null}
        <button
          type="button"
          className="studio-tool"
          disabled={filled < 2}
          onClick={() => change(shufflePlaced(doc, surfaceIndex, newSeed()))}
        >
          {t("studio.collage.shuffle")}
        </button>
      </div>
      <p className="collage-panel__hint">
        {trayIds.length > cells
          ? t("studio.collage.tooMany", { count: trayIds.length - cells })
          : trayIds.length > 0 && trayIds.length < cells
            ? t("studio.collage.reused")
            : ""}
        {t("studio.collage.swapHint")}
      </p>
    </section>
  );
}
