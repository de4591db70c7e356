import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FurnitureImage } from "./FurnitureImage";

describe("FurnitureImage", () => {
  it("keeps a drawing's box at the size asked for, not the drawing's own ratio, once it has loaded", () => {
    const html = renderToStaticMarkup(
      <FurnitureImage
        asset={{ filename: "/a/cards/card.svg", alt: "", width: 120, height: 120 }}
        width={73}
        height={110}
      />,
    );
    expect(html).toContain('width="73"');
    expect(html).toContain('height="110"');
    expect(html).toContain("aspect-ratio:73 / 110");
    expect(html).toContain("object-fit:cover");
  });

  it("gives a drawing without a height its own ratio", () => {
    const html = renderToStaticMarkup(
      <FurnitureImage
        asset={{ filename: "/a/cards/logo.svg", alt: "Logo", width: 200, height: 50 }}
        width={80}
      />,
    );
    expect(html).toContain('height="20"');
    expect(html).toContain("aspect-ratio:80 / 20");
  });
});
