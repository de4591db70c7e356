/** Margin block: vertical space between blocks (small, medium, large). */
import type { BlockProps, MarginBlock } from "../types";

export function Margin({ block }: BlockProps<MarginBlock>) {
  return <div className="block-margin" data-size={block.size} aria-hidden="true" />;
}
