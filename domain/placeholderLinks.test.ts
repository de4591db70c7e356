import { describe, expect, it } from "vitest";
import { isPlaceholderLink } from "./placeholderLinks";

describe("links to made-up places", () => {
  it("are the reserved example and test hosts", () => {
    for (const url of [
      "https://www.trustlane.example/company/cardelia",
      "https://app.wallora.example/open",
      "http://shop.test/x",
      "https://example.com/",
      "https://apps.example.org/id1",
      "https://x.invalid",
    ])
      expect(isPlaceholderLink(url), url).toBe(true);
  });

  it("are not real hosts, relative paths or app schemes", () => {
    for (const url of [
      "https://www.trustpilot.com/review/cardelia.de",
      "https://apps.apple.com/app/id1",
      "/bewertungen",
      "wallora://open",
      "https://example.community/",
    ])
      expect(isPlaceholderLink(url), url).toBe(false);
  });
});
