/** Every page of the wall-art shop's storefronts holds only its country's facts. */
import { describe } from "vitest";
import { useTestShop } from "../../server/testing/shop";
import { crawlStorefronts, followLinks } from "./storefrontCrawl.testing";

describe("every wall-art storefront's own facts", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  // The same pages' links, followed: every one leads to a page (German, French-Swiss, US).
  const links = followLinks("wallart", test);
  crawlStorefronts("wallart", test, { onPage: links.onPage });
  links.test();
});
