/**
 * Imports the seed catalogue into the database. The whole catalogue is replaced in one
 * transaction when the files' hash differs from the last import's (kept in app_meta);
 * with the same files nothing is written, so every start and every process may call it.
 * Prices are expanded per country: each country gets its currency's price list.
 */
import { eq, sql } from "drizzle-orm";
import { CHANNEL_IDS } from "../../config/channels";
import { currencyOfCountry } from "../../domain/cataloguePrices";
import { COUNTRY_CODES } from "../../domain/locales";
import type { Db } from "../../db/client";
import {
  appMeta,
  catalogueArticles,
  catalogueDesignGroups,
  cataloguePrices,
  catalogueShipping,
  catalogueSkuContainers,
  catalogueThemes,
  catalogueVouchers,
} from "../../db/schema";
import type { Logger } from "../logger";
import { readCatalogueSeed } from "./seed";

export const CATALOGUE_META_KEY = "catalogue:import";

export interface CatalogueImportResult {
  changed: boolean;
  hash: string;
  articles: number;
  prices: number;
  themes: number;
}

/** Inserts rows in slices (PostgreSQL allows 65535 parameters per statement). */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function importCatalogue(
  db: Db,
  options: { dir: string; log: Logger; force?: boolean },
): Promise<CatalogueImportResult> {
  const seed = readCatalogueSeed(options.dir);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue-import'))`);
    const [meta] = await tx.select().from(appMeta).where(eq(appMeta.key, CATALOGUE_META_KEY));
    const previous = (meta?.value as { hash?: string } | undefined)?.hash;
    if (previous === seed.hash && !options.force)
      return { changed: false, hash: seed.hash, articles: 0, prices: 0, themes: 0 };

    for (const table of [
      cataloguePrices,
      catalogueArticles,
      catalogueThemes,
      catalogueDesignGroups,
      catalogueShipping,
      catalogueSkuContainers,
    ]) {
      await tx.delete(table);
    }
    // The operators' own codes stay; the catalogue's are replaced.
    await tx.delete(catalogueVouchers).where(eq(catalogueVouchers.source, "catalogue"));
    let articles = 0;
    let prices = 0;
    let themes = 0;
    for (const channel of CHANNEL_IDS) {
      const c = seed.channels[channel];
      await insertAll(
        c.articles.map((a) => ({
          channel,
          article: a.article,
          kind: a.kind,
          productType: a.productType,
          format: a.format ?? null,
          formatGroup: a.formatGroup ?? null,
          attributes: a.attributes,
          sortOrder: a.sortOrder,
        })),
        (rows) => tx.insert(catalogueArticles).values(rows),
      );
      articles += c.articles.length;
      const priceRows = c.articles.flatMap((a) =>
        COUNTRY_CODES.flatMap((country) => {
          const currency = currencyOfCountry(country);
          return a.prices[currency].map((t) => ({
            channel,
            article: a.article,
            country,
            minQuantity: t.minQuantity,
            currency,
            priceCurrent: t.current,
            priceOriginal: t.original ?? null,
          }));
        }),
      );
      await insertAll(priceRows, (rows) => tx.insert(cataloguePrices).values(rows));
      prices += priceRows.length;
      await insertAll(
        c.themes.map((t) => ({
          ...t,
          channel,
          productType: t.product === "collage" ? "collage" : "card",
          createdAt: new Date(t.createdAt),
        })),
        (rows) => tx.insert(catalogueThemes).values(rows),
      );
      themes += c.themes.length;
      await insertAll(
        c.designGroups.map((g, i) => ({ ...g, channel, setId: g.setId ?? null, sortOrder: i })),
        (rows) => tx.insert(catalogueDesignGroups).values(rows),
      );
      await insertAll(
        c.vouchers.map((v) => ({
          channel,
          code: v.code,
          kind: v.kind,
          countries: v.countries,
          percent: v.percent ?? null,
          valueMinor: v.valueMinor ?? null,
          minOrderMinor: v.minOrderMinor ?? null,
          amounts: v.amounts ?? null,
          minOrder: v.minOrder ?? null,
          maxTotal: v.maxTotal ?? null,
          maxPerCustomer: v.maxPerCustomer ?? null,
          products: v.products ?? null,
          validFrom: new Date(v.validFrom),
          validUntil: new Date(v.validUntil),
        })),
        // A code an operator keeps under the same name wins over the catalogue's.
        (rows) => tx.insert(catalogueVouchers).values(rows).onConflictDoNothing(),
      );
      await insertAll(
        c.shipping.map((s) => ({ ...s, channel })),
        (rows) => tx.insert(catalogueShipping).values(rows),
      );
      await insertAll(
        c.skuContainers.map((s) => ({ ...s, channel })),
        (rows) => tx.insert(catalogueSkuContainers).values(rows),
      );
    }
    const value = { hash: seed.hash, at: new Date().toISOString() };
    await tx
      .insert(appMeta)
      .values({ key: CATALOGUE_META_KEY, value })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
    options.log.info({ articles, prices, themes }, "catalogue imported");
    return { changed: true, hash: seed.hash, articles, prices, themes };
  });
}

/** The hash of the catalogue in the database, or null before the first import. */
export async function importedCatalogueHash(db: Db): Promise<string | null> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, CATALOGUE_META_KEY));
  return (meta?.value as { hash?: string } | undefined)?.hash ?? null;
}
