/**
 * What a block's own unit test needs: the first example of a block type in the seed pages
 * (content/), the conversion context of a German card-shop page at a fixed time, and the
 * request a step gets as the page's first block of its type.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { CHANNELS } from "../../../config/channels";
import { localeSettings } from "../../../domain/locales";
import { setLogSink } from "../../lib/log";
import type { BlockName, PreparedBlocks } from "../types";
import type { BlockDefinition, BlockRequest, Preparer } from "./block.server";
import { parseRichTextImageOptions } from "./richtext.server";
import type { ConvertContext } from "./schema.server";

const CONTENT = path.resolve("content");

/** A fixed time for conversions (a countdown's end is compared with it): 2026-12-01. */
export const NOW = Date.UTC(2026, 11, 1);

function* jsonFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* jsonFiles(full);
    else if (entry.endsWith(".json")) yield full;
  }
}

function findBlock(value: unknown, component: string): unknown {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findBlock(item, component);
      if (found !== undefined) return found;
    }
  } else if (typeof value === "object" && value !== null) {
    if ((value as { component?: unknown }).component === component) return value;
    return findBlock(Object.values(value), component);
  }
  return undefined;
}

/** The first block of a type in the seed pages (card shop first, then wall art). */
export function seedBlock(component: string): unknown {
  for (const channel of ["cards", "wallart"]) {
    for (const file of jsonFiles(path.join(CONTENT, channel))) {
      const found = findBlock(JSON.parse(readFileSync(file, "utf8")), component);
      if (found !== undefined) return found;
    }
  }
  throw new Error(`no ${component} in the seed pages`);
}

/** The conversion context of a German card-shop page at NOW, assets of unknown size. */
export function convertContext(now = NOW): ConvertContext {
  const settings = localeSettings("de-DE");
  return {
    locale: "de-DE",
    link: {
      country: settings.country,
      language: settings.language,
      locale: "de-DE",
      trailingSlash: CHANNELS.cards.features.trailingSlash,
    },
    metas: new Map(),
    images: parseRichTextImageOptions(undefined),
    now,
  };
}

/** The request of the page's first block of its type (or a later one). */
export function request(first = true): BlockRequest {
  return { locale: "de-DE", slug: "de-de/test", first };
}

/** A block's seed example read by its definition; throws with the issues when it does not pass. */
export function readSeed<K extends BlockName, S>(
  definition: BlockDefinition<K, S>,
  component: string,
  ctx = convertContext(),
): PreparedBlocks[K] {
  return readRaw(definition, seedBlock(component), ctx);
}

/** Raw fields read by a block's definition; throws with the issues when they do not pass. */
export function readRaw<K extends BlockName, S>(
  definition: BlockDefinition<K, S>,
  raw: unknown,
  ctx = convertContext(),
): PreparedBlocks[K] {
  const read = definition.read(raw, ctx);
  if (read.issues) throw new Error(read.issues.join("; "));
  return read.block;
}

/** A block's request step; throws when the block has none. */
export function stepOf<K extends BlockName, S>(definition: BlockDefinition<K, S>): Preparer<K, S> {
  if (!definition.prepare) throw new Error("the block has no request step");
  return definition.prepare;
}

/** The log identifiers written while `run` runs. */
export async function loggedIds(run: () => Promise<unknown>): Promise<string[]> {
  const ids: string[] = [];
  setLogSink((_level, id) => ids.push(String(id)));
  try {
    await run();
  } finally {
    setLogSink(() => undefined);
  }
  return ids;
}
