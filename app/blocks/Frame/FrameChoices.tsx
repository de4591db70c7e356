/**
 * A frame's colour, mat and glazing as a product page offers them: radio groups (arrow
 * keys move between the choices), each with only what the frame type is sold with, the
 * same choices the studio's frame panel offers. Without JavaScript they are part of the
 * page's GET form (frameColour, mat, glass). They cost nothing extra: the price stays the
 * frame's one price.
 */
import { FRAME_FINISHES, type FrameType } from "../../../domain/catalogue";
import { finishSwatch } from "../../../domain/frames";
import {
  framePageChoice,
  glassOf,
  MAT_CHOICES,
  MAT_WIDTHS,
  takesMat,
  type FramePageChoice,
} from "../../../domain/studio/frame";
import { useT } from "../../i18n/i18n";
import { useFinishName } from "./finishName";

/** The page's names of the choices, as its form and address carry them. */
export const FRAME_CHOICE_NAMES = ["frameColour", "mat", "glass"] as const;

function Choices({
  id,
  name,
  legend,
  options,
  value,
  onChoose,
}: {
  id: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: string; swatch?: string }[];
  value: string;
  onChoose(value: string): void;
}) {
  return (
    <fieldset className="calculator__group" id={id}>
      <legend>{legend}</legend>
      <div className="calculator__options">
        {options.map((o) => (
          <label key={o.value} className="calculator__option">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChoose(o.value)}
            />
            <span className="calculator__option-text frame-choice">
              {o.swatch ? (
                <span
                  className="frame-choice__swatch"
                  style={{ backgroundColor: o.swatch }}
                  aria-hidden="true"
                />
              ) : null}
              <span>{o.label}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FrameChoices({
  id,
  frameType,
  asked,
  onChoose,
}: {
  id: string;
  frameType: FrameType;
  asked: Readonly<FramePageChoice>;
  onChoose(name: (typeof FRAME_CHOICE_NAMES)[number], value: string): void;
}) {
  const t = useT();
  const finishName = useFinishName();
  const choice = framePageChoice(frameType, asked);
  const glasses = glassOf(frameType);
  return (
    <>
      <Choices
        id={`${id}-frameColour`}
        name="frameColour"
        legend={t("designer.options.frameColour")}
        options={FRAME_FINISHES[frameType].map((finish) => ({
          value: finish,
          label: finishName(finish),
          swatch: finishSwatch(finish),
        }))}
        value={choice.finish}
        onChoose={(v) => onChoose("frameColour", v)}
      />
      {takesMat(frameType) ? (
        <Choices
          id={`${id}-mat`}
          name="mat"
          legend={t("blocks.frame.mat")}
          options={MAT_CHOICES.map((colour) => ({
            value: colour,
            label:
              colour === "none"
                ? t("studio.frame.none")
                : t("studio.frame.matOf", {
                    width: MAT_WIDTHS[0],
                    colour: t(`studio.frame.matColours.${colour}`),
                  }),
          }))}
          value={choice.mat?.name ?? "none"}
          onChoose={(v) => onChoose("mat", v)}
        />
      ) : null}
      {glasses.length > 0 ? (
        <Choices
          id={`${id}-glass`}
          name="glass"
          legend={t("blocks.frame.glass")}
          options={glasses.map((glass) => ({
            value: glass,
            label: t(`blocks.frame.glassTypes.${glass}`),
          }))}
          value={choice.glass ?? ""}
          onChoose={(v) => onChoose("glass", v)}
        />
      ) : null}
    </>
  );
}
