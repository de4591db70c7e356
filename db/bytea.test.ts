import { PGlite, types } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { byteaFromText, byteaToText, PGLITE_BYTEA } from "./bytea";

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe("bytea on the embedded database", () => {
  it("writes the text form PGlite's own converter writes, and reads it back", () => {
    const own = types.serializers[types.BYTEA]!;
    expect(byteaToText(everyByte)).toBe(own(new Uint8Array(everyByte)));
    const view = new Uint8Array(everyByte.buffer, everyByte.byteOffset + 10, 20);
    expect(byteaToText(view)).toBe(own(view));
    const back = byteaFromText(byteaToText(everyByte));
    expect(Buffer.isBuffer(back)).toBe(true);
    expect(back.equals(everyByte)).toBe(true);
    expect(() => byteaFromText("00ff")).toThrow();
  });

  it("keeps every byte of a megabyte through PGlite", async () => {
    const db = await PGlite.create(PGLITE_BYTEA);
    try {
      await db.exec("create table files (id int primary key, data bytea not null)");
      const data = Buffer.alloc(1 << 20);
      for (let i = 0; i < data.length; i++) data[i] = (i * 7919) & 255;
      await db.query("insert into files values ($1, $2)", [1, data]);
      const { rows } = await db.query<{ data: Buffer; size: number }>(
        "select data, octet_length(data) as size from files where id = 1",
      );
      expect(rows[0]!.size).toBe(data.length);
      expect(Buffer.isBuffer(rows[0]!.data)).toBe(true);
      expect(rows[0]!.data.equals(data)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
