import { text } from './contracts/text.ts';

/**
 * The shape of an address of an image a person chose: one this server stored (served under `/media/images/`, a
 * name the upload route gave it) or an `https:` address, which the server accepts only under the S3-compatible
 * storage's public address (`S3_PUBLIC_URL`, which the contracts cannot know; `isStoredImage` in the uploads module
 * decides). Anything else (`http:`, `javascript:`, `data:`, a path outside `/media/images/`) is refused here already.
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
  .refine(isAcceptableImageUrl, { message: 'must be an image uploaded here (POST /api/uploads/images)' });
