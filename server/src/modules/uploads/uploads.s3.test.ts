import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_IMAGE_PATH } from '../../../../common/image-url.ts';
import { buildUser, createTestApp } from '../../../test/helpers.ts';
import { startS3Server } from '../../../test/s3.ts';
import { loadConfig } from '../../config.ts';
import { createMediaStorage, InvalidStorageKeyError, type MediaStorage } from './storage.ts';
import { findStoredImage, isStoredImage } from './uploads.service.ts';
import { hasGpsTag, imageForm, jpegWithGps, makeImage } from './uploads.test-fixtures.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
const BUCKET = 'reelhouse-media';
const PUBLIC_URL = 'https://cdn.example.com/media';

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3?.close();
});

async function bytesOf(body: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('the S3 storage adapter, against a local S3-compatible server', () => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = createMediaStorage(loadConfig(s3.env(BUCKET)));
  });

  it('is the one configured by S3_BUCKET', () => {
    expect(storage.kind).toBe('s3');
    expect(createMediaStorage(loadConfig({})).kind).toBe('local');
  });

  it('puts, gets and deletes an object', async () => {
    const key = '11111111-2222-4333-8444-555555555555.webp';
    const bytes = await makeImage('webp');
    await storage.put(key, bytes, 'image/webp');
    const got = await storage.get(key);
    expect(got?.contentType).toBe('image/webp');
    expect(got?.size).toBe(bytes.length);
    expect((await bytesOf(got?.body as AsyncIterable<Buffer>)).equals(bytes)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is gone is not an error.
    await storage.delete(key);
  });

  it('answers null for a missing key and refuses keys that are not stored names', async () => {
    expect(await storage.get('00000000-0000-4000-8000-000000000000.webp')).toBeNull();
    await expect(storage.get('../other-bucket/x.webp')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.put('a/b.webp', Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('gives /media/images/ addresses without S3_PUBLIC_URL and the public https address with it', () => {
    const key = '11111111-2222-4333-8444-555555555555.webp';
    expect(storage.publicUrl(key)).toBe(`/media/images/${key}`);
    const withPublic = createMediaStorage(loadConfig({ ...s3.env(BUCKET), S3_PUBLIC_URL: `${PUBLIC_URL}/` }));
    expect(withPublic.publicUrl(key)).toBe(`${PUBLIC_URL}/${key}`);
  });
});

describe('POST /api/uploads/images with S3 configured', () => {
  it('stores the re-encoded image in the bucket and serves it through /media/images/', async () => {
    const ctx = await createTestApp({ ...s3.env(BUCKET), UPLOAD_RATE_LIMIT: '3' });
    try {
      const ada = await buildUser(ctx);
      const form = imageForm(await jpegWithGps(), { contentType: 'image/jpeg' });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: form.payload, headers: { ...form.headers, ...ada.headers } });
      expect(res.statusCode).toBe(201);
      const { url } = res.json().data;
      expect(url).toMatch(STORED_IMAGE_PATH);
      const key = url.slice('/media/images/'.length);

      // In the bucket itself, as stored (not in MEDIA_DIR).
      const object = await ctx.app.mediaStorage.get(key);
      const stored = await bytesOf(object?.body as AsyncIterable<Buffer>);
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(hasGpsTag(stored)).toBe(false);
      expect(readdirSync(ctx.config.MEDIA_DIR)).toEqual([]);

      // Proxied from the bucket.
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(stored)).toBe(true);
      expect((await ctx.app.inject({ method: 'GET', url: '/media/images/00000000-0000-4000-8000-000000000000.webp' })).statusCode).toBe(404);
      expect(await isStoredImage(ctx.database.db, url, { ownerId: ada.user.id })).toBe(true);

      // The limit per person: UPLOAD_RATE_LIMIT uploads an hour, then 429 with the wait.
      const again = () => ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: form.payload, headers: { ...form.headers, ...ada.headers } });
      expect((await again()).statusCode).toBe(201);
      expect((await again()).statusCode).toBe(201);
      const limited = await again();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      // Another person has a limit of their own.
      const ben = await buildUser(ctx);
      const bens = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: form.payload, headers: { ...form.headers, ...ben.headers } });
      expect(bens.statusCode).toBe(201);
    } finally {
      await ctx.close();
    }
  });

  it('answers the public https address with S3_PUBLIC_URL, which isStoredImage then checks', async () => {
    const ctx = await createTestApp({ ...s3.env(BUCKET), S3_PUBLIC_URL: PUBLIC_URL });
    try {
      const ada = await buildUser(ctx);
      const form = imageForm(await makeImage('png', 300, 300), { purpose: 'profile' });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: form.payload, headers: { ...form.headers, ...ada.headers } });
      expect(res.statusCode).toBe(201);
      const { url, width, height } = res.json().data;
      expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/[0-9a-f-]{36}\\.webp$`));
      expect([width, height]).toEqual([300, 300]);
      const key = url.slice(PUBLIC_URL.length + 1);
      expect(await ctx.app.mediaStorage.get(key)).not.toBeNull();
      const publicBase = ctx.config.S3_PUBLIC_URL;
      expect(await findStoredImage(ctx.database.db, url, publicBase)).toMatchObject({ key, ownerId: ada.user.id, purpose: 'profile' });
      expect(await isStoredImage(ctx.database.db, url, { publicBase, ownerId: ada.user.id })).toBe(true);
      expect(await isStoredImage(ctx.database.db, `${PUBLIC_URL}/00000000-0000-4000-8000-000000000000.webp`, { publicBase })).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it("removes a closed account's profile picture from the bucket", async () => {
    const ctx = await createTestApp(s3.env(BUCKET));
    try {
      const cy = await buildUser(ctx);
      const form = imageForm(await makeImage('png', 300, 300), { purpose: 'profile' });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: form.payload, headers: { ...form.headers, ...cy.headers } });
      expect(res.statusCode).toBe(201);
      const key = (res.json().data.url as string).slice('/media/images/'.length);
      expect(await ctx.app.mediaStorage.get(key)).not.toBeNull();
      const closed = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: cy.headers, payload: { confirm: 'DELETE' } });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(await ctx.app.mediaStorage.get(key)).toBeNull();
      expect(await ctx.database.db.selectFrom('imageUploads').select('key').where('ownerId', '=', cy.user.id).execute()).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 storage_unavailable, and keeps no row, when the bucket cannot be written', async () => {
    const ctx = await createTestApp(s3.env('no-such-bucket'));
    try {
      const ada = await buildUser(ctx);
      const form = imageForm(await makeImage('png'));
      const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads/images', payload: form.payload, headers: { ...form.headers, ...ada.headers } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('storage_unavailable');
      expect(await ctx.database.db.selectFrom('imageUploads').select('key').execute()).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
