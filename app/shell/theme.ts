/** The brand theme as CSS custom properties: both brands share one stylesheet. */
import type { ChannelTheme } from "../../config/channels";

const SAFE_VALUE = /^[#(),.%\w\s"'-]+$/;

export function themeCss(theme: ChannelTheme): string {
  const vars = Object.entries(theme)
    .filter(([, value]) => SAFE_VALUE.test(value))
    .map(
      ([key, value]) => `--brand-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`,
    );
  return `:root{${vars.join(";")}}`;
}
