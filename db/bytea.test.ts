import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { byteaFromText, PGLITE_BYTEA } from "./bytea";

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe("bytea on the embedded database", () => {
  it("reads PostgreSQL's hex text form into a Buffer", () => {
    const back = byteaFromText(`\\x${everyByte.toString("hex")}`);
    expect(Buffer.isBuffer(back)).toBe(true);
    expect(back.equals(everyByte)).toBe(true);
    expect(() => byteaFromText("00ff")).toThrow();
  });

  it("keeps every byte of a megabyte through PGlite, and of a view into a larger buffer", async () => {
    const db = await PGlite.create(PGLITE_BYTEA);
    try {
      await db.exec("create table files (id int primary key, data bytea not null)");
      const data = Buffer.alloc(1 << 20);
      for (let i = 0; i < data.length; i++) data[i] = (i * 7919) & 255;
      const view = data.subarray(1000, 1256);
      await db.query("insert into files values ($1, $2), ($3, $4)", [1, data, 2, view]);
      const { rows } = await db.query<{ data: Buffer; size: number }>(
        "select data, octet_length(data) as size from files order by id",
      );
      expect(rows.map((r) => r.size)).toEqual([data.length, 256]);
      expect(Buffer.isBuffer(rows[0]!.data)).toBe(true);
      expect(rows[0]!.data.equals(data)).toBe(true);
      expect(rows[1]!.data.equals(view)).toBe(true);
      // Compared in SQL too: what PostgreSQL holds is the bytes, not their text.
      const { rows: same } = await db.query<{ same: boolean }>(
        "select data = $1 as same from files where id = 2",
        [everyByte],
      );
      expect(same[0]!.same).toBe(false);
      const { rows: found } = await db.query<{ id: number }>(
        "select id from files where data = $1",
        [view],
      );
      expect(found).toEqual([{ id: 2 }]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
