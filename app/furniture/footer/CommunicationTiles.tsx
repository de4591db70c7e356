import { Collapsible } from "../Collapsible";
import { FurnitureImage } from "../FurnitureImage";
import { ShopLink } from "~/ui/ShopLink";
import type { CommunicationTile } from "../types";

/** The communication tiles: they collapse below 720 px, the first one open. */
export function CommunicationTiles({ tiles }: { tiles: CommunicationTile[] }) {
  if (tiles.length === 0) return null;
  return (
    <div className="communication-tiles">
      {tiles.map((tile, index) => (
        <Collapsible
          key={tile.id}
          className="communication-tile"
          initiallyOpen={index === 0}
          title={
            <>
              {tile.icon ? (
                <FurnitureImage
                  asset={tile.icon}
                  width={40}
                  alt=""
                  className="communication-tile__icon"
                />
              ) : null}
              <span className="communication-tile__headline">{tile.headline}</span>
              <span className="communication-tile__short">{tile.headlineShort}</span>
            </>
          }
        >
          <p>{tile.text}</p>
          {tile.cta ? (
            <ShopLink link={tile.cta.link} className="communication-tile__cta">
              {tile.cta.text}
            </ShopLink>
          ) : null}
        </Collapsible>
      ))}
    </div>
  );
}
