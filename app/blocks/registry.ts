/**
 * The block registry, the browser's half: content component name → React component, each
 * from the block's own folder (registry.server.ts is the server's half: schemas, conversion,
 * request data).
 * Names and fields are documented in content/BLOCKS.md.
 */
import type { ComponentType } from "react";
import { Headline } from "./Headline/Headline";
import { Information } from "./Information/Information";
import { Margin } from "./Margin/Margin";
import { PhotoBlock } from "./PhotoBlock/PhotoBlock";
import { SubTeasers } from "./SubTeasers/SubTeasers";
import { Teaser } from "./Teaser/Teaser";
import { Text } from "./Text/Text";
import { UspTeaser } from "./UspTeaser/UspTeaser";
import { lazyBlock } from "./lazyBlock";
import type {
  BlockName,
  BlockProps,
  DetailContainerBlock,
  PreparedBlocks,
  ServiceBlock as ServiceBlockData,
  TileOverviewBlock,
} from "./types";

// The catalogue blocks load their code only on the pages that have them.
const Calculator = lazyBlock<PreparedBlocks["Calculator"]>(() =>
  import("./Calculator/Calculator").then((module) => module.Calculator),
);
const ThemeOverview = lazyBlock<PreparedBlocks["ThemeOverview"]>(() =>
  import("./ThemeOverview/ThemeOverview").then((module) => module.ThemeOverview),
);

// A video is on few pages (at a home page's foot): its code waits for them, and for the
// visitor to come near it (its controls are the browser's own meanwhile).
const VideoBlock = lazyBlock<PreparedBlocks["VideoBlock"]>(
  () => import("./VideoBlock/VideoBlock").then((module) => module.VideoBlock),
  { whenNear: true },
);

// The feed is on a few content pages, not on the home pages: its code waits for them.
const Feed = lazyBlock<PreparedBlocks["Feed"]>(() =>
  import("./Feed/Feed").then((module) => module.Feed),
);

const TileOverview = lazyBlock<TileOverviewBlock>(() =>
  import("./TileOverview/TileOverview").then((module) => module.TileOverview),
);

type BlockComponent<K extends BlockName> = ComponentType<BlockProps<PreparedBlocks[K]>>;

const ThemeFeed = lazyBlock<PreparedBlocks["ThemeFeed"]>(() =>
  import("./ThemeFeed/ThemeFeed").then((module) => module.ThemeFeed),
);

// The contact form (and its validation) loads only on the pages that have one.
const ContactForm = lazyBlock<PreparedBlocks["ContactForm"]>(() =>
  import("./ContactForm/ContactForm").then((module) => module.ContactForm),
);

// The five product detail containers are one component, loaded on the pages that have one.
const DetailContainer = lazyBlock<DetailContainerBlock>(() =>
  import("./DetailContainer/DetailContainer").then((module) => module.DetailContainer),
);

// The service pages' blocks share one chunk and one entry here (see serviceBlocks.tsx).
const ServiceBlock = lazyBlock<ServiceBlockData>(() =>
  import("./serviceBlocks").then((module) => module.ServiceBlock),
);

export const BLOCK_REGISTRY: { [K in BlockName]: BlockComponent<K> } = {
  Headline,
  Text,
  Information,
  Margin,
  Teaser,
  SubTeasers,
  UspTeaser,
  PhotoBlock,
  VideoBlock,
  Feed,
  Calculator,
  ThemeOverview,
  CalendarOverview: TileOverview,
  CollageOverview: TileOverview,
  PhotobookOverview: TileOverview,
  Shop: TileOverview,
  SkuContainer: TileOverview,
  ThemeFeed,
  ContactForm,
  Toolbox: ServiceBlock,
  CustomerPictures: ServiceBlock,
  FormatsAndPrices: ServiceBlock,
  Voucher: ServiceBlock,
  Accessories: ServiceBlock,
  GiftVouchers: ServiceBlock,
  Frame: ServiceBlock,
  AccessoryDetailContainer: DetailContainer,
  CalendarDetailContainer: DetailContainer,
  CardDetailContainer: DetailContainer,
  CollageDetailContainer: DetailContainer,
  PhotobookDetailContainer: DetailContainer,
};

/** True when the registry has a block of this name. */
export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(BLOCK_REGISTRY, name);
}
