/**
 * The "many photos" collage pages of both brands promise up to 100 photos on one picture:
 * the calculator's designer link on each leads to the studio with the page's own design
 * group, and the design it starts offers a layout of 100 cells.
 */
import { describe, expect, it } from "vitest";
import { collageLayout, collageVariants } from "../../domain/studio/collage";
import type { DesignDocument } from "../../domain/studio/document";
import { useTestShop } from "../../server/testing/shop";
import { AS_CRAWLER, calculatorCta } from "./blockHtml.testing";

describe("the many-photos collage pages", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  it.each(["localhost", "wallart.localhost"])(
    "on %s the designer link opens a grid design of up to 100 cells",
    async (host) => {
      const origin = `http://${host}`;
      const get = (target: string) =>
        test.request(new URL(target, origin).href, {
          headers: AS_CRAWLER,
          redirect: "manual",
        });
      // Each brand writes its paths its own way (with or without the trailing slash).
      let response = await get("/fotocollage/many-photos/");
      if (response.status === 301) response = await get(response.headers.get("location")!);
      expect(response.status).toBe(200);
      const link = calculatorCta(await response.text());
      expect(link, "designer link").toMatch(/^\/configurator-collage\/?\?/);
      const redirect = await test.request(`${origin}${link}`, { redirect: "manual" });
      expect(redirect.status).toBeGreaterThanOrEqual(300);
      const query = new URL(redirect.headers.get("location")!, origin).searchParams;
      const made = await test.request(`${origin}/web-api/studio/designs`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({
          configuration: {
            kind: "collage",
            design: query.get("designId"),
            collageMaterial: query.get("materialType"),
            size: query.get("formatType"),
            quantity: Number(query.get("quantity") ?? 1),
          },
        }),
      });
      expect(made.status).toBe(201);
      const cookie = (made.headers.get("set-cookie") ?? "").split(";")[0]!;
      const id = ((await made.json()) as { id: string }).id;
      const design = await test.request(`${origin}/web-api/studio/designs/${id}`, {
        headers: { origin, cookie },
      });
      const { document } = (await design.json()) as { document: DesignDocument };
      const surface = document.surfaces[0]!;
      // The page's own design, not the shop's default group (a collage of at most 48).
      expect(surface.layout).toMatch(/^many-photos-\d+$/);
      const { width, height } = surface.trim;
      const most = collageVariants("many-photos", width, height).at(-1)!;
      expect(collageLayout("many-photos", most, width, height)!.cells).toHaveLength(100);
    },
  );
});
