import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A solid-colour image in one of sharp's output formats. */
export async function makeImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG, 80 wide and 40 high as stored, with EXIF saying "rotate 90° clockwise to view" (orientation 6) and a GPS position. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether EXIF data points to a GPS block (tag 0x8825, either byte order). */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  return exif !== undefined && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

/** A PNG whose header claims `width` x `height` pixels (its image data is for a tiny one): what a decompression bomb announces. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makeImage('png', 8, 8));
  // IHDR: length (4) + "IHDR" (4) after the 8-byte signature; width and height follow, then 5 bytes, then the CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);
export const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ReelhouseTest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The form of POST /api/uploads/images: `image` as a file, and `purpose` when given. */
export function imageForm(bytes: Buffer, opts: { filename?: string; contentType?: string; purpose?: string } = {}) {
  const parts: FormPart[] = [{ name: 'image', value: bytes, filename: opts.filename ?? 'picture.png', contentType: opts.contentType ?? 'image/png' }];
  if (opts.purpose !== undefined) parts.push({ name: 'purpose', value: opts.purpose });
  return multipartForm(parts);
}
