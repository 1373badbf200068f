/**
 * A table from integer keys (0 to 2^31 - 1) to integers, in two typed arrays: setting, finding and deleting allocate
 * nothing. A Map of a few hundred thousand entries that change all the time (kept title pages, by title key) is
 * rebuilt by V8 every so often to clear out deleted entries, several megabytes at a time straight into the old
 * generation, which brings full collections sooner.
 *
 * Open addressing with linear probing, at most half full, and deletion by shifting back the entries after the one
 * deleted (no tombstones, so the table never needs rebuilding).
 */
export class IntTable {
  private readonly keys: Int32Array;
  private readonly values: Int32Array;
  private readonly shift: number;
  private readonly mask: number;
  private count = 0;

  /** A table for at most `capacity` entries at a time. */
  constructor(readonly capacity: number) {
    let bits = 4;
    while (1 << bits < capacity * 2) bits++;
    this.keys = new Int32Array(1 << bits).fill(-1);
    this.values = new Int32Array(1 << bits);
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Where a key would be first looked for (Fibonacci hashing: the top bits of the key times 2^32 / phi). */
  private home(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  /** The value of `key`, or -1. */
  get(key: number): number {
    const keys = this.keys;
    for (let i = this.home(key); ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === key) return this.values[i];
      if (k === -1) return -1;
    }
  }

  set(key: number, value: number): void {
    const keys = this.keys;
    for (let i = this.home(key); ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === key) {
        this.values[i] = value;
        return;
      }
      if (k === -1) {
        if (this.count >= this.capacity) throw new RangeError(`IntTable: more than ${this.capacity} entries`);
        keys[i] = key;
        this.values[i] = value;
        this.count++;
        return;
      }
    }
  }

  delete(key: number): boolean {
    const keys = this.keys;
    const mask = this.mask;
    let i = this.home(key);
    for (; ; i = (i + 1) & mask) {
      if (keys[i] === key) break;
      if (keys[i] === -1) return false;
    }
    // Each entry after the hole that was placed past its home because of it moves back into it.
    for (let j = (i + 1) & mask; keys[j] !== -1; j = (j + 1) & mask) {
      const h = this.home(keys[j]);
      // The entry at j stays where it is when its home lies cyclically in (i, j].
      const stays = i <= j ? i < h && h <= j : i < h || h <= j;
      if (stays) continue;
      keys[i] = keys[j];
      this.values[i] = this.values[j];
      i = j;
    }
    keys[i] = -1;
    this.count--;
    return true;
  }

  clear(): void {
    this.keys.fill(-1);
    this.count = 0;
  }
}
