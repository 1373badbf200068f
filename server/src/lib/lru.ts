/**
 * A bounded cache that keeps recently used entries (an approximate LRU with two generations).
 * New entries go into the young generation; when it holds half the bound, it becomes the old
 * generation and the previous old one is dropped. A hit in the old generation moves the entry
 * back to the young one, so entries in use survive every turnover and only idle ones go.
 *
 * Unlike emptying a full cache, this never falls off a cliff of misses; unlike a strict LRU
 * over one Map (delete and re-insert on every hit), it does no per-hit reordering, which in V8
 * makes large Maps rehash over and over.
 */
export class LruMap<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(readonly max: number) {
    this.half = Math.max(1, Math.floor(max / 2));
  }

  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aging = this.old.get(key);
    if (aging !== undefined) {
      this.old.delete(key);
      this.put(key, aging);
    }
    return aging;
  }

  has(key: K): boolean {
    return this.young.has(key) || this.old.has(key);
  }

  set(key: K, value: V): this {
    if (this.young.has(key)) this.young.set(key, value);
    else {
      this.old.delete(key);
      this.put(key, value);
    }
    return this;
  }

  delete(key: K): boolean {
    const a = this.young.delete(key);
    const b = this.old.delete(key);
    return a || b;
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  private put(key: K, value: V): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}
