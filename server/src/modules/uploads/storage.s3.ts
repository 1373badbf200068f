import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, contentTypeOfKey, MEDIA_IMAGES_PATH, type MediaStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** MinIO, R2, B2, ...; unset for AWS. */
  endpoint?: string;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Public https address of the bucket: images are linked there; unset, this server serves them under /media/images/. */
  publicUrl?: string;
}

/** The cache policy stored with each object: names are random and never reused, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files in an S3-compatible bucket, one object per key at the bucket's top level. Objects carry their content type
 * and an immutable Cache-Control, so a CDN or the bucket's public address serves them as this server would.
 */
export function createS3Storage(opts: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle,
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // A storage service that stops answering fails the request instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 2,
  });
  const Bucket = opts.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE }));
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          contentType: res.ContentType ?? contentTypeOfKey(key),
          size: typeof res.ContentLength === 'number' ? res.ContentLength : null,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    publicUrl(key) {
      assertStorageKey(key);
      return opts.publicUrl ? `${opts.publicUrl}/${key}` : `${MEDIA_IMAGES_PATH}${key}`;
    },
  };
}

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
  return false;
}
