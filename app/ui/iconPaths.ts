/**
 * The shop's icons: each one's SVG path in a 24×24 box. The server writes them once into
 * every page as the sprite's symbols (iconSymbols.server.ts, IconSprite.tsx); `<Icon>` only
 * points at a symbol, so the browser's first script carries no icon's path.
 */
export const ICON_PATHS = {
  account: "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z",
  /** The logged-in customer: the account figure with a check mark. */
  customer: "M10 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h10m3-2 2 2 4-4",
  cart: "M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 1.9-1.4L21 8H6.2M10 20.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm9 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z",
  menu: "M3 6h18M3 12h18M3 18h18",
  close: "M5 5l14 14M19 5 5 19",
  "chevron-left": "M15 5l-7 7 7 7",
  "chevron-right": "M9 5l7 7-7 7",
  phone:
    "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2Z",
  help: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm-2.5-13a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01",
  "arrow-up": "M12 19V5M5 12l7-7 7 7",
  star: "m12 2 3 6.9 7.5.6-5.7 4.9 1.8 7.3L12 17.8 5.4 21.7l1.8-7.3L1.5 9.5 9 8.9Z",
  /** The wishlist: outlined, filled by CSS when the theme is saved. */
  heart:
    "M12 20.5s-7.6-4.6-9.4-9.3C1.3 7.9 3.5 4.5 7 4.5c2 0 3.8 1.1 5 2.9 1.2-1.8 3-2.9 5-2.9 3.5 0 5.7 3.4 4.4 6.7-1.8 4.7-9.4 9.3-9.4 9.3Z",
  magazine: "M4 4h12a4 4 0 0 1 4 4v12H8a4 4 0 0 1-4-4V4Zm4 5h8M8 13h8",
} as const;

export type IconName = keyof typeof ICON_PATHS;
export const ICONS = Object.keys(ICON_PATHS) as IconName[];
