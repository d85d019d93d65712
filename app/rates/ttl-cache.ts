/**
 * A least-recently-used map bounded by entry count, whose entries also expire after their own TTL.
 * The clock is passed in, so tests move time by hand. Map insertion order is the recency order.
 */
export class TtlLruCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1)
      throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live value for `key`, refreshed as most recently used; undefined when missing or expired. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` for `ttlMs` (nothing is stored for a TTL of 0), evicting the least recently used entry when full. */
  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    if (ttlMs <= 0) return;
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** How long `key` stays live (ms), without touching its recency; undefined when missing or expired. */
  remainingMs(key: string): number | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const left = entry.expiresAt - this.now();
    return left > 0 ? left : undefined;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Removes every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
