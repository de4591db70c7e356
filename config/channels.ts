/**
 * The two brand channels. Brand names, colours and logos are configuration; both
 * brands are themed from the CSS custom properties in `theme`.
 */

export const CHANNEL_IDS = ["cards", "wallart"] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

/** Channel flags. */
export interface ChannelFlags {
  wishlist: boolean;
  guestbooks: boolean;
  condolenceBooks: boolean;
  appsAvailable: boolean;
}

/** Per-channel feature flags, with their values. */
export interface ChannelFeatures {
  /** Unit of the alu gallery sizes; inches for the US locale of the wall-art channel. */
  aluGalleryUnit: { default: "cm" | "in"; enUS: "cm" | "in" };
  appsAvailable: boolean;
  condolenceBooks: boolean;
  defaultCollageId: number;
  defaultPhotobookCoverLamination: "glossy" | "matt";
  defaultRefinement: "gold" | "none";
  lazyFirstImage: boolean;
  pricesInProductOverview: boolean;
  infoInPhotobookDropdown: boolean;
  laminationDisplay: boolean;
  compactTemplates: boolean;
  trailingSlash: boolean;
  wishlist: boolean;
  guestbooks: boolean;
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
  flags: ChannelFlags;
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
    flags: { wishlist: true, guestbooks: true, condolenceBooks: true, appsAvailable: false },
    features: {
      aluGalleryUnit: { default: "cm", enUS: "cm" },
      appsAvailable: false,
      condolenceBooks: true,
      defaultCollageId: 13,
      defaultPhotobookCoverLamination: "glossy",
      defaultRefinement: "gold",
      lazyFirstImage: false,
      pricesInProductOverview: true,
      infoInPhotobookDropdown: true,
      laminationDisplay: true,
      compactTemplates: true,
      trailingSlash: false,
      wishlist: true,
      guestbooks: true,
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
    flags: { wishlist: false, guestbooks: false, condolenceBooks: false, appsAvailable: true },
    features: {
      aluGalleryUnit: { default: "cm", enUS: "in" },
      appsAvailable: true,
      condolenceBooks: false,
      defaultCollageId: 1,
      defaultPhotobookCoverLamination: "matt",
      defaultRefinement: "none",
      // Off like the card shop: a lazy hero image waits for layout and loses a second of
      // largest-contentful-paint on a phone.
      lazyFirstImage: false,
      pricesInProductOverview: false,
      infoInPhotobookDropdown: false,
      laminationDisplay: false,
      compactTemplates: false,
      trailingSlash: true,
      wishlist: false,
      guestbooks: false,
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
