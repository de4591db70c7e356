import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../../../server/testing/services";
import type { ShopServices } from "../../../server/services";
import type { FrameBlock } from "../types";
import { shopContext } from "../../context";
import { setLogSink } from "../../lib/log";
import { localeContext } from "../../lib/site";
import { frameSource } from "./frames.server";

describe("the frame block's frames", () => {
  let database: TestDatabase;
  let services: ShopServices;
  beforeAll(async () => {
    database = await openSeededTestDatabase("pglite", "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
  });
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  const frames = (
    channel: "cards" | "wallart",
    block: Partial<FrameBlock>,
    shop: ShopServices = services,
  ) => {
    const context = new RouterContextProvider();
    context.set(shopContext, {
      site: { channel, country: "DE" },
      nonce: "",
      services: shop,
      clientAddress: "unknown",
    });
    context.set(localeContext, {
      channel,
      country: "DE",
      locale: "de-DE",
      language: "de",
      platform: "web",
      rest: "/",
      unknownPrefix: false,
    });
    return frameSource(context)({
      _uid: "f",
      component: "Frame",
      headline: "",
      text: "",
      frameTypes: [],
      material: null,
      frames: null,
      ...block,
    });
  };

  it("shows every frame type the shop sells, each with the materials it holds and a from-price", async () => {
    const cards = await frames("wallart", {});
    expect(cards.map((c) => c.frameType)).toContain("schattenfuge-leinwand");
    const canvas = cards.find((c) => c.frameType === "schattenfuge-leinwand")!;
    expect(canvas.materials).toEqual(["leinwand"]);
    expect(canvas.price?.from).toBe(true);
    expect(canvas.href).toBe(
      "/configurator-photo-frame?materialType=leinwand&frameType=schattenfuge-leinwand",
    );
  });

  it("shows a material's frames only, its default frame first and marked", async () => {
    const cards = await frames("wallart", { material: "poster" });
    expect(cards[0]).toMatchObject({ frameType: "holzrahmen", defaultFor: "poster" });
    expect(cards.map((c) => c.frameType)).not.toContain("schattenfuge-leinwand");
    expect(cards.slice(1).every((c) => c.defaultFor === null)).toBe(true);
  });

  it("logs a material without a default frame and a frame type that holds none of the shop's materials", async () => {
    const logged: string[] = [];
    const previous = setLogSink((_level, id) => logged.push(String(id)));
    try {
      await frames("wallart", { material: "echtglas" });
      expect(logged).toEqual(["error-no-default-option-for-material-type"]);
      // A shop that sells no material a frame holds shows no frames, and says why.
      const glassOnly = {
        ...services,
        catalogue: {
          ...services.catalogue,
          articlesOf: async () => [
            {
              article: "wallart-echtglas-600x400",
              kind: "wallart",
              productType: "photoframe",
              format: "600x400",
              formatLabel: null,
              formatGroup: "echtglas",
              attributes: { material: "echtglas" },
              price: null,
            },
          ],
        },
      } as ShopServices;
      expect(await frames("wallart", { frameTypes: ["holzrahmen"] }, glassOnly)).toEqual([]);
      expect(logged).toContain("error-no-materials-for-frame-type");
    } finally {
      setLogSink(previous);
    }
  });
});
