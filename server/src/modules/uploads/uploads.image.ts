import type { Metadata } from 'sharp';
import type { UploadPurpose } from '../../../../common/contracts/uploads.ts';

/**
 * The most pixels an uploaded image may have: larger is refused before decoding, against decompression bombs (a PNG
 * of 143 KB can announce 49 million pixels, seconds of decoding). A picture is shown at most 1200 pixels wide
 * (COMMUNITY_IMAGE_BOX), so 16 million (4000 x 4000; a 12-megapixel phone photo fits) is plenty; a photo taken in a
 * phone's 48-megapixel mode is refused with a message saying the limit.
 */
export const IMAGE_MAX_PIXELS = 16_000_000;
/** A community image fits inside this box. */
export const COMMUNITY_IMAGE_BOX = 1200;
/** A profile picture is a square of at most this side. */
export const PROFILE_IMAGE_SIDE = 512;

/** The formats an upload may be, as sharp names them. */
export type AcceptedFormat = 'png' | 'jpeg' | 'webp';

export class UnsupportedImageError extends Error {}
export class ImageTooLargeError extends Error {}

/**
 * sharp (libvips, a native library and its threads) is loaded with the first upload, not at start: a server that
 * never takes an image keeps that memory. Every upload is a new image: libvips' operation cache would only hold memory.
 */
type Sharp = (typeof import('sharp'))['default'];
let loaded: Promise<Sharp> | undefined;
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m.default;
  });
  return loaded;
}

/**
 * The format the first bytes announce, when it is one of the three accepted: PNG's signature, JPEG's SOI marker
 * followed by a marker, WebP's RIFF....WEBP header. Anything else (SVG, GIF, HTML, TIFF, HEIF, ...) is never handed
 * to an image decoder at all.
 */
export function sniffFormat(bytes: Buffer): AcceptedFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * An uploaded image made safe to serve: its type decided by its content (the first bytes, then sharp's own reading
 * of the header, which must agree), refused past IMAGE_MAX_PIXELS, decoded in full (a file that does not decode to
 * the end, such as an image header followed by HTML, is refused), turned upright by its EXIF orientation, resized
 * for its purpose and written as a new WebP file. Only the decoded pixels reach the output: EXIF (GPS included),
 * XMP, ICC and comments, and any bytes trailing the image, are gone.
 *
 * Throws UnsupportedImageError or ImageTooLargeError; runs on libuv's thread pool, not the event loop.
 */
export async function processImage(bytes: Buffer, purpose: UploadPurpose): Promise<ProcessedImage> {
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw new UnsupportedImageError('not a PNG, JPEG or WebP image');
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' as const, sequentialRead: true };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (err) {
    if (isPixelLimit(err)) throw new ImageTooLargeError('too many pixels');
    throw new UnsupportedImageError('the image could not be read');
  }
  if (meta.format !== sniffed) throw new UnsupportedImageError(`header says ${sniffed}, content reads as ${meta.format}`);
  if (!meta.width || !meta.height) throw new UnsupportedImageError('the image has no size');
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new ImageTooLargeError('too many pixels');

  const pipeline = sharp(bytes, options).rotate();
  if (purpose === 'profile') {
    // After rotation the sides may have swapped; the square's side does not depend on it.
    const side = Math.min(PROFILE_IMAGE_SIDE, meta.width, meta.height);
    pipeline.resize(side, side, { fit: 'cover', position: 'centre' });
  } else {
    pipeline.resize(COMMUNITY_IMAGE_BOX, COMMUNITY_IMAGE_BOX, { fit: 'inside', withoutEnlargement: true });
  }
  try {
    const { data, info } = await pipeline.webp({ quality: 82, effort: 4 }).toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (err) {
    if (isPixelLimit(err)) throw new ImageTooLargeError('too many pixels');
    throw new UnsupportedImageError('the image could not be decoded');
  }
}

function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}
