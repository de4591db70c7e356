/** Every page of the wall-art shop's storefronts holds only its country's facts. */
import { describe } from "vitest";
import { useTestShop } from "../../server/testing/shop";
import { crawlStorefronts } from "./storefrontCrawl.testing";

describe("every wall-art storefront's own facts", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  crawlStorefronts("wallart", test);
});
