/**
 * A tiny per-process cache for hot, rarely-changing rows (merchant, flags). Entries live `ttlMs`; a writer in
 * this process clears it at once, and other processes see a change within `ttlMs`.
 * Concurrent misses for one key share one load.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const t = this.now();
    const hit = this.#entries.get(key);
    if (hit && t - hit.at < this.ttlMs) return hit.value;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    const value = load();
    this.#entries.set(key, { at: t, value });
    value.catch(() => this.#entries.delete(key));
    return value;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
