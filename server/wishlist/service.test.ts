import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { customers, wishlistItems } from "../../db/schema";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { MAX_WISHLIST_THEMES } from "../../domain/wishlist";
import type { ShopServices } from "../services";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { VISITOR_WISHLIST_KEPT_MS } from "./service";

const DE = { channel: "cards", country: "DE", locale: "de-DE" } as const;
const WALLART = { channel: "wallart", country: "DE", locale: "de-DE" } as const;

describe.each(TEST_DATABASES)("the wishlist on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let visitors = 0;
  const newVisitor = () => ({
    visitorKey: `00000000-0000-4000-9000-${String(++visitors).padStart(12, "0")}`,
  });
  const newCustomer = async (email: string, channel: "cards" | "wallart" = "cards") => {
    const [row] = await database.db
      .insert(customers)
      .values({
        channel,
        number: `W-${email}`,
        email,
        firstName: "W",
        lastName: "L",
        locale: "de-DE",
      })
      .returning({ id: customers.id });
    return row!.id;
  };

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
  }, 120_000);
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  it("keeps published themes, newest first, with the catalogue's from-price", async () => {
    const owner = newVisitor();
    const wishlist = services.wishlist;
    expect(await wishlist.add(DE, owner, "einschulung-001")).toEqual({ ok: true, count: 1 });
    expect(await wishlist.add(DE, owner, "einschulung-002")).toEqual({ ok: true, count: 2 });
    // Saving again changes nothing.
    expect(await wishlist.add(DE, owner, "einschulung-001")).toEqual({ ok: true, count: 2 });
    const themes = await wishlist.themes(DE, owner);
    expect(themes.map((t) => t.id)).toEqual(["einschulung-002", "einschulung-001"]);
    const listed = (await services.catalogue.theme(DE, "einschulung-001")).price;
    expect(themes[1]!.price).toEqual(listed);
    expect(themes[1]!.price?.currency).toBe("eur");
    expect(await wishlist.remove(DE, owner, "einschulung-002")).toEqual({ ok: true, count: 1 });
    expect(await wishlist.themeIds("cards", owner)).toEqual(["einschulung-001"]);
  });

  it("refuses unknown themes and brands without a wishlist", async () => {
    const owner = newVisitor();
    expect(await services.wishlist.add(DE, owner, "no-such-theme")).toEqual({
      ok: false,
      reason: "unknown-theme",
    });
    expect(await services.wishlist.add(WALLART, owner, "einschulung-001")).toEqual({
      ok: false,
      reason: "no-wishlist",
    });
    expect(await services.wishlist.themes(DE, null)).toEqual([]);
  });

  it("refuses a theme more than the limit and keeps the saved ones", async () => {
    const owner = newVisitor();
    await database.db.insert(wishlistItems).values(
      Array.from({ length: MAX_WISHLIST_THEMES }, (_, i) => ({
        channel: "cards",
        ...owner,
        themeId: `old-${i}`,
      })),
    );
    expect(await services.wishlist.add(DE, owner, "einschulung-001")).toEqual({
      ok: false,
      reason: "full",
    });
    // Ids the catalogue no longer publishes are not shown nor counted.
    expect(await services.wishlist.count(DE, owner)).toBe(0);
  });

  it("joins a visitor's themes to the customer's at log-in, each theme once", async () => {
    const visitor = newVisitor();
    const customerId = await newCustomer(`merge-${kind}@example.de`);
    await services.wishlist.add(DE, { customerId }, "einschulung-001");
    await services.wishlist.add(DE, visitor, "einschulung-001");
    await services.wishlist.add(DE, visitor, "einschulung-003");
    // The cart's adopt runs at every log-in and sign-up; the wishlist moves with it.
    await services.cart.adopt("cards", visitor.visitorKey, customerId);
    expect(await services.wishlist.themeIds("cards", { customerId })).toEqual([
      "einschulung-003",
      "einschulung-001",
    ]);
    expect(await services.wishlist.themeIds("cards", visitor)).toEqual([]);
  });

  it("deletes visitors' themes after their time and keeps customers'", async () => {
    const visitor = newVisitor();
    const customerId = await newCustomer(`prune-${kind}@example.de`);
    await services.wishlist.add(DE, visitor, "einschulung-001");
    await services.wishlist.add(DE, { customerId }, "einschulung-001");
    const later = new Date(Date.now() + VISITOR_WISHLIST_KEPT_MS + 60_000);
    expect((await services.wishlist.prune(later)).visitorThemes).toBeGreaterThanOrEqual(1);
    expect(await services.wishlist.themeIds("cards", visitor)).toEqual([]);
    expect(await services.wishlist.themeIds("cards", { customerId })).toEqual(["einschulung-001"]);
    await database.db.delete(customers).where(eq(customers.id, customerId));
    expect(await services.wishlist.themeIds("cards", { customerId })).toEqual([]);
  });
});
