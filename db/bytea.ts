/**
 * Binary columns on the embedded database. PGlite's own converters turn a binary value
 * into text ("\x" and two hex digits a byte) one byte at a time in JavaScript, and its
 * protocol writer then measures and copies that text character by character: a few
 * megabytes of picture held the event loop for seconds, and a burst of stored toolbox
 * results queued minutes of such work in front of every other query (the health check's
 * too). Written here, a value goes to PostgreSQL as a binary parameter instead: its bytes
 * as they are, which PostgreSQL copies without parsing. Read back, PostgreSQL's hex text
 * is decoded by Node's native hex codec.
 */
import { types } from "@electric-sql/pglite";

/**
 * Bytes as PGlite's protocol writer sends a binary parameter (a typed array is sent in
 * PostgreSQL's binary format, which for bytea is the bytes themselves).
 */
export function byteaParameter(value: Uint8Array): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new Error("bytea value that is no byte array");
  return value;
}

/** PostgreSQL's hex text form of bytea as bytes (a Buffer, as node-postgres reads it). */
export function byteaFromText(text: string): Buffer {
  if (!text.startsWith("\\x")) throw new Error("bytea text without the hex prefix");
  return Buffer.from(text.slice(2), "hex");
}

/**
 * The converters PGlite is opened with. PGlite's serializers are typed to answer text; a
 * typed array is what its protocol writer sends as a binary parameter.
 */
export const PGLITE_BYTEA = {
  serializers: { [types.BYTEA]: byteaParameter as unknown as (value: unknown) => string },
  parsers: { [types.BYTEA]: byteaFromText },
};
