/**
 * The design overview blocks (calendar, collage and photo book overviews): the shop's
 * design groups from the catalogue as tiles, each leading to its configurator. The three
 * differ only in what the server put on the tiles, so they share this one component.
 */
import { ProductTiles } from "../../catalogue/ProductTiles";
import type { BlockProps, TileOverviewBlock } from "../types";
import { BlockHeading } from "../parts/BlockHeading";

export function TileOverview({ block }: BlockProps<TileOverviewBlock>) {
  if (!block.tiles || block.tiles.length === 0) return null;
  const id = `overview-${block._uid}`;
  return (
    <section className="tile-overview" aria-labelledby={block.headline ? id : undefined}>
      <BlockHeading id={id} headline={block.headline} text={block.text} />
      <ProductTiles tiles={block.tiles} labelledBy={block.headline ? id : undefined} />
    </section>
  );
}
