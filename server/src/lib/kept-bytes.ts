import { IntTable } from './int-table.ts';
import { SlabRing } from './slab-ring.ts';

/**
 * A cache from text keys to answers as UTF-8 bytes that leaves nothing on the JavaScript heap per entry and allocates
 * no memory outside it once full.
 *
 * Kept search answers were held as a Map of key strings to holder objects with a view of the answer's bytes in a slab
 * of their own. Under searches that rarely repeat, every kept answer left its keys, its holder, its view and two Map
 * entries to be copied by the next young collection and then promoted, and a new 256 KB slab every few hundred
 * answers counted as memory outside the heap: together they brought a full collection every few seconds (a pause of
 * 5 to 10 ms, and some 40 ms of marking in steps), which set the slowest percent of cold searches.
 *
 * Here, as for kept title pages (modules/titles/kept-pages.ts):
 * - an answer and its keys are written as UTF-8 one after the other into a ring of slabs that are allocated once and
 *   written over when the writing comes round to them (the entries written there are then gone);
 * - what is known of an entry lives in typed arrays indexed by a slot number, the slots a ring too;
 * - a key's slot is found through a table from the key's 31-bit hash (lib/int-table.ts), and the key's bytes are
 *   compared, so two keys with the same hash are never confused (the later one wins the hash: a miss, not an error);
 * - an answer found is copied out of its slab, so writing over a slab later never changes an answer still waiting to
 *   be sent;
 * - an entry found again once its slab is older than half the ring is written again at the front, with its key, so the
 *   answers in use stay while those nobody asks for again are written over (first in, first out, with a second chance).
 *
 * One answer may be kept under several keys (a search as typed and as the index reads it): it is written once.
 */
export class KeptBytes {
  private readonly slotOfHash: IntTable;
  /** Per slot: its key's hash (-1 for none), the slab it was written in and that slab's generation then. */
  private readonly hashOf: Int32Array;
  private readonly slabOf: Int32Array;
  private readonly writtenIn: Int32Array;
  private readonly keyStart: Int32Array;
  private readonly keyLength: Int32Array;
  private readonly answerStart: Int32Array;
  private readonly answerLength: Int32Array;
  private nextSlot = 0;

  private readonly ring: SlabRing;
  /** A key as UTF-8, to compare with the one kept. */
  private scratch = Buffer.allocUnsafeSlow(1024);

  /**
   * At most `capacity` keys, in a ring of `slabCount` slabs of `slabBytes` each. An answer with its keys longer than a
   * quarter of a slab is not kept. The ring is allocated here (see SlabRing).
   */
  constructor(
    readonly capacity: number,
    slabCount: number,
    slabBytes = 256 * 1024,
  ) {
    this.slotOfHash = new IntTable(capacity);
    this.hashOf = new Int32Array(capacity).fill(-1);
    this.slabOf = new Int32Array(capacity);
    this.writtenIn = new Int32Array(capacity);
    this.keyStart = new Int32Array(capacity);
    this.keyLength = new Int32Array(capacity);
    this.answerStart = new Int32Array(capacity);
    this.answerLength = new Int32Array(capacity);
    this.ring = new SlabRing(slabCount, slabBytes);
  }

  /** How many keys are held (some of them may have been written over since, and are dropped when next looked for). */
  get size(): number {
    return this.slotOfHash.size;
  }

  /** A copy of the answer kept under `key`, or undefined. */
  get(key: string): Buffer | undefined {
    const slot = this.slotOfHash.get(hashOf(key));
    if (slot < 0) return undefined;
    const slab = this.slabOf[slot];
    const ring = this.ring;
    if (!ring.holds(slab, this.writtenIn[slot])) {
      this.drop(slot);
      return undefined;
    }
    const keyBytes = this.encoded(key);
    const start = this.keyStart[slot];
    if (keyBytes !== this.keyLength[slot] || this.scratch.compare(ring.slabs[slab], start, start + keyBytes, 0, keyBytes) !== 0) return undefined;
    const from = this.answerStart[slot];
    const answer = Buffer.from(ring.slabs[slab].subarray(from, from + this.answerLength[slot]));
    if (ring.isOld(slab)) this.rewrite(slot, keyBytes, answer);
    return answer;
  }

  /** Keeps `answer` under each of `keys` (the answer written once), in place of what they held. */
  set(keys: readonly string[], answer: string | Uint8Array): void {
    const answerBytes = typeof answer === 'string' ? Buffer.byteLength(answer) : answer.length;
    let total = answerBytes;
    for (const key of keys) total += Buffer.byteLength(key);
    const ring = this.ring;
    if (total > ring.slabBytes / 4 || keys.length === 0) return;
    const slab = ring.room(total);
    const answerStart = ring.used;
    if (typeof answer === 'string') slab.write(answer, answerStart);
    else slab.set(answer, answerStart);
    ring.used += answerBytes;
    for (const key of keys) {
      const keyStart = ring.used;
      ring.used += slab.write(key, keyStart);
      this.place(key, keyStart, ring.used - keyStart, answerStart, answerBytes);
    }
  }

  /** Forgets every entry (the slabs stay, to be written over). */
  clear(): void {
    this.slotOfHash.clear();
    this.hashOf.fill(-1);
  }

  /** The key as UTF-8 in the scratch buffer; its length. */
  private encoded(key: string): number {
    if (key.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafeSlow(key.length * 3);
    return this.scratch.write(key, 0);
  }

  /** Takes the next slot for a key written at the front of the current slab, and finds it there from now on. */
  private place(key: string, keyStart: number, keyLength: number, answerStart: number, answerLength: number): void {
    const hash = hashOf(key);
    const old = this.slotOfHash.get(hash);
    if (old >= 0) this.drop(old);
    const slot = this.nextSlot;
    this.nextSlot = (slot + 1) % this.capacity;
    if (this.hashOf[slot] !== -1) this.drop(slot);
    this.hashOf[slot] = hash;
    this.slabOf[slot] = this.ring.slab;
    this.writtenIn[slot] = this.ring.generation[this.ring.slab];
    this.keyStart[slot] = keyStart;
    this.keyLength[slot] = keyLength;
    this.answerStart[slot] = answerStart;
    this.answerLength[slot] = answerLength;
    this.slotOfHash.set(hash, slot);
  }

  /** Writes an entry found again at the front of the ring, its key from the scratch buffer (see get). */
  private rewrite(slot: number, keyBytes: number, answer: Buffer): void {
    const ring = this.ring;
    if (keyBytes + answer.length > ring.slabBytes / 4) return;
    const slab = ring.room(keyBytes + answer.length);
    this.keyStart[slot] = ring.used;
    this.scratch.copy(slab, ring.used, 0, keyBytes);
    ring.used += keyBytes;
    this.answerStart[slot] = ring.used;
    slab.set(answer, ring.used);
    ring.used += answer.length;
    this.slabOf[slot] = ring.slab;
    this.writtenIn[slot] = ring.generation[ring.slab];
  }

  private drop(slot: number): void {
    const hash = this.hashOf[slot];
    if (hash !== -1 && this.slotOfHash.get(hash) === slot) this.slotOfHash.delete(hash);
    this.hashOf[slot] = -1;
  }
}

/** FNV-1a over the key's UTF-16 code units, folded to 31 bits (IntTable's keys). */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 16)) & 0x7fffffff;
}
