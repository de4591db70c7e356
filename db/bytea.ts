/**
 * Binary columns on the embedded database. PGlite hands binary values to PostgreSQL as
 * text ("\x" and two hex digits a byte) and reads them back the same way; its own
 * converters do that one byte at a time in JavaScript (an array of a string per byte), so
 * a few megabytes of picture held the event loop for seconds and left hundreds of
 * megabytes of garbage. These do the same conversion in Node's native hex codec.
 */
import { types } from "@electric-sql/pglite";

/** Bytes as PostgreSQL's hex text form of bytea. */
export function byteaToText(value: Uint8Array): string {
  const bytes = Buffer.isBuffer(value)
    ? value
    : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return `\\x${bytes.toString("hex")}`;
}

/** PostgreSQL's hex text form of bytea as bytes (a Buffer, as node-postgres reads it). */
export function byteaFromText(text: string): Buffer {
  if (!text.startsWith("\\x")) throw new Error("bytea text without the hex prefix");
  return Buffer.from(text.slice(2), "hex");
}

/** The converters PGlite is opened with. */
export const PGLITE_BYTEA = {
  serializers: { [types.BYTEA]: byteaToText },
  parsers: { [types.BYTEA]: byteaFromText },
};
