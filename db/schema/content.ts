/**
 * The embedded content system (a Storyblok-compatible space per channel): spaces with
 * their cache version (cv), access tokens, stories with a draft and a published
 * version, and releases that hold scheduled versions of stories.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** A block tree as stored: `{ component, _uid, ...fields }`. */
export type StoredContent = Record<string, unknown> & { component: string; _uid?: string };

/** One space per channel. `cv` changes on every publish (Storyblok's cache version). */
export const contentSpaces = pgTable("content_spaces", {
  id: integer("id").primaryKey(),
  channel: text("channel").notNull().unique(),
  name: text("name").notNull(),
  cv: bigint("cv", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Access tokens. Public and preview tokens belong to a space and are kept readable
 * (editors copy them, the preview signature is computed from the preview token);
 * management tokens work for every space and only their SHA-256 is kept.
 */
export const contentTokens = pgTable(
  "content_tokens",
  {
    id: serial("id").primaryKey(),
    spaceId: integer("space_id").references(() => contentSpaces.id, { onDelete: "cascade" }),
    access: text("access", { enum: ["public", "preview", "management"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    token: text("token"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_tokens_space_access").on(t.spaceId, t.access)],
);

/**
 * Stories and folders. `content` is the draft (the working copy), `publishedContent`
 * what visitors see; `groupId` links the translations of one page across locale
 * folders (Storyblok's alternates). `target`/`status` make a redirect story.
 */
export const contentStories = pgTable(
  "content_stories",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    spaceId: integer("space_id")
      .notNull()
      .references(() => contentSpaces.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    isFolder: boolean("is_folder").notNull().default(false),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    fullSlug: text("full_slug").notNull(),
    groupId: uuid("group_id").notNull().defaultRandom(),
    content: jsonb("content").$type<StoredContent>(),
    publishedContent: jsonb("published_content").$type<StoredContent>(),
    published: boolean("published").notNull().default(false),
    unpublishedChanges: boolean("unpublished_changes").notNull().default(false),
    tags: jsonb("tags")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isStartpage: boolean("is_startpage").notNull().default(false),
    position: integer("position").notNull().default(0),
    target: text("target"),
    status: integer("status"),
    /** SHA-256 of the seed file this story was imported from; null for stories made by editors. */
    sourceHash: text("source_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("content_stories_space_full_slug").on(t.spaceId, t.fullSlug),
    index("content_stories_space_group").on(t.spaceId, t.groupId),
    index("content_stories_parent").on(t.parentId),
  ],
);

/** A release: versions of stories that go live together, at `releaseAt` or by hand. */
export const contentReleases = pgTable("content_releases", {
  id: serial("id").primaryKey(),
  uuid: uuid("uuid").notNull().unique().defaultRandom(),
  spaceId: integer("space_id")
    .notNull()
    .references(() => contentSpaces.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  releaseAt: timestamp("release_at", { withTimezone: true }),
  released: boolean("released").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A story's version inside a release. */
export const contentReleaseStories = pgTable(
  "content_release_stories",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => contentReleases.id, { onDelete: "cascade" }),
    storyId: integer("story_id")
      .notNull()
      .references(() => contentStories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    content: jsonb("content").$type<StoredContent>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.storyId] })],
);

/**
 * Sessions of the content editor's former sign-in with the preview token. Nothing writes
 * or reads them any more (editors sign in to the back office as operators); the table
 * stays because migrations only ever add, and is empty on a new database.
 */
export const editorSessions = pgTable(
  "editor_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    spaceId: integer("space_id")
      .notNull()
      .references(() => contentSpaces.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("editor_sessions_expires").on(t.expiresAt)],
);

/**
 * What a remote content service (CONTENT_API_URL) last answered, per story and per page
 * list: served when the service fails and the process has nothing of its own yet (a
 * restart during an outage), so pages read before keep being served by every process.
 */
export const contentLastKnown = pgTable("content_last_known", {
  key: text("key").primaryKey(),
  value: jsonb("value"),
  storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
});
