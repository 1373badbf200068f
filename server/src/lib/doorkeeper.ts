/**
 * Cache admission: which keys were asked for recently, so that a cache keeps an answer from its second
 * request on (the "doorkeeper" of TinyLFU). Most keys of a large catalogue are asked for once; keeping
 * those answers would fill the cache with entries that are never read again and make the garbage
 * collector copy each of them out of the young generation, which under traffic that rarely repeats
 * costs more than the cache saves.
 *
 * A Bloom filter: two bits per key in one fixed Uint32Array, so remembering a key allocates nothing.
 * It answers "seen" for a key it was never given at most ~6 % of the time when full (the cache then
 * keeps that answer a request early) and never answers "not seen" for a key it was given since its
 * last reset. It forgets everything after `capacity` new keys, so a key must come back within about
 * that many other first requests to be admitted.
 */
export class Doorkeeper {
  private readonly bits: Uint32Array;
  private readonly mask: number;
  private added = 0;

  constructor(private readonly capacity = 131_072) {
    // Eight bits per key: with two bits set per key, at most a quarter of the bits are set.
    let size = 1024;
    while (size < capacity * 8) size *= 2;
    this.bits = new Uint32Array(size / 32);
    this.mask = size - 1;
  }

  /** True when `key` was recorded since the last reset; records it either way. */
  seenBefore(key: string): boolean {
    // FNV-1a, and a second hash derived from it (double hashing).
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    const a = (h >>> 0) & this.mask;
    const b = (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0) & this.mask;
    const bits = this.bits;
    const seen = (bits[a >>> 5] & (1 << (a & 31))) !== 0 && (bits[b >>> 5] & (1 << (b & 31))) !== 0;
    if (!seen) {
      if (this.added >= this.capacity) this.reset();
      bits[a >>> 5] |= 1 << (a & 31);
      bits[b >>> 5] |= 1 << (b & 31);
      this.added++;
    }
    return seen;
  }

  reset(): void {
    this.bits.fill(0);
    this.added = 0;
  }
}
