/**
 * What every page's browser code reads of a channel: its id, its features and the
 * X-Channel header value. The brand's names, colours and logo (config/channels.ts) are
 * read by the server and a few pages, and so stay out of every page's first script.
 */

export const CHANNEL_IDS = ["cards", "wallart"] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

/**
 * Per-channel features, with their values. Each one is read by the code it names; a
 * feature nobody built is not declared here (docs/decisions/0015-channel-features-that-do-something.md).
 */
export interface ChannelFeatures {
  /** The app banner and the store badges show (where the content configures a real app). */
  appsAvailable: boolean;
  defaultCollageId: number;
  defaultPhotobookCoverLamination: "glossy" | "matt";
  defaultRefinement: "gold" | "none";
  lazyFirstImage: boolean;
  pricesInProductOverview: boolean;
  laminationDisplay: boolean;
  trailingSlash: boolean;
  /** Hearts on card themes, the wishlist page and the header's count. */
  wishlist: boolean;
}

export const CHANNEL_FEATURES: Record<ChannelId, ChannelFeatures> = {
  cards: {
    appsAvailable: false,
    defaultCollageId: 13,
    defaultPhotobookCoverLamination: "glossy",
    defaultRefinement: "gold",
    lazyFirstImage: false,
    pricesInProductOverview: true,
    laminationDisplay: true,
    trailingSlash: false,
    wishlist: true,
  },
  wallart: {
    appsAvailable: true,
    defaultCollageId: 1,
    defaultPhotobookCoverLamination: "matt",
    defaultRefinement: "none",
    // Off like the card shop: a lazy hero image waits for layout and loses a second of
    // largest-contentful-paint on a phone.
    lazyFirstImage: false,
    pricesInProductOverview: false,
    laminationDisplay: false,
    trailingSlash: true,
    wishlist: false,
  },
};

/** The X-Channel header value: channel identifier plus country code. */
export function channelHeader(channel: ChannelId, country: string): string {
  return `${channel}-${country.toUpperCase()}`;
}
