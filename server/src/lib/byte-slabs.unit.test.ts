import { describe, expect, it } from 'vitest';
import { ByteSlabs } from './byte-slabs.ts';

describe('byte slabs', () => {
  it('keeps each text as its UTF-8 bytes, one after the other in a shared slab', () => {
    const slabs = new ByteSlabs(1024);
    const a = slabs.bytes('{"title":"Amélie"}');
    const b = slabs.bytes('{"title":"千と千尋の神隠し"}');
    expect(a.toString('utf8')).toBe('{"title":"Amélie"}');
    expect(b.toString('utf8')).toBe('{"title":"千と千尋の神隠し"}');
    expect(a.length).toBe(Buffer.byteLength('{"title":"Amélie"}'));
    // Same slab, back to back.
    expect(b.buffer).toBe(a.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + a.length);
  });

  it('starts a new slab when the text does not fit, and never writes over what it handed out', () => {
    const slabs = new ByteSlabs(1024);
    const pieces = Array.from({ length: 40 }, (_, i) => `piece ${i} `.repeat(10));
    const views = pieces.map((p) => slabs.bytes(p));
    expect(new Set(views.map((v) => v.buffer)).size).toBeGreaterThan(1);
    for (const [i, v] of views.entries()) expect(v.toString()).toBe(pieces[i]);
  });

  it('gives a large text a buffer of its own', () => {
    const slabs = new ByteSlabs(1024);
    const small = slabs.bytes('small');
    const large = slabs.bytes('x'.repeat(600));
    expect(large.length).toBe(600);
    expect(large.buffer).not.toBe(small.buffer);
    expect(slabs.bytes('next').buffer).toBe(small.buffer);
  });

  it('copies given bytes too', () => {
    const slabs = new ByteSlabs(1024);
    const source = Buffer.from('{"title":"Amélie"}');
    const copy = slabs.bytes(source);
    expect(copy.toString()).toBe('{"title":"Amélie"}');
    expect(copy.buffer).not.toBe(source.buffer);
    source.fill(0);
    expect(copy.toString()).toBe('{"title":"Amélie"}');
  });

  it('keeps the empty text', () => {
    expect(new ByteSlabs(1024).bytes('').length).toBe(0);
  });
});
