/**
 * A least-recently-used map bounded by entry count and, when given a size measure, by approximate
 * bytes; entries also expire after their own TTL. The clock is passed in, so tests move time by
 * hand. Map insertion order is the recency order.
 */
export interface TtlLruCacheOptions<V> {
  /** Most bytes kept, as `sizeOf` counts them (no byte bound without both). */
  maxBytes?: number;
  /** The approximate size in bytes of one entry (key and value). */
  sizeOf?: (key: string, value: V) => number;
}

export class TtlLruCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; bytes: number }>();
  private totalBytes = 0;
  private readonly maxBytes: number;
  private readonly sizeOf: ((key: string, value: V) => number) | undefined;

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    options: TtlLruCacheOptions<V> = {},
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1)
      throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
    if (options.maxBytes !== undefined && !(Number.isInteger(options.maxBytes) && options.maxBytes > 0))
      throw new RangeError(`maxBytes must be a positive integer, got ${options.maxBytes}`);
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.maxBytes !== undefined ? options.sizeOf : undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The approximate bytes held (0 without a size measure). */
  get bytes(): number {
    return this.totalBytes;
  }

  /** The live value for `key`, refreshed as most recently used; undefined when missing or expired. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.totalBytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Stores `value` for `ttlMs` (nothing is stored for a TTL of 0, nor a value larger than the whole
   * byte bound), evicting the least recently used entries while either bound is passed.
   */
  set(key: string, value: V, ttlMs: number): void {
    this.delete(key);
    if (ttlMs <= 0) return;
    const bytes = this.sizeOf ? this.sizeOf(key, value) : 0;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs, bytes });
    this.totalBytes += bytes;
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
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
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  /** Removes every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }
}

/** What a Map entry, its record and their headers take beyond the key's and value's own characters (V8, 64-bit). */
const ENTRY_OVERHEAD_BYTES = 160;

/**
 * An entry's approximate size for a byte-bounded cache of plain JSON-able values: two bytes per
 * character of the key and of the value's JSON, plus a fixed overhead. V8 stores short ASCII
 * strings in one byte per character but objects take more than their JSON, so this is the right
 * order of magnitude, not an exact count (docs/decisions/027-shared-rate-cache.md).
 */
export function approximateEntryBytes(key: string, value: unknown): number {
  return ENTRY_OVERHEAD_BYTES + 2 * (key.length + (JSON.stringify(value)?.length ?? 0));
}
