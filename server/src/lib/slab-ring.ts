/**
 * A ring of slabs for bytes kept outside the JavaScript heap (kept search answers, lib/kept-bytes.ts; kept title pages,
 * modules/titles/kept-pages.ts): pieces are written one after the other at the front, and when the writing comes round
 * to a slab, what was written in it before is gone. Whoever keeps a piece notes its slab and that slab's generation,
 * and holds the piece while the two still agree (`holds`).
 *
 * The ring is allocated at once, in one piece. Allocated as it first filled, a slab at a time, it grew the memory
 * outside the heap while requests were being answered, and that growth alone brought full collections.
 */
export class SlabRing {
  readonly slabs: Buffer[];
  /** Per slab: how many times writing has begun in it. */
  readonly generation: Int32Array;
  /** Per slab: the count of slabs begun when writing last began in it. */
  private readonly begunAt: Float64Array;
  private begun = 0;
  /** The slab written now (-1 before the first piece), and how many of its bytes are written. */
  slab = -1;
  used = 0;

  constructor(
    slabCount: number,
    readonly slabBytes: number,
  ) {
    this.generation = new Int32Array(Math.max(2, slabCount));
    this.begunAt = new Float64Array(this.generation.length);
    const ring = Buffer.allocUnsafeSlow(this.generation.length * slabBytes);
    this.slabs = Array.from(this.generation, (_, i) => ring.subarray(i * slabBytes, (i + 1) * slabBytes));
  }

  /**
   * Makes room for `bytes` at the front (moving on to the next slab when the one written now has not enough; what that
   * slab held is then gone) and gives the slab to write in, at `used`. `bytes` must be at most a slab.
   */
  room(bytes: number): Buffer {
    if (this.slab < 0 || this.used + bytes > this.slabBytes) {
      this.slab = (this.slab + 1) % this.generation.length;
      this.generation[this.slab]++;
      this.begunAt[this.slab] = ++this.begun;
      this.used = 0;
    }
    return this.slabs[this.slab];
  }

  /** Whether what was written in `slab` in its generation `generation` is still there. */
  holds(slab: number, generation: number): boolean {
    return this.generation[slab] === generation;
  }

  /** Whether slabs begun since `slab` was make more than half the ring (what it holds is on its way out). */
  isOld(slab: number): boolean {
    return this.begun - this.begunAt[slab] > this.generation.length / 2;
  }
}
