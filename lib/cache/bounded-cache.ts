/**
 * A map that keeps at most `limit` and drops the least recently used entries first: the process
 * serves for weeks, and a cache keyed by what visitors ask must not grow with them. The limit
 * counts entries, or what `weigh` says each value weighs (bytes of an answer, say). A value that
 * weighs more than `maxEntryWeight` is not kept: it would push out many ordinary ones.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private total = 0;

  constructor(
    private readonly limit: number,
    private readonly weigh: (value: V) => number = () => 1,
    private readonly maxEntryWeight = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: moving the entry last makes the first the least recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxEntryWeight) return;
    this.entries.set(key, value);
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.limit) break;
      this.entries.delete(oldest);
      this.total -= this.weigh(entry);
    }
  }

  /** Forgets every entry: what they were built from has changed. */
  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.total -= this.weigh(value);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the kept entries weigh together. */
  get weight(): number {
    return this.total;
  }
}
