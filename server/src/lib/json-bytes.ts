/**
 * JSON written as UTF-8 bytes into one reused buffer, from bytes that are already UTF-8 (the search index's card
 * text) and from numbers, with no string or object made on the way.
 *
 * A search answer's ten cards, presented as objects and then serialized, cost a cold search about a quarter of its
 * time and most of what it allocated (and so most of the young collections that pause every request in flight).
 * Written here they cost a fraction of that. The writer only copies: a string that JSON would need escaped (a quote,
 * a backslash, a control character) makes `quoted` answer false, and the caller then writes that answer the ordinary
 * way. Whoever writes with it checks its output against the contract's serializer outside production.
 */
export class JsonBytes {
  private buf: Buffer;
  /** Where the next byte goes. */
  pos = 0;

  constructor(size = 16 * 1024) {
    this.buf = Buffer.allocUnsafe(size);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  /** Bytes as they are (a literal made once with `JsonBytes.literal`); room must have been made. */
  raw(bytes: Uint8Array): void {
    const out = this.buf;
    let p = this.pos;
    for (let i = 0; i < bytes.length; i++) out[p++] = bytes[i];
    this.pos = p;
  }

  /** ASCII text as it is (JSON already). Room must have been made. */
  ascii(text: string): void {
    const out = this.buf;
    let p = this.pos;
    for (let i = 0; i < text.length; i++) out[p++] = text.charCodeAt(i);
    this.pos = p;
  }

  /**
   * `src[from, to)` as a JSON string, quotes included; false, with `pos` somewhere past where it was, when a byte of it
   * needs escaping (a quote, a backslash, a control character). Bytes of 0x80 and above are UTF-8 and go as they are,
   * as JSON.stringify leaves those characters. Room must have been made.
   */
  quoted(src: Uint8Array, from: number, to: number): boolean {
    const out = this.buf;
    let p = this.pos;
    out[p++] = 0x22;
    for (let k = from; k < to; k++) {
      const c = src[k];
      if (c < 0x20 || c === 0x22 || c === 0x5c) return false;
      out[p++] = c;
    }
    out[p++] = 0x22;
    this.pos = p;
    return true;
  }

  /**
   * Code units (see PackedStrings) as a JSON string; false when one is not ASCII or needs escaping. Room must have
   * been made.
   */
  quotedUnits(units: Uint8Array | Uint16Array, from: number, to: number): boolean {
    const out = this.buf;
    let p = this.pos;
    out[p++] = 0x22;
    for (let k = from; k < to; k++) {
      const c = units[k];
      if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x80) return false;
      out[p++] = c;
    }
    out[p++] = 0x22;
    this.pos = p;
    return true;
  }

  /** A safe integer in decimal, as JSON.stringify writes it. Room must have been made. */
  int(v: number): void {
    const out = this.buf;
    let p = this.pos;
    if (v < 0) {
      out[p++] = 0x2d;
      v = -v;
    }
    if (v < 10) {
      out[p++] = 0x30 + v;
      this.pos = p;
      return;
    }
    let digits = 0;
    for (let t = v; t >= 1; t = Math.floor(t / 10)) digits++;
    let e = p + digits;
    for (let t = v; t >= 1; t = Math.floor(t / 10)) out[--e] = 0x30 + (t % 10);
    this.pos = p + digits;
  }

  /** A finite number as JSON.stringify writes it. Room must have been made. */
  number(v: number): void {
    if (Number.isInteger(v) && Math.abs(v) < 1e15) {
      this.int(v);
      return;
    }
    // One or two decimals (a rating, say), written from integers. String() would make a new string each time, and
    // V8 keeps such strings in its number-string cache, where they outlive young collections and are promoted.
    if (Math.abs(v) < 1e13) {
      for (let scale = 10; scale <= 100; scale *= 10) {
        const t = Math.round(v * scale);
        // v is then the double nearest t / scale, which JSON.stringify writes with the fewest decimals that give it back.
        if (t / scale !== v) continue;
        if (t < 0) this.buf[this.pos++] = 0x2d;
        const units = Math.abs(t);
        this.int(Math.floor(units / scale));
        const fraction = units % scale;
        const out = this.buf;
        out[this.pos++] = 0x2e;
        if (scale === 100) out[this.pos++] = 0x30 + Math.floor(fraction / 10);
        out[this.pos++] = 0x30 + (fraction % 10);
        return;
      }
    }
    const s = String(v);
    const out = this.buf;
    let p = this.pos;
    for (let i = 0; i < s.length; i++) out[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** The bytes written since `from`, copied out (the buffer is written again by the next answer). */
  take(from = 0): Buffer {
    const out = Buffer.allocUnsafe(this.pos - from);
    this.buf.copy(out, 0, from, this.pos);
    return out;
  }

  /** ASCII text as bytes, for `raw`. */
  static literal(text: string): Uint8Array {
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  }
}
