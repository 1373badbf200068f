import { text } from './contracts/text.ts';

/**
 * Where an image a person chose may live: one this server stored (served under
 * `/media/images/`, a name the upload route gave it) or any `https:` address
 * (the S3-compatible storage's public address, or a picture elsewhere on the web).
 * Anything else (`http:`, `javascript:`, `data:`, a path outside `/media/images/`) is refused.
 */
export const STORED_IMAGE_PATH = /^\/media\/images\/[a-z0-9][a-z0-9-]{7,80}\.(webp|jpg|png)$/;

export function isAcceptableImageUrl(value: string): boolean {
  if (value.length > 2048) return false;
  if (STORED_IMAGE_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const ImageUrlSchema = text()
  .trim()
  .refine(isAcceptableImageUrl, { message: 'must be an image uploaded here (/media/images/...) or an https: address' });
