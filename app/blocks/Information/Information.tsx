/** Information block: a highlighted note (info, success or warning) with a title and rich text. */
import { useT } from "../../i18n/i18n";
import { RichText } from "../parts/RichText";
import type { BlockProps, InformationBlock } from "../types";

const ICONS: Record<InformationBlock["variant"], string> = {
  info: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm0-11v6m0-10h.01",
  success: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm-4-10 3 3 5-6",
  warning: "M12 3 2 21h20L12 3Zm0 7v5m0 3h.01",
};

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
        <path d={ICONS[block.variant]} />
      </svg>
      <div className="block-info__body">
        {block.title ? <p className="block-info__title">{block.title}</p> : null}
        <RichText text={block.text} />
      </div>
    </div>
  );
}
