/**
 * The idempotent import of the seed stories in `content/` into the embedded spaces.
 * It runs at every start (and by `npm run content:import`) but only does work when a
 * file changed: the hash of all files is kept in app_meta, and each story keeps the
 * hash of its file, so stories whose file did not change keep their edits.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { CHANNEL_IDS, type ChannelId } from "../config/channels";
import { STOREFRONT_LOCALES } from "../domain/locales";
import type { Db } from "../db/client";
import { appMeta, contentStories, type StoredContent } from "../db/schema";
import type { Logger } from "pino";
import { ContentStore } from "./store";

/** The locale folders a channel's space has (lowercase locale codes). */
export const CONTENT_FOLDERS: readonly string[] = STOREFRONT_LOCALES.map((l) => l.toLowerCase());

const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

const blockSchema = z.looseObject({ component: z.string().min(1), _uid: z.string().optional() });

/** One seed file: content/{channel}/{folder}/{path}.json (content/README.md). */
export const seedStorySchema = z
  .object({
    name: z.string().min(1),
    /** The story's uuid, for relations and links from other stories (default: derived from the slug). */
    uuid: z.uuid().optional(),
    content: blockSchema,
    published: z.boolean().default(true),
    tags: z.array(z.string().min(1)).default([]),
    is_startpage: z.boolean().default(false),
    position: z.number().int().default(0),
    /** Translation group: stories of one group are each other's alternates (default: the path). */
    group: z.string().min(1).optional(),
    target: z.string().min(1).optional(),
    status: z.union(REDIRECT_STATUSES.map((s) => z.literal(s))).optional(),
  })
  .strict()
  .refine((s) => (s.target === undefined) === (s.status === undefined), {
    message: "target and status go together",
  });

export type SeedStory = z.infer<typeof seedStorySchema>;

interface SeedFile {
  channel: ChannelId;
  /** Path below the channel folder without .json, e.g. "de-de/service/kontakt". */
  path: string;
  hash: string;
  story: SeedStory;
}

const SLUG_SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;
const META_KEY = "content:import";

function sha256(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** A UUID derived from a name (stable across imports and machines). */
export function stableUuid(name: string): string {
  const hex = sha256(name).slice(0, 32).split("");
  hex[12] = "5";
  hex[16] = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Gives every block without a `_uid` a stable one derived from its place in the story. */
export function withUids(value: unknown, seed: string): unknown {
  if (Array.isArray(value)) return value.map((item, i) => withUids(item, `${seed}[${i}]`));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = withUids(child, `${seed}.${key}`);
  if (typeof out.component === "string" && typeof out._uid !== "string") {
    out._uid = stableUuid(seed);
  }
  return out;
}

function listJsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJsonFiles(full));
    else if (entry.isFile() && entry.name.endsWith(".json")) out.push(full);
  }
  return out.sort();
}

/** Reads and validates every seed story; a bad file stops the import with its name. */
export function readSeedFiles(dir: string): SeedFile[] {
  const files: SeedFile[] = [];
  for (const channel of CHANNEL_IDS) {
    const channelDir = path.join(dir, channel);
    if (!existsSync(channelDir) || !statSync(channelDir).isDirectory()) continue;
    for (const file of listJsonFiles(channelDir)) {
      const relative = path.relative(channelDir, file).split(path.sep).join("/");
      const storyPath = relative.replace(/\.json$/, "");
      const segments = storyPath.split("/");
      const where = `${channel}/${relative}`;
      if (!CONTENT_FOLDERS.includes(segments[0] ?? "") || segments.length < 2) {
        throw new Error(
          `content/${where}: stories live in a locale folder (${CONTENT_FOLDERS.join(", ")})`,
        );
      }
      if (!segments.every((s) => SLUG_SEGMENT.test(s))) {
        throw new Error(`content/${where}: slugs are lowercase letters, digits, ".", "_" and "-"`);
      }
      const bytes = readFileSync(file);
      let json: unknown;
      try {
        json = JSON.parse(bytes.toString("utf8"));
      } catch (error) {
        throw new Error(`content/${where}: ${(error as Error).message}`, { cause: error });
      }
      const parsed = seedStorySchema.safeParse(json);
      if (!parsed.success) {
        throw new Error(`content/${where}: ${z.prettifyError(parsed.error)}`);
      }
      files.push({ channel, path: storyPath, hash: sha256(bytes), story: parsed.data });
    }
  }
  return files;
}

/** The hash of the whole seed: every file's path and bytes. */
export function seedHash(files: SeedFile[]): string {
  return sha256(files.map((f) => `${f.channel}/${f.path}:${f.hash}`).join("\n"));
}

export interface ImportResult {
  changed: boolean;
  hash: string;
  written: number;
  removed: number;
}

/** The spaces the import writes into, by channel. */
export type SpaceIds = Record<ChannelId, number>;

/**
 * Imports `dir` into the spaces. Does nothing when the seed hash equals the last
 * import's; `force` writes every story from its file again (edits made since are lost).
 * Concurrent starts are serialised by an advisory lock.
 */
export async function importContent(
  db: Db,
  spaces: SpaceIds,
  options: { dir: string; log: Logger; force?: boolean },
): Promise<ImportResult> {
  const files = readSeedFiles(options.dir);
  const hash = seedHash(files);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content-import'))`);
    const [meta] = await tx.select().from(appMeta).where(eq(appMeta.key, META_KEY));
    const previous = (meta?.value as { hash?: string } | undefined)?.hash;
    if (previous === hash && !options.force)
      return { changed: false, hash, written: 0, removed: 0 };

    const store = new ContentStore(tx as unknown as Db);
    let written = 0;
    let removed = 0;
    for (const channel of CHANNEL_IDS) {
      const spaceId = spaces[channel];
      const mine = files.filter((f) => f.channel === channel);
      const result = await importChannel(tx as unknown as Db, store, spaceId, channel, mine, {
        force: options.force ?? false,
      });
      written += result.written;
      removed += result.removed;
      if (result.written + result.removed > 0) await store.bumpCv(spaceId);
    }
    await tx
      .insert(appMeta)
      .values({ key: META_KEY, value: { hash, at: new Date().toISOString() } })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: { hash, at: new Date().toISOString() }, updatedAt: new Date() },
      });
    options.log.info({ files: files.length, written, removed }, "content imported");
    return { changed: true, hash, written, removed };
  });
}

async function importChannel(
  db: Db,
  store: ContentStore,
  spaceId: number,
  channel: ChannelId,
  files: SeedFile[],
  options: { force: boolean },
): Promise<{ written: number; removed: number }> {
  const existing = new Map((await store.importedStories(spaceId)).map((s) => [s.fullSlug, s]));
  // Every directory is a folder; a file named like a directory is that folder's start page.
  const folders = new Set<string>();
  for (const file of files) {
    const segments = file.path.split("/");
    for (let i = 1; i < segments.length; i++) folders.add(segments.slice(0, i).join("/"));
  }
  const wanted = new Set<string>();
  const folderIds = new Map<string, number>();
  let written = 0;

  for (const folder of [...folders].sort((a, b) => a.length - b.length || a.localeCompare(b))) {
    wanted.add(folder);
    const parent = folder.includes("/") ? folder.slice(0, folder.lastIndexOf("/")) : null;
    const slug = folder.slice(folder.lastIndexOf("/") + 1);
    const current = existing.get(folder);
    const parentId = parent === null ? null : (folderIds.get(parent) ?? null);
    if (current?.isFolder && current.parentId === parentId) {
      folderIds.set(folder, current.id);
      continue;
    }
    const [row] = await db
      .insert(contentStories)
      .values({
        spaceId,
        parentId,
        isFolder: true,
        name: slug,
        slug,
        fullSlug: folder,
        uuid: stableUuid(`${channel}:folder:${folder}`),
        groupId: stableUuid(`${channel}:folder:${folder.slice(folder.indexOf("/") + 1)}`),
        content: null,
        sourceHash: "folder",
      })
      .onConflictDoUpdate({
        target: [contentStories.spaceId, contentStories.fullSlug],
        set: {
          parentId,
          isFolder: true,
          content: null,
          sourceHash: "folder",
          updatedAt: new Date(),
        },
      })
      .returning({ id: contentStories.id });
    folderIds.set(folder, row!.id);
    written++;
  }

  for (const file of files) {
    const startpage = folders.has(file.path);
    const fullSlug = startpage ? `${file.path}/` : file.path;
    wanted.add(fullSlug);
    const current = existing.get(fullSlug);
    if (current?.sourceHash === file.hash && !options.force) continue;
    const segments = file.path.split("/");
    const parentPath = startpage ? file.path : segments.slice(0, -1).join("/");
    const local = segments.slice(1).join("/");
    const { story } = file;
    const content = withUids(story.content, `${channel}/${file.path}`) as StoredContent;
    const now = new Date();
    const values = {
      spaceId,
      parentId: folderIds.get(parentPath) ?? null,
      isFolder: false,
      name: story.name,
      slug: startpage ? "" : (segments.at(-1) ?? ""),
      fullSlug,
      uuid: story.uuid ?? stableUuid(`${channel}:story:${fullSlug}`),
      groupId: stableUuid(`${channel}:group:${story.group ?? local}`),
      content,
      publishedContent: story.published ? content : null,
      published: story.published,
      unpublishedChanges: false,
      tags: story.tags,
      isStartpage: startpage || story.is_startpage,
      position: story.position,
      target: story.target ?? null,
      status: story.status ?? null,
      sourceHash: file.hash,
      updatedAt: now,
      publishedAt: story.published ? now : null,
      firstPublishedAt: story.published ? (current?.firstPublishedAt ?? now) : null,
    };
    const { spaceId: _space, fullSlug: _slug, ...update } = values;
    await db
      .insert(contentStories)
      .values(values)
      .onConflictDoUpdate({
        target: [contentStories.spaceId, contentStories.fullSlug],
        set: update,
      });
    written++;
  }

  const stale = [...existing.values()].filter((s) => !wanted.has(s.fullSlug)).map((s) => s.id);
  if (stale.length > 0) {
    await db
      .delete(contentStories)
      .where(and(eq(contentStories.spaceId, spaceId), inArray(contentStories.id, stale)));
  }
  return { written, removed: stale.length };
}
