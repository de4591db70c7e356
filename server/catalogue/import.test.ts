import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { importCatalogue } from "./import";
import { readCatalogueSeed } from "./seed";
import {
  CALENDAR_FORMAT_CODES,
  CALENDAR_MOUNTINGS,
  CALENDAR_TYPES,
  MATERIALS,
  OCCASIONS,
  FRAME_TYPES,
  PHOTOBOOK_TYPES,
  PHOTOBOOK_FORMAT_KEYS,
} from "../../domain/catalogue";

const DIR = path.resolve("catalogue");
const log = createLogger("silent");

describe("the seed catalogue files", () => {
  const seed = readCatalogueSeed(DIR);
  const cards = seed.channels.cards;
  const attr = (kind: string, key: string) =>
    new Set(cards.articles.filter((a) => a.kind === kind).map((a) => a.attributes[key]));

  it("sells every calendar type, format code and mounting", () => {
    for (const v of CALENDAR_TYPES) expect(attr("calendar", "calendarType")).toContain(v);
    for (const v of CALENDAR_FORMAT_CODES) expect(attr("calendar", "formatCode")).toContain(v);
    for (const v of CALENDAR_MOUNTINGS) expect(attr("calendar", "mounting")).toContain(v);
  });

  it("sells every photo book type and format, and every photobox type", () => {
    for (const v of PHOTOBOOK_TYPES) expect(attr("photobook", "photobookType")).toContain(v);
    for (const v of PHOTOBOOK_FORMAT_KEYS) expect(attr("photobook", "formatKey")).toContain(v);
    expect(
      [...attr("photobox", "photoboxType"), ...attr("photoprint", "photoboxType")].sort(),
    ).toEqual(["large", "photoprint", "small"]);
  });

  it("has at least 40 published card themes per occasion", () => {
    for (const occasion of OCCASIONS) {
      const published = cards.themes.filter(
        (t) => t.occasion === occasion && t.status === "published",
      );
      expect(published.length, occasion).toBeGreaterThanOrEqual(40);
    }
  });

  it("sells every material and every frame type in wall art", () => {
    const wall = seed.channels.wallart.articles;
    for (const m of MATERIALS)
      expect(
        wall.some((a) => a.attributes.material === m),
        m,
      ).toBe(true);
    for (const f of FRAME_TYPES)
      expect(
        wall.some((a) => a.attributes.frameType === f),
        f,
      ).toBe(true);
  });

  it("names the file and the field of an invalid entry", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "catalogue-"));
    try {
      cpSync(DIR, dir, { recursive: true });
      const file = path.join(dir, "cards/articles.json");
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace('"mounting":"spirale"', '"mounting":"nail"'),
      );
      expect(() => readCatalogueSeed(dir)).toThrow(/cards\/articles\.json[\s\S]*mounting/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(TEST_DATABASES)("the catalogue import on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  const snapshot = async () => {
    const tables = [
      "catalogue_articles",
      "catalogue_prices",
      "catalogue_themes",
      "catalogue_design_groups",
      "catalogue_vouchers",
      "catalogue_shipping",
      "catalogue_sku_containers",
    ];
    const out: Record<string, unknown> = {};
    for (const table of tables) {
      const result = await database.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`,
        ),
      );
      out[table] = (result as unknown as { rows: unknown[] }).rows[0];
    }
    return out;
  };

  it(
    "imports once, and a second import of the same files changes nothing",
    { timeout: 90_000 },
    async () => {
      const first = await importCatalogue(database.db, { dir: DIR, log });
      expect(first.changed).toBe(true);
      expect(first.articles).toBeGreaterThan(500);
      const before = await snapshot();
      const second = await importCatalogue(database.db, { dir: DIR, log });
      expect(second).toMatchObject({ changed: false, hash: first.hash });
      expect(await snapshot()).toEqual(before);
      // Forced, the same files write the same rows.
      const forced = await importCatalogue(database.db, { dir: DIR, log, force: true });
      expect(forced.changed).toBe(true);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("keeps the operators' voucher codes through an import, and a catalogue code an operator changed", async () => {
    await database.db.execute(
      sql`insert into catalogue_vouchers (channel, code, kind, countries, percent, source)
          values ('cards', 'OPERATOR-OWN', 'voucher', '["DE"]'::jsonb, 7, 'operator')`,
    );
    await database.db.execute(
      sql`update catalogue_vouchers set percent = 33, source = 'operator'
          where channel = 'cards' and code = 'C-WELCOME10'`,
    );
    await importCatalogue(database.db, { dir: DIR, log, force: true });
    const result = await database.db.execute(
      sql`select code, percent, source from catalogue_vouchers
          where channel = 'cards' and code in ('OPERATOR-OWN', 'C-WELCOME10', 'C-SPRING5') order by code`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { code: "C-SPRING5", percent: null, source: "catalogue" },
      { code: "C-WELCOME10", percent: 33, source: "operator" },
      { code: "OPERATOR-OWN", percent: 7, source: "operator" },
    ]);
  });

  it("prices every article in every country in that country's currency", async () => {
    const result = await database.db.execute(
      sql`select country, currency, count(*)::int as n from catalogue_prices group by country, currency order by country`,
    );
    const rows = (result as unknown as { rows: { country: string; currency: string }[] }).rows;
    expect(rows).toHaveLength(12);
    const currency = Object.fromEntries(rows.map((r) => [r.country, r.currency]));
    expect(currency).toMatchObject({
      CH: "chf",
      LI: "chf",
      GB: "gbp",
      US: "usd",
      DE: "eur",
      AT: "eur",
    });
  });
});
