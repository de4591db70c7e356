import { describe, expect, it } from "vitest";
import { CHANNELS } from "../../config/channels";
import { themeCss } from "./theme";

describe("brand theme", () => {
  it("turns each brand's theme into CSS custom properties", () => {
    const css = themeCss(CHANNELS.wallart.theme);
    expect(css).toContain("--brand-primary:#1f4e5f");
    expect(css).toContain("--brand-primary-contrast:#ffffff");
    expect(themeCss(CHANNELS.cards.theme)).toContain("--brand-primary:#b4235a");
  });

  it("drops values that could break out of the style element", () => {
    const css = themeCss({
      ...CHANNELS.cards.theme,
      primary: "red}</style><script>alert(1)</script>",
    });
    expect(css).not.toContain("<");
    expect(css).not.toContain("--brand-primary:");
  });
});
