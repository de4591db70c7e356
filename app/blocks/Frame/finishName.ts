/** A frame finish as the shopper reads it: its words in the page's language ("eckig Silber"). */
import { finishWords } from "../../../domain/frames";
import { useT } from "../../i18n/i18n";

export function useFinishName(): (finish: string) => string {
  const t = useT();
  return (finish: string) =>
    finishWords(finish)
      .map((word) => t(`blocks.frame.finishWords.${word}`))
      .join(" ");
}
