/**
 * A studio design in the cart: the line keeps the design's id, shows the proof of its
 * first surface and links back into the studio with the line's configuration and the
 * design; the id is not listed among the options. A card comes through the cart API, wall
 * art through the cart's form, as the studio puts each there.
 */
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";
import { fillDesignFrames } from "../../server/testing/studioApi";

describe("a studio design's cart line", () => {
  const test = useTestShop();
  const decode = (text: string) => text.replaceAll("&amp;", "&");
  /**
   * A design started in the studio by a new visitor, its frames filled (the cart takes no
   * design with an empty frame): its id and the visitor's cookie.
   */
  const startDesign = async (host: string, configuration: Record<string, unknown>) => {
    const made = await test.request(`http://${host}/web-api/studio/designs`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://${host}` },
      body: JSON.stringify({ configuration }),
    });
    expect(made.status).toBe(201);
    const cookie = (made.headers.get("set-cookie") ?? "").split(";")[0]!;
    const id = ((await made.json()) as { id: string }).id;
    await fillDesignFrames(test.request, `http://${host}`, id, cookie);
    return { id, cookie };
  };
  const CARD = {
    kind: "card",
    cardType: "folded-card",
    size: "148x105",
    refinement: "none",
    envelope: "accessory-envelope-162x114",
    quantity: 20,
  };

  it("shows a card's proof and an edit link back into the studio", async () => {
    const { id: DESIGN, cookie } = await startDesign("localhost", CARD);
    const added = await test.request("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost", cookie },
      body: JSON.stringify({ ...CARD, studioDesign: DESIGN }),
    });
    expect(added.status).toBe(201);
    expect(((await added.json()) as { options: Record<string, string> }).options.studioDesign).toBe(
      DESIGN,
    );
    const html = decode(await (await test.request("/warenkorb", { headers: { cookie } })).text());
    expect(html).toContain(`src="/web-api/studio/designs/${DESIGN}/proof/1.jpg?width=240"`);
    const edit =
      /class="cart-line__edit"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*class="cart-line__edit"/.exec(
        html,
      );
    const link = new URL(edit![1] ?? edit![2]!, "http://localhost");
    expect(link.pathname).toBe("/designer/card");
    expect(link.searchParams.get("studioDesign")).toBe(DESIGN);
    expect(link.searchParams.get("quantity")).toBe("20");
    expect(link.searchParams.get("cardType")).toBe("folded-card");
    // The link opens the studio (its page, the studio itself runs in the browser).
    const studio = await test.request(link.href, { headers: { cookie } });
    expect(studio.status).toBe(200);
    expect(await studio.text()).toContain("designer--studio");
  });

  it("refuses another shopper's design: a line prints only a design its owner made", async () => {
    const { id: theirs } = await startDesign("localhost", CARD);
    const added = await test.request("/web-api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ ...CARD, studioDesign: theirs }),
    });
    expect(added.status).toBe(422);
    expect(JSON.stringify(await added.json())).toContain("studioDesign");
  });

  it("keeps a wall-art design from the cart's form and does not list its id as an option", async () => {
    const { id: DESIGN, cookie: owner } = await startDesign("wallart.localhost", {
      kind: "photoframe",
      material: "leinwand",
      size: "600x400",
    });
    const options = new URLSearchParams({
      materialType: "leinwand",
      formatType: "600x400",
      studioDesign: DESIGN,
    });
    const added = await test.request("http://wallart.localhost/warenkorb/", {
      method: "POST",
      body: new URLSearchParams({
        intent: "add",
        product: "photoframe",
        options: options.toString(),
        quantity: "1",
      }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://wallart.localhost",
        cookie: owner,
      },
    });
    expect(added.status).toBe(303);
    const cookie = owner;
    const html = decode(
      await (
        await test.request("http://wallart.localhost/warenkorb/", { headers: { cookie } })
      ).text(),
    );
    expect(html).toContain(`/web-api/studio/designs/${DESIGN}/proof/1.jpg`);
    const edit = /\/designer\/photoframe\/?\?[^"\\]+/.exec(html)![0];
    const link = new URL(edit, "http://wallart.localhost");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      formatType: "600x400",
      materialType: "leinwand",
      quantity: "1",
      studioDesign: DESIGN,
    });
    expect(html).not.toContain(`studioDesign: ${DESIGN}`);
    expect(html).not.toContain(`: ${DESIGN}<`);
  });

  it("opens a photo box of 900 prints in the studio priced for 900, and refuses a quantity the page does not sell, naming the range", async () => {
    const link = "http://localhost/designer/photobox?type=large&width=130&height=90&finish=matt";
    const page = async (quantity: number) => {
      const answer = await test.request(`${link}&quantity=${quantity}`);
      expect(answer.status).toBe(200);
      return decode(await answer.text());
    };
    const priceOf = (html: string) => /studio__price[^>]*>[^]*?<strong>([^<]+)</.exec(html)?.[1];
    const box = await page(900);
    expect(box).toContain("studio__loading");
    expect(priceOf(box)).toMatch(/\d,\d\d/);
    expect(priceOf(box)).not.toBe(priceOf(await page(250)));
    // More than the large box holds (1,000), or between the steps: no studio, its range named.
    for (const quantity of [5001, 1100, 903]) {
      const refused = await page(quantity);
      expect(refused).toContain(
        `${quantity} Abzüge können wir so nicht gestalten: Wählen Sie auf der Produktseite 1 bis 1.000 Abzüge`,
      );
      expect(refused).not.toContain("studio__loading");
    }
  });

  it("holds a small box and loose prints to their own ranges and steps, and repeats no text the link made up", async () => {
    const refused = async (path: string) => {
      const answer = await test.request(`http://localhost/designer/${path}`);
      expect(answer.status).toBe(200);
      const html = decode(await answer.text());
      expect(html).not.toContain("studio__loading");
      return html;
    };
    expect(
      await refused("photobox?type=small&width=130&height=90&finish=matt&quantity=900"),
    ).toContain(
      "900 Abzüge können wir so nicht gestalten: Wählen Sie auf der Produktseite 1 bis 250 Abzüge",
    );
    expect(await refused("photoprint?width=130&height=90&finish=matt&quantity=7")).toContain(
      "7 Abzüge können wir so nicht gestalten: Wählen Sie auf der Produktseite 1 bis 5.000 Abzüge",
    );
    // The product page's calculator is told each box type's most, as the studio takes it.
    const calculator = (await (
      await test.request("http://localhost/web-api/calculator/reference?product=photobox")
    ).json()) as { options: { value: string; formats: { maxQuantity?: number }[] }[] };
    const most = Object.fromEntries(
      calculator.options.map((o) => [o.value, [...new Set(o.formats.map((f) => f.maxQuantity))]]),
    );
    expect(most).toMatchObject({ small: [250], large: [1000] });
    const made = await refused("photoprint?width=130&height=90&finish=matt&quantity=abc");
    expect(made).toContain("Diese Anzahl Abzüge können wir so nicht gestalten");
    expect(made).not.toContain("abc Abzüge");
  });

  it("offers no way into the cart without a design for a calendar, photo book or collage the studio cannot start", async () => {
    for (const link of [
      "/designer/calendar?calendarType=tischkalender",
      "/designer/photobook?printing=digitalfotobuch",
      "/designer/collage?materialType=poster&formatType=600x400",
      // One article with one price, but no first month: the stand-in used to sell it bare.
      "/designer/calendar?calendarType=wandkalender&format=a3-hoch&mounting=spirale",
      // A whole configuration the studio cannot start (no design group of the catalogue's).
      "/designer/collage?designId=heart&materialType=poster&formatType=600x400&quantity=1",
    ]) {
      const answer = await test.request(`http://localhost${link}`);
      expect(answer.status, link).toBe(200);
      const html = decode(await answer.text());
      expect(html, link).not.toContain("designer__cart");
      expect(html, link).toContain("sobald auf der Produktseite alles gewählt ist");
    }
  });
});
