/**
 * A framed picture's own panel in the studio: the frame type as the product page chose it,
 * and the frame's colour, mat and glazing, which the shopper changes here among what the
 * frame type is sold with (radio groups: arrow keys move between the choices). Each change
 * is one undo step of the design; the preview, the proof and the cart line follow it. The
 * catalogue sells them at the frame's one price, so the price line stays as it is. How
 * much of the print the frame's rebate covers, and the picture drawn in its frame.
 */
import { useId, type ReactNode } from "react";
import { FRAME_FINISHES } from "../../../domain/catalogue";
import { finishSwatch, finishWords } from "../../../domain/frames";
import {
  frameChoice,
  frameGeometry,
  frameOptionsOf,
  glassOf,
  MAT_CHOICES,
  MAT_WIDTHS,
  matOptions,
  takesMat,
  withFrameOptions,
} from "../../../domain/studio/frame";
import { useT } from "../../i18n/i18n";
import { FramePreview } from "../FramePreview";
import type { FamilyPanelProps } from "../familyPanel";
import "./collage.css";

function Choices({
  name,
  legend,
  options,
  value,
  onChoose,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string; swatch?: string }[];
  value: string;
  onChoose(value: string): void;
}): ReactNode {
  return (
    <fieldset className="frame-panel__choices">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="frame-panel__choice">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChoose(o.value)}
          />
          {o.swatch ? (
            <span
              className="frame-panel__swatch"
              style={{ backgroundColor: o.swatch }}
              aria-hidden="true"
            />
          ) : null}
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export default function FramePanel({
  document: doc,
  change,
  photos,
  surfaceIndex,
}: FamilyPanelProps) {
  const t = useT();
  const ids = useId();
  const choice = frameChoice(doc.product.options);
  const surface = doc.surfaces[surfaceIndex] ?? doc.surfaces[0];
  if (!choice || !surface) return null;
  const g = frameGeometry(surface.trim, choice);
  const finishName = (finish: string) =>
    finishWords(finish)
      .map((word) => t(`blocks.frame.finishWords.${word}`))
      .join(" ");
  const mm = (v: number) => Math.round(v * 10) / 10;
  const frameName = t(`catalogue.kinds.${choice.frameType}`);
  const matWidth = MAT_WIDTHS[0];

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
      <Choices
        name={`${ids}-colour`}
        legend={t("studio.frame.colour")}
        options={FRAME_FINISHES[choice.frameType].map((finish) => ({
          value: finish,
          label: finishName(finish),
          swatch: finishSwatch(finish),
        }))}
        value={choice.finish}
        onChoose={(finish) => choose({ frameColour: finish })}
      />
      {takesMat(choice.frameType) ? (
        <Choices
          name={`${ids}-mat`}
          legend={t("blocks.frame.mat")}
          options={MAT_CHOICES.map((colour) => ({
            value: colour,
            label:
              colour === "none"
                ? t("studio.frame.none")
                : t("studio.frame.matOf", {
                    width: matWidth,
                    colour: t(`studio.frame.matColours.${colour}`),
                  }),
          }))}
          value={choice.mat?.name ?? "none"}
          onChoose={(colour) =>
            choose({ matType: null, matSize: null, matColour: null, ...matOptions(colour) })
          }
        />
      ) : null}
      {glassOf(choice.frameType).length > 0 ? (
        <Choices
          name={`${ids}-glass`}
          legend={t("blocks.frame.glass")}
          options={glassOf(choice.frameType).map((glass) => ({
            value: glass,
            label: t(`blocks.frame.glassTypes.${glass}`),
          }))}
          value={choice.glass ?? ""}
          onChoose={(glass) => choose({ glass })}
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
