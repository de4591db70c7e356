/** The sprite's symbols as the server writes them into every page (see IconSprite.tsx). */
import { ICON_PATHS, ICONS } from "./iconPaths";

export const ICON_SYMBOLS = ICONS.map(
  (name) =>
    `<symbol id="icon-${name}" viewBox="0 0 24 24"><path d="${ICON_PATHS[name]}"/></symbol>`,
).join("");
