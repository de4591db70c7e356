/**
 * A framed picture's own panel in the studio: the frame, its colour, the mat and the
 * glazing as the product page chose them (they are part of what is priced and made, so the
 * studio shows them and the product page changes them), how much of the print the frame's
 * rebate covers, and the picture drawn in its frame.
 */
import { useId } from "react";
import { frameChoice, frameGeometry } from "../../../domain/studio/frame";
import { finishWords } from "../../../domain/frames";
import { useT } from "../../i18n/i18n";
import { FramePreview } from "../FramePreview";
import type { FamilyPanelProps } from "../familyPanel";
import "./collage.css";

export default function FramePanel({ document: doc, photos, surfaceIndex }: FamilyPanelProps) {
  const t = useT();
  const ids = useId();
  const choice = frameChoice(doc.product.options);
  const surface = doc.surfaces[surfaceIndex] ?? doc.surfaces[0];
  if (!choice || !surface) return null;
  const g = frameGeometry(surface.trim, choice);
  const finish = finishWords(choice.finish)
    .map((word) => t(`blocks.frame.finishWords.${word}`))
    .join(" ");
  const mm = (v: number) => Math.round(v * 10) / 10;
  return (
    <section className="studio-panel frame-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="studio-panel__title">
        {t("studio.frame.title")}
      </h2>
      <dl className="frame-panel__summary">
        <dt>{t("studio.frame.type")}</dt>
        <dd>{t(`catalogue.kinds.${choice.frameType}`)}</dd>
        <dt>{t("studio.frame.colour")}</dt>
        <dd>
          <span
            className="frame-panel__swatch"
            style={{ backgroundColor: choice.colour }}
            aria-hidden="true"
          />
          {finish}
        </dd>
        <dt>{t("blocks.frame.mat")}</dt>
        <dd>
          {choice.mat
            ? t("studio.frame.matOf", {
                width: choice.mat.width,
                colour: t(`studio.frame.matColours.${choice.mat.name}`),
              })
            : t("studio.frame.none")}
        </dd>
        <dt>{t("blocks.frame.glass")}</dt>
        <dd>
          {choice.glass ? t(`blocks.frame.glassTypes.${choice.glass}`) : t("studio.frame.none")}
        </dd>
      </dl>
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
          frame: t(`catalogue.kinds.${choice.frameType}`),
          colour: finish,
        })}
      />
      <p className="frame-panel__change">{t("studio.frame.change")}</p>
    </section>
  );
}
