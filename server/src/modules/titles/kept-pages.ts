import type { TitleType } from '../../../../common/contracts/titles.ts';
import { IntTable } from '../../lib/int-table.ts';
import { SlabRing } from '../../lib/slab-ring.ts';
import { titleHandle } from './title-keys.ts';

/**
 * Kept title pages, held so that the garbage collector has almost nothing to copy.
 *
 * A kept page is its own part (the JSON before its similar titles, about 600 bytes) and, for most titles, the end its
 * genre combination shares. Held as objects (an entry, an array of parts, a view of the bytes), each kept page left
 * about 300 bytes of objects for every young-generation collection to copy until they were promoted, and under cold
 * title pages those copies made up half of every pause. Here a page's own part is written as UTF-8 into a ring of
 * slabs, and what is known about it lives in typed arrays indexed by a slot number; the only reference per page is the
 * one to its shared end. Pages are found by the title's key (title-keys.ts), an integer for nearly every id, so the
 * request's id string is not held either.
 *
 * Pages are dropped in the order they were written (a ring of `capacity` slots, and a ring of slabs of `slabBytes`
 * holding at most `capacity * averageBytes`): when the writing comes round to a slab, the pages in it are gone, and
 * a page asked for again is built and kept anew. A page read from here is copied out of its slab, so a slab written
 * over later can never change an answer that is still waiting to be sent. (Putting a new buffer in place of each slab
 * come round to, and answering views, was tried: a few hundred kilobytes of memory outside the heap a second to be
 * freed by full collections, and cold title pages went from about 32,000 to about 26,000 a second.)
 *
 * Only pages with a shared end are kept here. A page written whole (a title among its own similar titles, about
 * 3 KB) is one of the most popular of its genre combination, asked for again and again: copying it out on every
 * request cost more than it saved, so the titles service keeps those as strings.
 */
export interface KeptPage {
  type: TitleType;
  /** The page's own part, as UTF-8 bytes (a copy). */
  head: Buffer;
  /** The end its genre combination shares. */
  end: Buffer;
}

const TYPES: readonly TitleType[] = ['movie', 'tvSeries'];

export class KeptPages {
  /** The slot of each page by its title's key (lib/int-table.ts: nothing allocated as pages come and go). */
  private readonly slotOfKey: IntTable;
  /** The slot of each page whose title has no key (an id titleKey does not take). */
  private readonly slotOfId = new Map<string, number>();
  /** The title each slot holds, by titleHandle. */
  private readonly idOf: (number | string | undefined)[];
  private readonly endOf: (Buffer | undefined)[];
  private readonly slabOf: Int32Array;
  private readonly startOf: Int32Array;
  private readonly lengthOf: Int32Array;
  /** The generation of its slab a slot was written in: the slot holds a page while they agree. */
  private readonly writtenIn: Int32Array;
  private readonly expiresAt: Float64Array;
  private readonly versionOf: Float64Array;
  private readonly typeOf: Uint8Array;
  private nextSlot = 0;

  private readonly ring: SlabRing;

  constructor(
    readonly capacity: number,
    slabBytes = 256 * 1024,
    averageBytes = 640,
  ) {
    this.slotOfKey = new IntTable(capacity);
    this.idOf = new Array(capacity).fill(undefined);
    this.endOf = new Array(capacity).fill(undefined);
    this.slabOf = new Int32Array(capacity).fill(-1);
    this.startOf = new Int32Array(capacity);
    this.lengthOf = new Int32Array(capacity);
    this.writtenIn = new Int32Array(capacity);
    this.expiresAt = new Float64Array(capacity);
    this.versionOf = new Float64Array(capacity);
    this.typeOf = new Uint8Array(capacity);
    this.ring = new SlabRing(Math.ceil((capacity * averageBytes) / slabBytes), slabBytes);
  }

  get size(): number {
    return this.slotOfKey.size + this.slotOfId.size;
  }

  /** The slot holding a title's page, or -1. */
  private slotOf(handle: number | string): number {
    return typeof handle === 'number' ? this.slotOfKey.get(handle) : (this.slotOfId.get(handle) ?? -1);
  }

  /** The page kept for `id` while it is current (not expired, of this catalogue version), else undefined. */
  get(id: string, now: number, version: number): KeptPage | undefined {
    const slot = this.slotOf(titleHandle(id));
    if (slot < 0) return undefined;
    const slab = this.slabOf[slot];
    if (!this.ring.holds(slab, this.writtenIn[slot]) || this.expiresAt[slot] <= now || this.versionOf[slot] !== version) {
      this.drop(slot);
      return undefined;
    }
    const start = this.startOf[slot];
    return {
      type: TYPES[this.typeOf[slot]],
      head: Buffer.from(this.ring.slabs[slab].subarray(start, start + this.lengthOf[slot])),
      end: this.endOf[slot] as Buffer,
    };
  }

  /** Keeps a page until `expires` (ms); a page whose own part is larger than a quarter of a slab is not kept. */
  set(id: string, page: { type: TitleType; head: string; end: Buffer }, expires: number, version: number): void {
    const length = Buffer.byteLength(page.head);
    const ring = this.ring;
    if (length > ring.slabBytes / 4) return;
    const handle = titleHandle(id);
    const old = this.slotOf(handle);
    if (old >= 0) this.drop(old);
    const slab = ring.room(length);
    const slot = this.nextSlot;
    this.nextSlot = (slot + 1) % this.capacity;
    const previous = this.idOf[slot];
    if (previous !== undefined) this.drop(slot);
    slab.write(page.head, ring.used);
    this.idOf[slot] = handle;
    this.endOf[slot] = page.end;
    this.slabOf[slot] = ring.slab;
    this.startOf[slot] = ring.used;
    this.lengthOf[slot] = length;
    this.writtenIn[slot] = ring.generation[ring.slab];
    this.expiresAt[slot] = expires;
    this.versionOf[slot] = version;
    this.typeOf[slot] = TYPES.indexOf(page.type);
    if (typeof handle === 'number') this.slotOfKey.set(handle, slot);
    else this.slotOfId.set(handle, slot);
    ring.used += length;
  }

  clear(): void {
    this.slotOfKey.clear();
    this.slotOfId.clear();
    this.idOf.fill(undefined);
    this.endOf.fill(undefined);
    this.slabOf.fill(-1);
  }

  private drop(slot: number): void {
    const id = this.idOf[slot];
    if (id !== undefined && this.slotOf(id) === slot) {
      if (typeof id === 'number') this.slotOfKey.delete(id);
      else this.slotOfId.delete(id);
    }
    this.idOf[slot] = undefined;
    this.endOf[slot] = undefined;
  }
}
