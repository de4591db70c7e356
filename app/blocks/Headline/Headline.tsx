/** Headline block: a heading of level 1–3 with an optional subline. */
import type { BlockProps, HeadlineBlock } from "../types";

export function Headline({ block }: BlockProps<HeadlineBlock>) {
  const Tag = `h${block.level}` as const;
  return (
    <div className="block-headline" data-align={block.align}>
      <Tag id={block.anchor || undefined} className="block-headline__title">
        {block.text}
      </Tag>
      {block.subline ? <p className="block-headline__subline">{block.subline}</p> : null}
    </div>
  );
}
