/**
 * The browsing styles (catalogue.css) as a stylesheet React hoists into the head. The
 * blocks that use them load their code lazily (app/blocks/lazyBlock.tsx), and a CSS file
 * imported by a lazy chunk arrives only with that chunk, after the first paint: the
 * server's HTML of the block would show unstyled and then move (the filters from one line
 * to a grid, the cards from the image's own width to the column's). Rendered here, the
 * server puts the stylesheet in the document's head, so the block is styled from the first
 * paint, and a client navigation waits for it before showing the block. React loads it
 * once however many components render it, and only on pages that have one of them. It
 * comes before the shell's styles in the head, where it used to come after them: a rule
 * here must not rely on winning a tie against a shell rule.
 */
import catalogueCss from "./catalogue.css?url";

export function CatalogueStyles() {
  return <link rel="stylesheet" href={catalogueCss} precedence="catalogue" />;
}
