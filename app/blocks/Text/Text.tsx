/** Text block: rich text, narrow (reading width) or wide. */
import { RichText } from "../parts/RichText";
import type { BlockProps, TextBlock } from "../types";

export function Text({ block }: BlockProps<TextBlock>) {
  return (
    <div className="block-text" data-align={block.align} data-width={block.width}>
      <RichText text={block.text} />
    </div>
  );
}
