/**
 * The embedded Storyblok-compatible content system: one space per channel with its
 * access tokens, the Content Delivery API v2 and the Management API, the seed import,
 * scheduled releases and the editor's story operations. It knows nothing of the
 * storefront: the shop reads it like any Storyblok space, through the delivery API, and
 * hears of every change (a publish, an import, a release) through `onChange`.
 */
import type { Context, Hono } from "hono";
import type { Logger } from "pino";
import { CHANNELS, CHANNEL_IDS, type ChannelId } from "../config/channels";
import type { Db } from "../db/client";
import type { StoredContent } from "../db/schema";
import { contentCdnRoutes } from "./deliveryApi";
import { importContent, type ImportResult } from "./import";
import { changedStory, contentManagementRoutes, type ChangedStory } from "./managementApi";
import { publishRefusal } from "./publishCheck";
import { ContentStore, type StoryRow } from "./store";

/** How often due releases are published. */
const RELEASE_CHECK_MS = 60_000;

/** A channel's space: its id and the tokens that read it. */
export interface SpaceAccess {
  spaceId: number;
  publicToken?: string;
  previewToken?: string;
}

/** A story in the editor's list. */
export interface EditorStoryItem {
  id: number;
  name: string;
  fullSlug: string;
  component: string;
  published: boolean;
  unpublishedChanges: boolean;
}

export interface EditorStory extends EditorStoryItem {
  content: StoredContent;
}

export interface CmsOptions {
  db: Db;
  log: Logger;
  /** Each channel's space id, with the tokens an operator configured (else made up once). */
  spaces: Record<ChannelId, SpaceAccess>;
  /** The Management API's token; without one the Management API refuses every call. */
  managementToken: string | undefined;
  /** The folder the seed stories are imported from. */
  contentDir: string;
  /** Who is calling, for the APIs' rate limits ("in-process" is never limited). */
  callerKey: (c: Context) => string;
}

function editorItem(row: StoryRow): EditorStoryItem {
  return {
    id: row.id,
    name: row.name,
    fullSlug: row.fullSlug,
    component: row.content?.component ?? "",
    published: row.published,
    unpublishedChanges: row.unpublishedChanges,
  };
}

export class Cms {
  readonly store: ContentStore;
  /** The delivery and management APIs, mounted at /v2/cdn and /v1/spaces. */
  readonly routes: { delivery: Hono; management: ReturnType<typeof contentManagementRoutes> };
  /** The delivery API answered in this process (what a content client reads through). */
  readonly fetch: typeof fetch;
  private readonly listeners: ((
    channel: ChannelId | undefined,
    stories?: readonly ChangedStory[],
  ) => void)[] = [];
  private readonly closeListeners: (() => void)[] = [];
  private releaseTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly options: CmsOptions,
    private readonly spaces: Record<ChannelId, Readonly<SpaceAccess>>,
  ) {
    this.store = new ContentStore(options.db);
    const delivery = contentCdnRoutes(this.store, options.callerKey);
    this.routes = {
      delivery,
      management: contentManagementRoutes(
        this.store,
        (spaceId, stories) => this.changed(spaceId, stories),
        options.callerKey,
      ),
    };
    this.fetch = async (input, init) =>
      delivery.request(input instanceof Request ? input : String(input), init);
  }

  /** The space id and access tokens of each channel. */
  spaceAccess(): Record<ChannelId, Readonly<SpaceAccess>> {
    return { ...this.spaces };
  }

  /** The channel of a space id, if it is one of ours. */
  channelOf(spaceId: number): ChannelId | null {
    return CHANNEL_IDS.find((c) => this.spaces[c].spaceId === spaceId) ?? null;
  }

  /**
   * Calls `listener` with the channel whose content changed (undefined: any channel) and,
   * when the change is known to touch only some stories, those stories (their uuid and
   * slugs before and after): the page cache then drops only the pages that show them.
   */
  onChange(
    listener: (channel: ChannelId | undefined, stories?: readonly ChangedStory[]) => void,
  ): void {
    this.listeners.push(listener);
  }

  /** Tells the listeners that a space's content changed (only `stories`, when given). */
  changed(spaceId?: number, stories?: readonly ChangedStory[]): void {
    const channel = spaceId === undefined ? undefined : this.channelOf(spaceId);
    if (channel === null) return;
    for (const listener of this.listeners) listener(channel, channel ? stories : undefined);
  }

  // ------------------------------------------------------------ editor

  /** The stories of a channel's locale folder, for the editor. */
  async editorStories(channel: ChannelId, folder: string): Promise<EditorStoryItem[]> {
    const { rows } = await this.store.listStories(
      { spaceId: this.spaces[channel].spaceId, version: "draft", startsWith: `${folder}/` },
      { limit: 500, offset: 0 },
    );
    return rows.map(editorItem).sort((a, b) => a.fullSlug.localeCompare(b.fullSlug));
  }

  async editorStory(channel: ChannelId, id: number): Promise<EditorStory | null> {
    const row = await this.store.findStory(this.spaces[channel].spaceId, { id });
    if (!row || row.isFolder || !row.content) return null;
    return { ...editorItem(row), content: row.content };
  }

  /** Saves a story's draft; visitors keep seeing the published version. */
  async saveDraft(channel: ChannelId, id: number, content: StoredContent): Promise<EditorStory> {
    const row = await this.store.findStory(this.spaces[channel].spaceId, { id });
    if (!row || row.isFolder) throw new Error(`No story ${id} in ${channel}`);
    const saved = await this.store.updateStory(row, { content });
    return { ...editorItem(saved), content };
  }

  /**
   * Publishes a story's draft: the cv changes and every process reads the new version. A
   * draft whose texts carry markup a page would show as written is refused
   * (`MarkupRefusedError`, naming the fields) and stays a draft.
   */
  async publish(channel: ChannelId, id: number): Promise<EditorStory> {
    const row = await this.store.findStory(this.spaces[channel].spaceId, { id });
    if (!row || row.isFolder || !row.content) throw new Error(`No story ${id} in ${channel}`);
    const refusal = publishRefusal(row.content);
    if (refusal) throw refusal;
    const { story } = await this.store.publishStory(row);
    this.changed(row.spaceId, [changedStory(row, story)]);
    return { ...editorItem(story), content: story.content ?? row.content };
  }

  // ------------------------------------------------------------ import and releases

  /** Imports the seed stories of the content folder when they changed. */
  async sync(options: { force?: boolean; dir?: string } = {}): Promise<ImportResult> {
    const spaces = Object.fromEntries(
      CHANNEL_IDS.map((c) => [c, this.spaces[c].spaceId]),
    ) as Record<ChannelId, number>;
    const result = await importContent(this.options.db, spaces, {
      dir: options.dir ?? this.options.contentDir,
      log: this.options.log,
      force: options.force,
    });
    if (result.changed) this.changed();
    return result;
  }

  /** Publishes the releases whose time has come. */
  async publishDueReleases(now = new Date()): Promise<number> {
    const due = await this.store.dueReleases(now);
    for (const release of due) {
      await this.store.doRelease(release);
      this.changed(release.spaceId);
      this.options.log.info(
        { release: release.id, name: release.name },
        "content release published",
      );
    }
    return due.length;
  }

  /** Starts publishing due releases every minute. */
  startReleaseTimer(): void {
    if (this.releaseTimer) return;
    this.releaseTimer = setInterval(() => {
      this.publishDueReleases().catch((error: unknown) =>
        this.options.log.error({ err: error }, "publishing due content releases failed"),
      );
    }, RELEASE_CHECK_MS);
    this.releaseTimer.unref();
  }

  /** Registers a listener told when the system closes (its readers stop their background work). */
  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  close(): void {
    if (this.releaseTimer) clearInterval(this.releaseTimer);
    this.releaseTimer = undefined;
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}

/**
 * Opens the embedded content system: makes sure each channel's space and tokens exist
 * (the configured tokens, else ones made up once and kept) and that the management
 * token is the configured one.
 */
export async function createCms(options: CmsOptions): Promise<Cms> {
  const store = new ContentStore(options.db);
  const spaces = {} as Record<ChannelId, SpaceAccess>;
  for (const channel of CHANNEL_IDS) {
    const configured = options.spaces[channel];
    const ensured = await store.ensureSpace({
      id: configured.spaceId,
      channel,
      name: CHANNELS[channel].brandName,
      publicToken: configured.publicToken,
      previewToken: configured.previewToken,
    });
    spaces[channel] = {
      spaceId: configured.spaceId,
      publicToken: ensured.publicToken,
      previewToken: ensured.previewToken,
    };
  }
  await store.ensureManagementToken(options.managementToken);
  return new Cms(options, spaces);
}
