/**
 * A frame's colour, mat and glazing as choices a shopper reads, the same on the product page
 * and in the studio: only what the frame type is sold with, each finish with its swatch.
 */
import { FRAME_FINISHES, type FrameType } from "../../domain/catalogue";
import { finishSwatch, finishWords } from "../../domain/frames";
import { glassOf, MAT_CHOICES, MAT_WIDTHS, takesMat } from "../../domain/studio/frame";
import { useT } from "../i18n/i18n";
import type { SwatchOption } from "./SwatchChoices";

/** A frame finish as the shopper reads it: its words in the page's language ("eckig Silber"). */
export function useFinishName(): (finish: string) => string {
  const t = useT();
  return (finish: string) =>
    finishWords(finish)
      .map((word) => t(`blocks.frame.finishWords.${word}`))
      .join(" ");
}

/** The choices of a frame type. */
export interface FrameChoiceOptions {
  finishes: SwatchOption[];
  /** None when the frame type is sold without a mat. */
  mats: SwatchOption[] | null;
  /** None when the frame type is sold without glazing. */
  glasses: SwatchOption[] | null;
}

/** The choices a frame type offers, in the page's language. */
export function useFrameChoiceOptions(): (frameType: FrameType) => FrameChoiceOptions {
  const t = useT();
  const finishName = useFinishName();
  return (frameType) => {
    const glasses = glassOf(frameType);
    return {
      finishes: FRAME_FINISHES[frameType].map((finish) => ({
        value: finish,
        label: finishName(finish),
        swatch: finishSwatch(finish),
      })),
      mats: takesMat(frameType)
        ? MAT_CHOICES.map((colour) => ({
            value: colour,
            label:
              colour === "none"
                ? t("studio.frame.none")
                : t("studio.frame.matOf", {
                    width: MAT_WIDTHS[0],
                    colour: t(`studio.frame.matColours.${colour}`),
                  }),
          }))
        : null,
      glasses:
        glasses.length > 0
          ? glasses.map((glass) => ({ value: glass, label: t(`blocks.frame.glassTypes.${glass}`) }))
          : null,
    };
  };
}
