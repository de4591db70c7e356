/**
 * A frame's colour, mat and glazing as a product page offers them: radio groups (arrow
 * keys move between the choices), each with only what the frame type is sold with, the
 * same choices the studio's frame panel offers. Without JavaScript they are part of the
 * page's GET form (frameColour, mat, glass). They cost nothing extra: the price stays the
 * frame's one price.
 */
import type { FrameType } from "../../../domain/catalogue";
import { framePageChoice, type FramePageChoice } from "../../../domain/studio/frame";
import { useT } from "../../i18n/i18n";
import { useFrameChoiceOptions } from "../../ui/frameChoices";
import { SwatchChoices, type SwatchChoiceClasses } from "../../ui/SwatchChoices";

/** The page's names of the choices, as its form and address carry them. */
export const FRAME_CHOICE_NAMES = ["frameColour", "mat", "glass"] as const;

/** The product page's option styles (the calculator's groups, the frame's swatch). */
const CLASSES: SwatchChoiceClasses = {
  group: "calculator__group",
  list: "calculator__options",
  option: "calculator__option",
  text: "calculator__option-text frame-choice",
  swatch: "frame-choice__swatch",
};

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
  const choice = framePageChoice(frameType, asked);
  const options = useFrameChoiceOptions()(frameType);
  return (
    <>
      <SwatchChoices
        id={`${id}-frameColour`}
        name="frameColour"
        legend={t("designer.options.frameColour")}
        options={options.finishes}
        value={choice.finish}
        onChoose={(v) => onChoose("frameColour", v)}
        classes={CLASSES}
      />
      {options.mats ? (
        <SwatchChoices
          id={`${id}-mat`}
          name="mat"
          legend={t("blocks.frame.mat")}
          options={options.mats}
          value={choice.mat?.name ?? "none"}
          onChoose={(v) => onChoose("mat", v)}
          classes={CLASSES}
        />
      ) : null}
      {options.glasses ? (
        <SwatchChoices
          id={`${id}-glass`}
          name="glass"
          legend={t("blocks.frame.glass")}
          options={options.glasses}
          value={choice.glass ?? ""}
          onChoose={(v) => onChoose("glass", v)}
          classes={CLASSES}
        />
      ) : null}
    </>
  );
}
