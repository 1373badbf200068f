/**
 * A Map bounded to `max` entries that drops the least recently used one when full (a Map keeps
 * insertion order, and a hit moves its entry to the end). Unlike emptying a full cache, the hot
 * entries stay, so a busy cache never falls off a cliff of misses at once.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** Without refreshing the entry's recency. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  set(key: K, value: V): this {
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.max) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
    }
    this.map.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
