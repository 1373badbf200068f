import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { UploadedImage, UploadPurpose } from '../../../../common/contracts/uploads.ts';
import { isAcceptableImageUrl, STORED_IMAGE_PATH } from '../../../../common/image-url.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/http/errors.ts';
import { isStorageKey, MEDIA_IMAGES_PATH, type MediaStorage } from './storage.ts';
import { IMAGE_MAX_PIXELS, ImageTooLargeError, processImage, UnsupportedImageError } from './uploads.image.ts';
import { QueueFullError, type WorkQueue } from './uploads.queue.ts';
import { deleteUploads, findImageUpload, type ImageUploadRow, insertImageUpload, uploadKeysOf } from './uploads.repository.ts';

type Db = Kysely<DB>;

export const unsupportedImage = () =>
  new AppError(415, 'unsupported_image', 'image: must be a PNG, JPEG or WebP image (SVG, GIF and other files are not accepted).');
export const imageTooLarge = (what = 'is larger than 5 MB') => new AppError(413, 'image_too_large', `image: ${what}.`);
export const tooManyPixels = () =>
  imageTooLarge(`has more than ${IMAGE_MAX_PIXELS / 1_000_000} million pixels (for example 4000 x 4000); choose a smaller image`);
export const uploadsBusy = () =>
  new AppError(503, 'uploads_busy', 'We are processing many images right now. Please try again in a minute.');
export const storageUnavailable = () =>
  new AppError(503, 'storage_unavailable', 'We could not store the image right now. Please try again in a minute.');

/**
 * Re-encodes an uploaded image for its purpose (uploads.image.ts) in its turn of `queue` (a few at once, off the
 * event loop), stores it under a new random name and records who uploaded it. Answers its address and size.
 */
export async function storeImage(
  db: Db,
  storage: MediaStorage,
  queue: WorkQueue,
  ownerId: string,
  bytes: Buffer,
  purpose: UploadPurpose,
  log?: { error(obj: object, msg: string): void },
): Promise<UploadedImage> {
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    image = await queue.run(() => processImage(bytes, purpose));
  } catch (err) {
    if (err instanceof QueueFullError) throw uploadsBusy();
    if (err instanceof ImageTooLargeError) throw tooManyPixels();
    if (err instanceof UnsupportedImageError) throw unsupportedImage();
    throw err;
  }
  const key = `${randomUUID()}.webp`;
  try {
    await storage.put(key, image.bytes, 'image/webp');
  } catch (err) {
    log?.error({ err, key }, 'image not stored');
    throw storageUnavailable();
  }
  try {
    await insertImageUpload(db, {
      key,
      ownerId,
      purpose,
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      createdAt: new Date().toISOString(),
    });
  } catch (err) {
    // Without its row the file could never be used: take it back out.
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  return { url: storage.publicUrl(key), width: image.width, height: image.height };
}

export interface StoredImageOptions {
  /** The bucket's public address (`app.config.S3_PUBLIC_URL`), so that addresses under it are checked like /media/images/ ones. */
  publicBase?: string;
  /** When given, a stored image must have been uploaded by this person. */
  ownerId?: string;
}

/** The storage key an address names when it is one of this server's stored images (`/media/images/<key>` or `<publicBase>/<key>`), else null. */
export function storedKeyOf(url: string, publicBase?: string): string | null {
  if (STORED_IMAGE_PATH.test(url)) return url.slice(MEDIA_IMAGES_PATH.length);
  if (publicBase && url.startsWith(`${publicBase}/`)) {
    const key = url.slice(publicBase.length + 1);
    return isStorageKey(key) ? key : '';
  }
  return null;
}

/** The upload row behind an address of this server's stored images, or undefined (not such an address, or never stored here). */
export async function findStoredImage(db: Db, url: string, publicBase?: string): Promise<ImageUploadRow | undefined> {
  const key = storedKeyOf(url, publicBase);
  return key ? findImageUpload(db, key) : undefined;
}

/**
 * Whether a person may choose `url` as an image (a profile picture, a community image): it must be an address
 * `isAcceptableImageUrl` (common/image-url.ts) allows, and when it names an image stored here (`/media/images/<name>`,
 * or `<S3_PUBLIC_URL>/<name>` with `publicBase` given) that image must really have been stored through
 * POST /api/uploads/images, and by `ownerId` when given. Any other address (a picture elsewhere on the web) is refused:
 * every viewer's browser would call that host.
 *
 * Call it before saving an address a person sent, e.g.
 * `await isStoredImage(app.database.db, body.imageUrl, { ownerId: actor.id, publicBase: app.config.S3_PUBLIC_URL })`,
 * or use `requireChosenImage` to answer the 400 in one line. Check only addresses that changed: an image kept
 * from before (a community whose admin changed hands) stays valid.
 */
export async function isStoredImage(db: Db, url: string, opts: StoredImageOptions = {}): Promise<boolean> {
  if (!isAcceptableImageUrl(url)) return false;
  const key = storedKeyOf(url, opts.publicBase);
  if (!key) return false;
  const row = await findImageUpload(db, key);
  return row !== undefined && (opts.ownerId === undefined || row.ownerId === opts.ownerId);
}

/** `isStoredImage`, answering 400 `validation_error` naming `field` (e.g. `imageUrl`, `communityImage`) when it is false. */
export async function requireChosenImage(db: Db, url: string, field: string, opts: StoredImageOptions = {}): Promise<void> {
  if (!(await isStoredImage(db, url, opts))) {
    throw badRequest(`${field}: must be an image uploaded here (POST /api/uploads/images); pictures at other addresses are not accepted.`, 'validation_error');
  }
}

/** Files removed from storage at once while an account's images are erased. */
const ERASE_CONCURRENCY = 8;

/**
 * A closed account's images (`account.deleted`): its profile pictures' files are removed from storage (local disk or
 * S3), then their records. A file that cannot be removed throws before its record goes, so the outbox's retry finds it
 * again; removing a file already gone is no error, so erasing twice changes nothing. Community pictures stay with their
 * community, which outlives its admin's account.
 */
export async function eraseAccountImages(db: Db, storage: MediaStorage, userId: string): Promise<void> {
  const keys = await uploadKeysOf(db, userId, 'profile');
  for (let i = 0; i < keys.length; i += ERASE_CONCURRENCY) {
    const batch = keys.slice(i, i + ERASE_CONCURRENCY);
    await Promise.all(batch.map((key) => storage.delete(key)));
    await deleteUploads(db, batch);
  }
}
