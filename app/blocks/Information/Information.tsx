/** Information block: a highlighted note (info, success or warning) with a title and rich text. */
import { useT } from "../../i18n/i18n";
import { RichText } from "../parts/RichText";
import type { BlockProps, InformationBlock } from "../types";

export function Information({ block }: BlockProps<InformationBlock>) {
  const t = useT();
  return (
    <div
      className="block-info"
      data-variant={block.variant}
      role="note"
      aria-label={t(`blocks.${block.variant}`)}
    >
      <svg className="block-info__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={block.iconPath} />
      </svg>
      <div className="block-info__body">
        {block.title ? <p className="block-info__title">{block.title}</p> : null}
        <RichText text={block.text} />
      </div>
    </div>
  );
}
