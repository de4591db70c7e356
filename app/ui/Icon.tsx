/**
 * The shop's icons as one inline SVG sprite: the server writes every icon's symbol into the
 * page once (IconSprite), and `<Icon name>` points at one. The paths (iconPaths.ts) so stay
 * out of the browser's code. The look (no fill, a round 2 px stroke in the text colour) is
 * set here and reaches the symbol's path through the reference, so CSS can still fill an
 * icon (the saved heart) by setting `fill` on its svg.
 */
import { createContext, useContext } from "react";
import type { IconName } from "./iconPaths";

export type { IconName } from "./iconPaths";

/** The sprite's symbols, handed down by the server (iconSymbols.server.ts); null in the browser. */
export const IconSymbolsContext = createContext<string | null>(null);

/**
 * The sprite, once in every page. In the browser it renders empty, and React leaves the
 * symbols the server wrote as they are (as it does an inline script's text).
 */
export function IconSprite() {
  const symbols = useContext(IconSymbolsContext);
  return (
    <svg
      aria-hidden="true"
      width="0"
      height="0"
      style={{ position: "absolute" }}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: symbols ?? "" }}
    />
  );
}

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
