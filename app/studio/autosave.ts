/**
 * Autosave: the document goes to the server a short while after the shopper stops
 * changing it (and at the latest `maxWaitMs` after the first unsaved change, so a long
 * drag session is not lost), one save at a time, each over the version the last one
 * answered. A stale version (409: the design was saved elsewhere, another tab) stops
 * saving until the shopper chooses; another failure is retried later.
 */

export type SaveState = "saved" | "pending" | "saving" | "error" | "conflict";

export interface AutosaveOptions<D> {
  /** Saves `doc` over `version`; resolves with the new version. */
  save: (doc: D, version: number) => Promise<number>;
  /** True when a failure means the version was stale. */
  isConflict: (error: unknown) => boolean;
  onState: (state: SaveState, version: number) => void;
  delayMs?: number;
  maxWaitMs?: number;
  retryMs?: number;
}

export class Autosaver<D> {
  private version: number;
  private latest: D | null = null;
  private firstUnsaved: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private state: SaveState = "saved";
  private readonly delay: number;
  private readonly maxWait: number;
  private readonly retry: number;

  constructor(
    version: number,
    private readonly options: AutosaveOptions<D>,
  ) {
    this.version = version;
    this.delay = options.delayMs ?? 1200;
    this.maxWait = options.maxWaitMs ?? 8000;
    this.retry = options.retryMs ?? 5000;
  }

  get currentVersion(): number {
    return this.version;
  }

  get currentState(): SaveState {
    return this.state;
  }

  /** True while a change is not yet on the server. */
  get dirty(): boolean {
    return this.latest !== null;
  }

  private set(state: SaveState) {
    this.state = state;
    this.options.onState(state, this.version);
  }

  /** The shopper changed the document: save it soon. */
  change(doc: D, now = Date.now()) {
    this.latest = doc;
    this.firstUnsaved ??= now;
    if (this.state === "conflict") return;
    if (this.state !== "saving") this.set("pending");
    this.schedule(Math.min(this.delay, Math.max(0, this.firstUnsaved + this.maxWait - now)));
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private async run(): Promise<void> {
    if (this.running) return this.running;
    if (this.latest === null || this.state === "conflict") return;
    const doc = this.latest;
    this.latest = null;
    this.firstUnsaved = null;
    this.set("saving");
    this.running = (async () => {
      try {
        this.version = await this.options.save(doc, this.version);
        if (this.latest === null) this.set("saved");
        else this.set("pending");
      } catch (error) {
        // What failed is still unsaved, unless a newer change replaced it.
        this.latest ??= doc;
        if (this.options.isConflict(error)) {
          this.set("conflict");
        } else {
          this.set("error");
          this.schedule(this.retry);
        }
      } finally {
        this.running = null;
      }
    })();
    await this.running;
    if (this.latest !== null && this.state === "pending") this.schedule(this.delay);
  }

  /** Saves whatever is unsaved now and resolves once the server has it (or it failed). */
  async flush(): Promise<SaveState> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.running) await this.running;
    if (this.latest !== null && this.state !== "conflict") await this.run();
    return this.state;
  }

  /**
   * After a conflict: carry on over `version` (the shopper keeps their document and it
   * replaces the one saved elsewhere), or, with `doc` null, drop the unsaved change.
   */
  resolve(version: number, keep: D | null) {
    this.version = version;
    this.latest = keep;
    this.firstUnsaved = keep === null ? null : Date.now();
    this.set(keep === null ? "saved" : "pending");
    if (keep !== null) this.schedule(0);
  }

  dispose() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
