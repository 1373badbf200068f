import { describe, expect, it } from 'vitest';
import { SlabRing } from './slab-ring.ts';

describe('a ring of slabs', () => {
  it('writes at the front, moves on when a slab is full, and tells what is still held and what is old', () => {
    const ring = new SlabRing(4, 100);
    const first = ring.room(60);
    first.write('a'.repeat(60), ring.used);
    ring.used += 60;
    const kept = { slab: ring.slab, generation: ring.generation[ring.slab] };
    // 40 bytes fit in the same slab; 41 do not.
    expect(ring.room(40)).toBe(first);
    ring.used += 40;
    expect(ring.room(1)).not.toBe(first);
    expect(ring.slab).toBe(1);
    expect(ring.holds(kept.slab, kept.generation)).toBe(true);
    expect(ring.isOld(kept.slab)).toBe(false);
    // Slabs 2 and 3 begun: three since slab 0, more than half the ring.
    for (const slab of [2, 3]) {
      ring.used = 100;
      ring.room(1);
      expect(ring.slab).toBe(slab);
    }
    expect(ring.isOld(kept.slab)).toBe(true);
    expect(first.toString('latin1', 0, 60)).toBe('a'.repeat(60));
    // Round to slab 0 again: what it held is gone.
    ring.used = 100;
    expect(ring.room(1)).toBe(first);
    expect(ring.holds(kept.slab, kept.generation)).toBe(false);
    expect(ring.isOld(0)).toBe(false);
  });
});
