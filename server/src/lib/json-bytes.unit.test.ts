import { describe, expect, it } from 'vitest';
import { JsonBytes } from './json-bytes.ts';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

describe('JsonBytes', () => {
  it('writes numbers as JSON.stringify does', () => {
    const values = [0, -0, 7, 9, 10, 99, 100, 2001, 65535, 1_234_567, 2_147_483_647, -42, 7.3, 8.25, 0.1, -3.5, 1e21, 123456789012345, 1e15, 1.5e-7];
    for (const v of values) {
      const out = new JsonBytes(4);
      out.ensure(32);
      out.number(v);
      expect(out.take().toString()).toBe(JSON.stringify(v));
      if (Number.isSafeInteger(v)) {
        const ints = new JsonBytes();
        ints.ensure(32);
        ints.int(v);
        expect(ints.take().toString()).toBe(JSON.stringify(v));
      }
    }
  });

  it('writes every number of one or two decimals as JSON.stringify does', () => {
    const out = new JsonBytes();
    for (let t = -20_000; t <= 20_000; t++) {
      for (const v of [t / 10, t / 100, t / 100 + 1e9, (t * 7) / 1000]) {
        out.pos = 0;
        out.ensure(32);
        out.number(v);
        expect(out.take().toString()).toBe(JSON.stringify(v));
      }
    }
  });

  it('quotes UTF-8 text as JSON.stringify does, and declines text that would need escaping', () => {
    for (const text of ['', 'The Dark Knight', 'Amélie', '千と千尋の神隠し', 'Emoji 🎬 night', 'del \x7f']) {
      const out = new JsonBytes(8);
      const bytes = utf8(`x${text}y`);
      out.ensure(bytes.length + 2);
      expect(out.quoted(bytes, 1, bytes.length - 1)).toBe(true);
      expect(out.take().toString()).toBe(JSON.stringify(text));
    }
    for (const text of ['say "hi"', 'back\\slash', 'tab\there', 'line\nbreak']) {
      const out = new JsonBytes();
      const bytes = utf8(text);
      out.ensure(bytes.length + 2);
      expect(out.quoted(bytes, 0, bytes.length)).toBe(false);
    }
    const ids = new JsonBytes();
    ids.ensure(64);
    expect(ids.quotedUnits(Uint8Array.from('xtt0468569', (c) => c.charCodeAt(0)), 1, 10)).toBe(true);
    expect(ids.quotedUnits(new Uint16Array([116, 116, 49]), 0, 3)).toBe(true);
    expect(ids.take().toString()).toBe('"tt0468569""tt1"');
    expect(ids.quotedUnits(new Uint8Array([0xe9]), 0, 1)).toBe(false);
    expect(ids.quotedUnits(new Uint16Array([0x3042]), 0, 1)).toBe(false);
    expect(ids.quotedUnits(new Uint8Array([0x22]), 0, 1)).toBe(false);
  });

  it('grows keeping what was written, and copies out only what was written since a mark', () => {
    const out = new JsonBytes(4);
    out.ensure(3);
    out.raw(JsonBytes.literal('{"a'));
    const long = 'x'.repeat(10_000);
    out.ensure(long.length + 8);
    out.ascii(`":"${long}"}`);
    expect(JSON.parse(out.take().toString())).toEqual({ a: long });
    const mark = out.pos;
    out.ensure(4);
    out.ascii('null');
    expect(out.take(mark).toString()).toBe('null');
  });
});
