/**
 * Title ids as small integers, for what is held about titles across many requests.
 *
 * A request's title id is a new string. Held past the request (the views counted since the last write, the map from
 * ids to kept pages), each such string survives a young-generation collection and is copied, then promoted, by the
 * garbage collector: under title-page traffic those strings were the larger part of what every collection copied.
 * Nearly every id is an IMDb id ("tt" and 7 or 8 digits); as an integer below 2^30 it is a small integer to V8,
 * held in place with nothing allocated. Other ids (a JustWatch title without an IMDb id, say) stay strings.
 */

/** Keys from here on are ids of 8 digits (the number plus this), below it of 7. */
export const DIGITS_7 = 10_000_000;

/** The id as an integer key (0 to 109,999,999) when it is "tt" and 7 or 8 digits, else -1. */
export function titleKey(id: string): number {
  const len = id.length;
  if ((len !== 9 && len !== 10) || id.charCodeAt(0) !== 116 || id.charCodeAt(1) !== 116) return -1;
  let n = 0;
  for (let i = 2; i < len; i++) {
    const d = id.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return len === 9 ? n : DIGITS_7 + n;
}

/** The id a key was made from (titleKey). */
export function titleIdOfKey(key: number): string {
  return key < DIGITS_7 ? `tt${String(key).padStart(7, '0')}` : `tt${String(key - DIGITS_7).padStart(8, '0')}`;
}

/** What a title is held by: its key, else (an id titleKey does not take) the id itself. */
export function titleHandle(id: string): number | string {
  const key = titleKey(id);
  return key >= 0 ? key : id;
}

/**
 * Counts per title, added up in memory until they are written (title views). Keys are counted in an open-addressing
 * table of typed arrays, so a count allocates nothing; other ids, and keys past `capacity` titles (when the counts
 * are not drained in time), in a map. `size` is the number of titles counted.
 */
export class TitleCounts {
  private readonly keys: Int32Array;
  private readonly counts: Int32Array;
  /** The table's used slots, in the order they were taken, so draining visits only those. */
  private readonly used: Int32Array;
  private usedCount = 0;
  private readonly mask: number;
  private others = new Map<string, number>();

  /** `capacity`: how many keyed titles the table counts (it has four times as many slots). */
  constructor(readonly capacity: number) {
    let size = 16;
    while (size < capacity * 4) size *= 2;
    this.keys = new Int32Array(size).fill(-1);
    this.counts = new Int32Array(size);
    this.used = new Int32Array(capacity);
    this.mask = size - 1;
  }

  get size(): number {
    return this.usedCount + this.others.size;
  }

  /** Counts one for the title. */
  add(id: string): void {
    const key = titleKey(id);
    if (key < 0) {
      this.addOther(id);
      return;
    }
    let i = Math.imul(key, 0x9e3779b1) >>> 0;
    for (;;) {
      i &= this.mask;
      const k = this.keys[i];
      if (k === key) {
        this.counts[i]++;
        return;
      }
      if (k === -1) break;
      i++;
    }
    if (this.usedCount >= this.capacity) {
      this.addOther(id);
      return;
    }
    this.keys[i] = key;
    this.counts[i] = 1;
    this.used[this.usedCount++] = i;
  }

  private addOther(id: string): void {
    this.others.set(id, (this.others.get(id) ?? 0) + 1);
  }

  /**
   * Everything counted, and the counts start again from nothing: the titles with keys as their keys and counts (typed
   * arrays, so nothing is allocated per title: a batch is held until it is written), the others as ids and counts.
   */
  drain(): DrainedCounts {
    const n = this.usedCount;
    const keys = new Int32Array(n);
    const keyCounts = new Int32Array(n);
    for (let u = 0; u < n; u++) {
      const i = this.used[u];
      keys[u] = this.keys[i];
      keyCounts[u] = this.counts[i];
      this.keys[i] = -1;
    }
    this.usedCount = 0;
    const ids = [...this.others.keys()];
    const counts = [...this.others.values()];
    this.others = new Map();
    return { keys, keyCounts, ids, counts };
  }
}

export interface DrainedCounts {
  keys: Int32Array;
  keyCounts: Int32Array;
  ids: string[];
  counts: number[];
}
