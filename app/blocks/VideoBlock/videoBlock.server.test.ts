import { describe, expect, it } from "vitest";
import { convertContext, readSeed, seedBlock } from "../parts/seedBlock.testing";
import { VIDEO_BLOCK } from "./videoBlock.server";

describe("the video block on the server", () => {
  it("reads the seed example and refuses a video that is not a file of the asset store", () => {
    expect(readSeed(VIDEO_BLOCK, "VideoBlock").video).toMatch(/^\/a\/.*\.(webm|mp4)$/);
    const read = VIDEO_BLOCK.read(
      { ...(seedBlock("VideoBlock") as object), video: "https://example.com/v.mp4" },
      convertContext(),
    );
    expect(read.issues).toBeDefined();
  });
});
