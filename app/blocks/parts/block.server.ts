/**
 * What a block is on the server: its schema, the conversion of what its schema read into
 * the prepared shape of types.ts, and, for the blocks that show catalogue, design or
 * visitor data, the step that adds one request's data from the block's own source (each
 * block's `<block>.server.ts` defines both and names the type of its source;
 * registry.server.ts lists the blocks, and from it the map of sources a request hands over).
 */
import type { z } from "zod";
import type { Locale } from "../../../domain/locales";
import type { BlockName, PreparedBlocks } from "../types";
import type { ConvertContext } from "./schema.server";

/** What every request step knows of the page besides its block's source. */
export interface BlockRequest {
  locale: Locale;
  /** The story's full slug (a collage page's design group is its last segment). */
  slug?: string;
  /**
   * The block is the page's first of its type: the URL holds one choice of each kind
   * (a voucher code, a browsing state, a product's options), and the first block answers it.
   */
  first: boolean;
}

/** Adds one request's data to a block of type K from the block's source of type S. */
export type Preparer<K extends BlockName, S> = (
  block: PreparedBlocks[K],
  source: S,
  request: BlockRequest,
) => Promise<PreparedBlocks[K]> | PreparedBlocks[K];

/** A block's raw fields read: the prepared block, or what was wrong with them. */
export type ReadBlock<K extends BlockName> =
  { block: PreparedBlocks[K]; issues?: undefined } | { block?: undefined; issues: string[] };

/**
 * One block on the server, as registry.server.ts lists it. S is the type of the source its
 * request step reads; never for a block that shows only what the editor wrote.
 */
export interface BlockDefinition<K extends BlockName, S = never> {
  /** Checks a block's raw fields against its schema and converts them (`read` before `prepare`). */
  read: (raw: unknown, ctx: ConvertContext) => ReadBlock<K>;
  /**
   * Adds one request's data from the block's source; it runs only when the request has a
   * source for the block (the CMS endpoints have none: their blocks carry no data).
   */
  prepare?: Preparer<K, S>;
}

/**
 * A block's definition (its name, for the types) from its schema, its conversion of what
 * the schema read (typed by the schema, so a field the schema does not have cannot be
 * converted) and its request step, whose source parameter names the block's source type.
 */
export function defineBlock<K extends BlockName, Schema extends z.ZodType, S = never>(
  _name: K,
  schema: Schema,
  convert: (raw: z.output<Schema>, ctx: ConvertContext) => PreparedBlocks[K],
  prepare?: Preparer<K, S>,
): BlockDefinition<K, S> {
  return {
    read(raw, ctx) {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return { issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
      }
      return { block: convert(parsed.data, ctx) };
    },
    prepare,
  };
}
