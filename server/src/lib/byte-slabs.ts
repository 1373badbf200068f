/**
 * Kept text as UTF-8 bytes outside the JavaScript heap, many pieces to a slab.
 *
 * A kept answer held as a string lives in the young generation until it is promoted: every collection of the young
 * generation copies it, byte for byte, while requests wait (a title page's own part is about 600 bytes, and a busy
 * minute keeps tens of thousands of them). Held as bytes in a slab, what the collector copies is only the small view
 * object; the bytes stay where they were written. Writing bytes to a socket also skips encoding the text each time.
 *
 * Pieces are written one after the other into slabs of SLAB_BYTES and never written over, so a view can be handed to
 * a socket as it is. A slab is freed by the garbage collector once no view of it is left. A piece larger than a quarter
 * of a slab gets a buffer of its own. Used for what is kept long and shared (the similar titles' ends of title pages);
 * what comes and goes all the time (kept search answers, kept title pages) is written into a ring allocated once
 * (lib/slab-ring.ts), since new slabs grow the memory outside the heap, and that growth brings full collections.
 */
export const SLAB_BYTES = 256 * 1024;

export class ByteSlabs {
  private slab: Buffer = Buffer.allocUnsafeSlow(0);
  private used = 0;

  constructor(private readonly slabBytes = SLAB_BYTES) {}

  /** The text's UTF-8 bytes (or the bytes given, copied), in a view of a slab. */
  bytes(text: string | Uint8Array): Buffer {
    const isText = typeof text === 'string';
    const length = isText ? Buffer.byteLength(text) : text.length;
    if (length > this.slabBytes / 4) {
      const own = Buffer.allocUnsafeSlow(length);
      if (isText) own.write(text);
      else own.set(text);
      return own;
    }
    if (this.used + length > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(this.slabBytes);
      this.used = 0;
    }
    const start = this.used;
    if (isText) this.slab.write(text, start);
    else this.slab.set(text, start);
    this.used += length;
    return this.slab.subarray(start, start + length);
  }
}
