/**
 * The wishlist: card themes a visitor (by their visitor key) or a customer saved in a
 * brand that keeps one. Only ids are stored; every view reads the themes and their
 * from-prices from the catalogue, so a theme no longer published drops out of the list.
 * At log-in a visitor's themes join the customer's (the cart's adopt calls `moveOwner`).
 */
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { deleteInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { customers, wishlistItems } from "../../db/schema";
import { MS_PER_DAY } from "../../domain/constants";
import { MAX_WISHLIST_THEMES, themesToAdopt } from "../../domain/wishlist";
import type { CatalogueContext, CatalogueService } from "../catalogue/service";

/** Whose wishlist: a customer's, else the anonymous visitor's. */
export type WishlistOwner = { customerId: number } | { visitorKey: string };

/** A visitor's saved themes nobody touched for this long are deleted (as their cart is). */
export const VISITOR_WISHLIST_KEPT_MS = 90 * MS_PER_DAY;

/** Whether the brand keeps a wishlist at all (its channel's `wishlist` feature). */
export function hasWishlist(channel: ChannelId): boolean {
  return CHANNELS[channel].features.wishlist;
}

export type WishlistChange =
  { ok: true; count: number } | { ok: false; reason: "no-wishlist" | "unknown-theme" | "full" };

type Theme = Awaited<ReturnType<CatalogueService["theme"]>>;

export function createWishlistService({ db, catalogue }: { db: Db; catalogue: CatalogueService }) {
  const ownedBy = (channel: ChannelId, owner: WishlistOwner) =>
    and(
      eq(wishlistItems.channel, channel),
      "customerId" in owner
        ? eq(wishlistItems.customerId, owner.customerId)
        : eq(wishlistItems.visitorKey, owner.visitorKey),
    );

  /** The owner's saved theme ids, oldest first. */
  async function ids(channel: ChannelId, owner: WishlistOwner): Promise<string[]> {
    const rows = await db
      .select({ themeId: wishlistItems.themeId })
      .from(wishlistItems)
      .where(ownedBy(channel, owner))
      .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
    return rows.map((r) => r.themeId);
  }

  /** The published theme, or null when the catalogue has none by that id. */
  async function publishedTheme(ctx: CatalogueContext, id: string): Promise<Theme | null> {
    return catalogue.theme(ctx, id).catch((error: unknown) => {
      if ((error as { kind?: string }).kind === "not_found") return null;
      throw error;
    });
  }

  const service = {
    /** The saved themes still published, newest saved first, each as the catalogue shows it. */
    async themes(ctx: CatalogueContext, owner: WishlistOwner | null): Promise<Theme[]> {
      if (!owner || !hasWishlist(ctx.channel)) return [];
      const saved = (await ids(ctx.channel, owner)).reverse();
      const themes = await Promise.all(saved.map((id) => publishedTheme(ctx, id)));
      return themes.filter((theme): theme is Theme => theme !== null);
    },

    /** The saved theme ids (newest first), for the hearts of a page. */
    async themeIds(channel: ChannelId, owner: WishlistOwner | null): Promise<string[]> {
      if (!owner || !hasWishlist(channel)) return [];
      return (await ids(channel, owner)).reverse();
    },

    /** How many themes the header counts: the saved ones still published. */
    async count(ctx: CatalogueContext, owner: WishlistOwner | null): Promise<number> {
      return (await service.themes(ctx, owner)).length;
    },

    /** Saves a published theme; saving one already saved changes nothing. */
    async add(
      ctx: CatalogueContext,
      owner: WishlistOwner,
      themeId: string,
    ): Promise<WishlistChange> {
      if (!hasWishlist(ctx.channel)) return { ok: false, reason: "no-wishlist" };
      if (!(await publishedTheme(ctx, themeId))) return { ok: false, reason: "unknown-theme" };
      const saved = await ids(ctx.channel, owner);
      if (!saved.includes(themeId)) {
        if (saved.length >= MAX_WISHLIST_THEMES) return { ok: false, reason: "full" };
        await db
          .insert(wishlistItems)
          .values({ channel: ctx.channel, ...owner, themeId })
          .onConflictDoNothing();
      }
      return { ok: true, count: await service.count(ctx, owner) };
    },

    /** Takes a theme off the list; one not on it is no error (the heart shows it unsaved). */
    async remove(
      ctx: CatalogueContext,
      owner: WishlistOwner,
      themeId: string,
    ): Promise<WishlistChange> {
      if (!hasWishlist(ctx.channel)) return { ok: false, reason: "no-wishlist" };
      await db
        .delete(wishlistItems)
        .where(and(ownedBy(ctx.channel, owner), eq(wishlistItems.themeId, themeId)));
      return { ok: true, count: await service.count(ctx, owner) };
    },

    /**
     * At log-in the visitor's saved themes (in the customer's brand) join the customer's
     * list, up to its limit; the visitor's rows go. Returns how many were added.
     */
    async moveOwner(visitorKey: string, customerId: number): Promise<number> {
      const [customer] = await db
        .select({ channel: customers.channel })
        .from(customers)
        .where(eq(customers.id, customerId))
        .limit(1);
      if (!customer) return 0;
      const channel = customer.channel as ChannelId;
      const visitor = { visitorKey };
      const adopted = themesToAdopt(
        await ids(channel, { customerId }),
        await ids(channel, visitor),
      );
      await db.transaction(async (tx) => {
        if (adopted.length > 0)
          await tx
            .insert(wishlistItems)
            .values(adopted.map((themeId) => ({ channel, customerId, themeId })))
            .onConflictDoNothing();
        await tx.delete(wishlistItems).where(ownedBy(channel, visitor));
      });
      return adopted.length;
    },

    /** Deletes visitors' saved themes older than VISITOR_WISHLIST_KEPT_MS. */
    async prune(now = new Date()): Promise<{ visitorThemes: number }> {
      const before = new Date(now.getTime() - VISITOR_WISHLIST_KEPT_MS);
      const where = and(isNull(wishlistItems.customerId), lt(wishlistItems.createdAt, before))!;
      return { visitorThemes: await deleteInBatches(db, wishlistItems, where) };
    },
  };
  return service;
}

export type WishlistService = ReturnType<typeof createWishlistService>;
