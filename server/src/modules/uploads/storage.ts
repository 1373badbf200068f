import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './storage.local.ts';

/** A stored file read back: its bytes as a stream, its content type and, when known, its length. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number | null;
}

/**
 * Where uploaded files live: local disk (MEDIA_DIR) by default, S3-compatible storage when S3_BUCKET is set.
 * Keys are flat names (`<uuid>.webp`): no `/`, no `..` (see `isStorageKey`); every adapter refuses others.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file stored under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file under `key`; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from: `/media/images/<key>` served here, or `${S3_PUBLIC_URL}/<key>`. */
  publicUrl(key: string): string;
}

/** A storage key: a name such as `3f2a9c1e-....webp` (what `STORED_IMAGE_PATH` in common/image-url.ts allows after /media/images/). */
const STORAGE_KEY = /^[a-z0-9][a-z0-9-]{7,80}\.(webp|jpg|png)$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/** Throws unless `key` is a flat storage name (never a path: no `/`, `\`, `..`). */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** The content type of a stored name, by its extension (the upload route only ever writes `.webp`). */
export function contentTypeOfKey(key: string): string {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.jpg')) return 'image/jpeg';
  return 'image/webp';
}

/** The path under which this server serves stored images. */
export const MEDIA_IMAGES_PATH = '/media/images/';

/** The storage the configuration asks for. */
export function createMediaStorage(config: Config): MediaStorage {
  if (config.S3_BUCKET) {
    const opts = {
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined,
      publicUrl: config.S3_PUBLIC_URL,
    };
    // The AWS SDK (hundreds of files) is loaded only when S3 is configured, with the first file stored or read.
    let s3: Promise<MediaStorage> | undefined;
    const storage = () => {
      s3 ??= import('./storage.s3.ts').then((m) => m.createS3Storage(opts));
      return s3;
    };
    return {
      kind: 's3',
      put: async (key, bytes, contentType) => (await storage()).put(key, bytes, contentType),
      get: async (key) => (await storage()).get(key),
      delete: async (key) => (await storage()).delete(key),
      publicUrl(key) {
        assertStorageKey(key);
        return opts.publicUrl ? `${opts.publicUrl}/${key}` : `${MEDIA_IMAGES_PATH}${key}`;
      },
    };
  }
  return createLocalStorage(config.MEDIA_DIR);
}
