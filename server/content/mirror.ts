/**
 * A copy of every published story of a space, read whole whenever the space's cv moves on:
 * when the content source fails, a page nobody has asked for yet is still served from it,
 * not only the pages this process happened to read before. A remote service's copy is also
 * kept in the database, so a process that starts during an outage has it too.
 *
 * Reading a whole space costs a request per hundred stories, so a new cv is read at most once
 * per `minIntervalMs`, the first time that long after the process started (its first
 * minute belongs to the pages it is asked for): the copy may lag a publish by that long,
 * which only matters while the source is down.
 */
import type { ISbStoryData } from "storyblok-js-client";
import type { ChannelId } from "../../config/channels";
import type { Logger } from "../logger";
import type { LastKnownContent } from "./lastKnown";

interface Copy {
  cv: number;
  bySlug: Map<string, ISbStoryData>;
}

interface KeptCopy {
  cv: number;
  stories: ISbStoryData[];
}

export interface ContentMirrorOptions {
  /** Every published story of a channel's space at a cv. */
  readAll: (channel: ChannelId, cv: number) => Promise<ISbStoryData[]>;
  log: Logger;
  /** Where the copy of a remote service is kept between processes (none for the embedded one). */
  keep?: LastKnownContent;
  minIntervalMs: number;
}

const keptKey = (channel: ChannelId) => `mirror|${channel}`;

function toCopy(cv: number, stories: ISbStoryData[]): Copy {
  return { cv, bySlug: new Map(stories.map((story) => [story.full_slug, story])) };
}

export class ContentMirror {
  private readonly copies = new Map<ChannelId, Copy>();
  /** The newest cv seen per channel that the copy does not have yet. */
  private readonly wanted = new Map<ChannelId, number>();
  private readonly running = new Map<ChannelId, Promise<void>>();
  private readonly timers = new Map<ChannelId, NodeJS.Timeout>();
  private readonly lastRead = new Map<ChannelId, number>();
  private readonly loading = new Map<ChannelId, Promise<Copy | undefined>>();

  constructor(private readonly options: ContentMirrorOptions) {}

  private stopped = false;
  private readonly startedAt = Date.now();

  /** The space's current cv, as a reader learnt it: a cv the copy lacks starts a re-read. */
  saw(channel: ChannelId, cv: number): void {
    if (this.stopped || this.copies.get(channel)?.cv === cv) return;
    this.wanted.set(channel, cv);
    if (this.running.has(channel) || this.timers.has(channel)) return;
    const last = this.lastRead.get(channel) ?? this.startedAt;
    const wait = last + this.options.minIntervalMs - Date.now();
    const timer = setTimeout(
      () => {
        this.timers.delete(channel);
        this.read(channel);
      },
      Math.max(0, wait),
    );
    timer.unref();
    this.timers.set(channel, timer);
  }

  private read(channel: ChannelId): void {
    const cv = this.wanted.get(channel);
    if (cv === undefined) return;
    this.wanted.delete(channel);
    const started = Date.now();
    this.lastRead.set(channel, started);
    const run = this.options
      .readAll(channel, cv)
      .then(async (stories) => {
        this.copies.set(channel, toCopy(cv, stories));
        const ms = Date.now() - started;
        this.options.log.debug({ channel, cv, stories: stories.length, ms }, "content mirror read");
        await this.options.keep?.set(keptKey(channel), { cv, stories } satisfies KeptCopy);
      })
      .catch((error: unknown) => {
        this.options.log.warn({ err: error, channel, cv }, "content mirror could not be read");
      })
      .finally(() => {
        this.running.delete(channel);
        // A publish while reading: read again (after the interval).
        const next = this.wanted.get(channel);
        if (next !== undefined) {
          this.wanted.delete(channel);
          this.saw(channel, next);
        }
      });
    this.running.set(channel, run);
  }

  /** The copy of a channel: this process's, else the one an earlier process kept. */
  private async copy(channel: ChannelId): Promise<Copy | undefined> {
    const own = this.copies.get(channel);
    if (own || !this.options.keep) return own;
    const pending = this.loading.get(channel);
    if (pending) return pending;
    const keep = this.options.keep;
    const load = keep
      .get(keptKey(channel))
      .then((saved) => {
        if (!saved) return undefined;
        const { cv, stories } = saved.value as KeptCopy;
        // A read that finished meanwhile is newer than what was kept.
        const copy = this.copies.get(channel) ?? toCopy(cv, stories);
        this.copies.set(channel, copy);
        return copy;
      })
      .catch(() => undefined)
      .finally(() => this.loading.delete(channel));
    this.loading.set(channel, load);
    return load;
  }

  /** The story of the first full slug the copy holds, in the order given. */
  async find(channel: ChannelId, fullSlugs: string[]): Promise<ISbStoryData | undefined> {
    const copy = await this.copy(channel);
    if (!copy) return undefined;
    for (const slug of fullSlugs) {
      const story = copy.bySlug.get(slug);
      if (story) return story;
    }
    return undefined;
  }

  /** Every story of the copy below a folder ("de-de/"), or undefined without a copy. */
  async below(channel: ChannelId, prefix: string): Promise<ISbStoryData[] | undefined> {
    const copy = await this.copy(channel);
    if (!copy) return undefined;
    return [...copy.bySlug.values()].filter((story) => story.full_slug.startsWith(prefix));
  }

  /** The cv the copy of a channel was read at (undefined before the first read). */
  cvOf(channel: ChannelId): number | undefined {
    return this.copies.get(channel)?.cv;
  }

  /** Starts no more reads: the waiting ones are dropped, a running one ends on its own. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Starts the reads that wait for their interval now, and resolves when none runs (tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0 || this.timers.size > 0) {
      for (const [channel, timer] of this.timers) {
        clearTimeout(timer);
        this.timers.delete(channel);
        this.read(channel);
      }
      await Promise.all(this.running.values());
    }
  }
}
