/**
 * A cart line's edit link reopens the studio with the line's own choice: a photo book and a
 * collage keep their choice under the cart's names (a photo book's type as photobookType,
 * its pages as pages), the designer reads its own (printing, pageCount), and the link in
 * between must say the same choice in the designer's words, or the shopper would get a
 * page asking them to choose on the product page instead of their design. A line kept
 * without a design goes to the studio the same way, to be designed.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartLines, carts } from "../../db/schema";
import { designerConfiguration } from "../../domain/designerConfiguration";
import { firstValues } from "../../domain/designerLinks";
import { designerLinkToCart } from "../../server/testing/designedLine";
import { useTestShop } from "../../server/testing/shop";

/** Designer links as product pages write them (a collage is sold one at a time). */
const LINKS = {
  photobook:
    "/designer/photobook?printing=digitalfotobuch&cover=hard&paper=glossy&size=20x20&pageCount=40&amount=2",
  collage: "/designer/collage?designId=3&materialType=poster&formatType=600x400&quantity=1",
};

const decode = (text: string) => text.replaceAll("&amp;", "&");
/** The price a page shows: a cart line's, or the studio's. */
const priceIn = (html: string, at: RegExp) => at.exec(html)?.[1]?.replace(/<!-- -->/g, "");

describe("a designed line's edit link", () => {
  const test = useTestShop();

  it("opens the studio for a photo book's and a collage's own choice, at the line's price", async () => {
    const cookie = `visitor_key=${crypto.randomUUID()}`;
    for (const link of Object.values(LINKS)) {
      const added = await designerLinkToCart(
        test.request,
        new URL(link, "http://localhost"),
        cookie,
      );
      expect(added.status, await added.clone().text()).toBe(201);
    }
    const cart = decode(await (await test.request("/warenkorb", { headers: { cookie } })).text());
    const lines = cart.split('<li class="cart-line"').slice(1);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const anchor = /<a[^>]*class="cart-line__edit"[^>]*>/.exec(line)?.[0] ?? "";
      const edit = /href="([^"]+)"/.exec(anchor)?.[1];
      expect(edit).toBeDefined();
      const url = new URL(edit!, "http://localhost");
      const product = url.pathname.split("/").pop() as keyof typeof LINKS;
      expect(Object.keys(LINKS)).toContain(product);
      expect(url.searchParams.get("studioDesign")).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      // The designer reads the very choice the line was put into the cart with.
      const asked = firstValues(new URL(LINKS[product], "http://localhost").searchParams);
      expect(designerConfiguration(product, firstValues(url.searchParams))).toEqual(
        designerConfiguration(product, asked),
      );
      const studio = await test.request(url.href, { headers: { cookie } });
      expect(studio.status, product).toBe(200);
      const html = decode(await studio.text());
      expect(html, product).toContain("designer--studio");
      expect(html, product).not.toContain("sobald auf der Produktseite alles gewählt ist");
      expect(html, product).not.toContain("Diese Auswahl können Sie so nicht bestellen");
      const linePrice = priceIn(line, /cart-line__price">([^<]+)</);
      expect(linePrice, product).toMatch(/\d,\d\d/);
      expect(priceIn(html, /studio__price[^>]*>[^]*?<strong>([^<]+)</), product).toBe(linePrice);
    }
  });

  it("takes a photo book line kept without a design to the studio for its own choice", async () => {
    const visitor = crypto.randomUUID();
    const cookie = `visitor_key=${visitor}`;
    const post = (fields: Record<string, string>) =>
      test.request("/warenkorb", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      });
    // A designed line gives the visitor a cart; beside it, the same book without a design,
    // as a cart from before the cart asked for one holds it (the cart's names, no design).
    const link = new URL(LINKS.photobook, "http://localhost");
    expect((await designerLinkToCart(test.request, link, cookie)).status).toBe(201);
    const { db } = test.services.database;
    const [cart] = await db.select().from(carts).where(eq(carts.visitorKey, visitor));
    const [bare] = await db
      .insert(cartLines)
      .values({
        cartId: cart!.id,
        product: "photobook",
        options: {
          photobookType: "digitalfotobuch",
          cover: "hard",
          paper: "glossy",
          size: "20x20",
          pages: "40",
        },
        quantity: 2,
      })
      .returning();

    const design = await post({ intent: "design", line: String(bare!.id) });
    expect(design.status).toBe(303);
    const target = new URL(design.headers.get("location")!, "http://localhost");
    expect(target.pathname).toBe("/designer/photobook");
    expect(target.searchParams.has("studioDesign")).toBe(false);
    expect(designerConfiguration("photobook", firstValues(target.searchParams))).toEqual(
      designerConfiguration("photobook", firstValues(link.searchParams)),
    );
    const studio = await test.request(target.pathname + target.search, { headers: { cookie } });
    expect(studio.status).toBe(200);
    const html = decode(await studio.text());
    expect(html).toContain("designer--studio");
    expect(html).not.toContain("sobald auf der Produktseite alles gewählt ist");
  });
});
