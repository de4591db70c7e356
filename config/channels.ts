/**
 * The two brand channels. Brand names, colours and logos are configuration; both
 * brands are themed from the CSS custom properties in `theme`.
 */

import {
  CHANNEL_FEATURES,
  CHANNEL_IDS,
  type ChannelFeatures,
  type ChannelId,
} from "./channelFeatures";

// The ids, features and header value live in their own module (every page's browser code
// reads them); they are named here too, with the rest of a channel.
export { CHANNEL_FEATURES, CHANNEL_IDS, channelHeader } from "./channelFeatures";
export type { ChannelFeatures, ChannelId } from "./channelFeatures";

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
    features: CHANNEL_FEATURES.cards,
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
    features: CHANNEL_FEATURES.wallart,
  },
};

export function isChannelId(value: string): value is ChannelId {
  return (CHANNEL_IDS as readonly string[]).includes(value);
}
