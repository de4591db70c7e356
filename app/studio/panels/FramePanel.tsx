/**
 * A framed picture's own panel in the studio: the frame type as the product page chose it,
 * and the frame's colour, mat and glazing, which the shopper changes here among what the
 * frame type is sold with (radio groups: arrow keys move between the choices). Each change
 * is one undo step of the design; the preview, the proof and the cart line follow it. The
 * catalogue sells them at the frame's one price, so the price line stays as it is. How
 * much of the print the frame's rebate covers, and the picture drawn in its frame.
 */
import { useId } from "react";
import {
  frameChoice,
  frameGeometry,
  frameOptionsOf,
  matOptions,
  withFrameOptions,
} from "../../../domain/studio/frame";
import { useT } from "../../i18n/i18n";
import { useFinishName, useFrameChoiceOptions } from "../../ui/frameChoices";
import { SwatchChoices, type SwatchChoiceClasses } from "../../ui/SwatchChoices";
import { FramePreview } from "../FramePreview";
import type { FamilyPanelProps } from "../familyPanel";
import "./collage.css";

/** The panel's option styles. */
const CLASSES: SwatchChoiceClasses = {
  group: "frame-panel__choices",
  option: "frame-panel__choice",
  swatch: "frame-panel__swatch",
};

export default function FramePanel({
  document: doc,
  change,
  photos,
  surfaceIndex,
}: FamilyPanelProps) {
  const t = useT();
  const ids = useId();
  const finishName = useFinishName();
  const frameOptions = useFrameChoiceOptions();
  const choice = frameChoice(doc.product.options);
  const surface = doc.surfaces[surfaceIndex] ?? doc.surfaces[0];
  if (!choice || !surface) return null;
  const g = frameGeometry(surface.trim, choice);
  const mm = (v: number) => Math.round(v * 10) / 10;
  const frameName = t(`catalogue.kinds.${choice.frameType}`);
  const options = frameOptions(choice.frameType);

  /** The design with one of its frame options changed (one undo step). */
  function choose(patch: Record<string, string | null>) {
    const next = { ...frameOptionsOf(choice!) };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    change({
      ...doc,
      product: { ...doc.product, options: withFrameOptions(doc.product.options, next) },
    });
  }

  return (
    <section className="studio-panel frame-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="studio-panel__title">
        {t("studio.frame.title")}
      </h2>
      <dl className="frame-panel__summary">
        <dt>{t("studio.frame.type")}</dt>
        <dd>{frameName}</dd>
      </dl>
      <SwatchChoices
        name={`${ids}-colour`}
        legend={t("studio.frame.colour")}
        options={options.finishes}
        value={choice.finish}
        onChoose={(finish) => choose({ frameColour: finish })}
        classes={CLASSES}
      />
      {options.mats ? (
        <SwatchChoices
          name={`${ids}-mat`}
          legend={t("blocks.frame.mat")}
          options={options.mats}
          value={choice.mat?.name ?? "none"}
          onChoose={(colour) =>
            choose({ matType: null, matSize: null, matColour: null, ...matOptions(colour) })
          }
          classes={CLASSES}
        />
      ) : null}
      {options.glasses ? (
        <SwatchChoices
          name={`${ids}-glass`}
          legend={t("blocks.frame.glass")}
          options={options.glasses}
          value={choice.glass ?? ""}
          onChoose={(glass) => choose({ glass })}
          classes={CLASSES}
        />
      ) : null}
      <p className="frame-panel__visible">
        {choice.look.rebate > 0
          ? t("studio.frame.visible", {
              width: mm(g.visible.width),
              height: mm(g.visible.height),
              rebate: choice.look.rebate,
            })
          : t("studio.frame.shadowGap")}
      </p>
      <FramePreview
        surface={surface}
        choice={choice}
        photos={photos}
        label={t("studio.frame.preview", {
          frame: frameName,
          colour: finishName(choice.finish),
        })}
      />
      <p className="frame-panel__change">{t("studio.frame.change")}</p>
    </section>
  );
}
