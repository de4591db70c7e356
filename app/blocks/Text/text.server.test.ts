import { describe, expect, it } from "vitest";
import { readRaw, readSeed, seedBlock } from "../parts/seedBlock.testing";
import { TEXT } from "./text.server";

describe("the text block on the server", () => {
  it("reads the seed example into sanitised HTML", () => {
    const block = readSeed(TEXT, "Text");
    expect(block.text.html.length).toBeGreaterThan(0);
    expect(block.text.html).not.toContain("<script");
  });

  it("leaves out a script an editor's rich text carries", () => {
    const block = readRaw(TEXT, {
      ...(seedBlock("Text") as object),
      text: {
        type: "doc",
        content: [
          {
            type: "paragraph",
            content: [{ type: "text", text: "<script>alert(1)</script>Hallo" }],
          },
        ],
      },
    });
    expect(block.text.html).toContain("Hallo");
    expect(block.text.html).not.toContain("<script>");
  });
});
