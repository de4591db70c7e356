/**
 * The two brand channels. Brand names, colours and logos are configuration; both
 * brands are themed from the CSS custom properties in `theme`.
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

export interface ChannelTheme {
  primary: string;
  primaryContrast: string;
  accent: string;
  surface: string;
  text: string;
  muted: string;
  font: string;
  radius: string;
}

export interface ChannelConfig {
  id: ChannelId;
  brandName: string;
  tagline: string;
  /** Path of the logo in the public folder. */
  logo: string;
  theme: ChannelTheme;
  features: ChannelFeatures;
}

export const CHANNELS: Record<ChannelId, ChannelConfig> = {
  cards: {
    id: "cards",
    brandName: "Cardelia",
    tagline: "Cards and photo gifts, personally designed",
    logo: "/brand/cardelia.svg",
    theme: {
      primary: "#b4235a",
      primaryContrast: "#ffffff",
      accent: "#f6d7e3",
      surface: "#fff8f5",
      text: "#2a1f24",
      muted: "#6b5961",
      font: '"Lora", "Lora Fallback", Georgia, "Times New Roman", serif',
      radius: "12px",
    },
    features: {
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
  },
  wallart: {
    id: "wallart",
    brandName: "Wallora",
    tagline: "Your photos as wall art",
    logo: "/brand/wallora.svg",
    theme: {
      primary: "#1f4e5f",
      primaryContrast: "#ffffff",
      accent: "#e3b23c",
      surface: "#f5f7f8",
      text: "#14212a",
      muted: "#4f616d",
      font: '"Inter", "Inter Fallback", "Helvetica Neue", Arial, sans-serif',
      radius: "4px",
    },
    features: {
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
  },
};

export function isChannelId(value: string): value is ChannelId {
  return (CHANNEL_IDS as readonly string[]).includes(value);
}

/** The X-Channel header value: channel identifier plus country code. */
export function channelHeader(channel: ChannelId, country: string): string {
  return `${channel}-${country.toUpperCase()}`;
}
