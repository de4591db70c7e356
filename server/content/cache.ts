/**
 * The in-process cache of published content: each entry remembers the cv it was read
 * at and is fresh only while the space's cv is the same. Stale entries stay as the
 * last known content, served when the content service fails.
 */
export class ContentCache<T> {
  private entries = new Map<string, { cv: number; value: T }>();

  constructor(private readonly maxEntries: number) {}

  /** The entry for a key, fresh or not. */
  get(key: string): { cv: number; value: T } | undefined {
    return this.entries.get(key);
  }

  set(key: string, cv: number, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { cv, value });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
