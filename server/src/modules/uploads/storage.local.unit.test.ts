import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage.local.ts';
import { InvalidStorageKeyError } from './storage.ts';

const base = mkdtempSync(join(tmpdir(), 'reelhouse-local-storage-'));
const dir = join(base, 'media');
const storage = createLocalStorage(dir);
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function text(body: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of body) out += chunk;
  return out;
}

describe('the local disk storage', () => {
  it('puts, gets and deletes a file under its directory, created when first needed', async () => {
    const key = '3f2a9c1e-77aa-4b1c-9d3e-0123456789ab.webp';
    await storage.put(key, Buffer.from('RIFF-bytes'), 'image/webp');
    expect(readdirSync(dir)).toEqual([key]);
    const got = await storage.get(key);
    expect(got?.contentType).toBe('image/webp');
    expect(got?.size).toBe(10);
    expect(await text(got?.body as NodeJS.ReadableStream)).toBe('RIFF-bytes');
    expect(storage.publicUrl(key)).toBe(`/media/images/${key}`);
    await storage.put(key, Buffer.from('replaced'), 'image/webp');
    expect(readFileSync(join(dir, key), 'utf8')).toBe('replaced');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses keys with .. or / (or anything but a stored name), so nothing outside its directory is reached', async () => {
    writeFileSync(join(base, 'secret.webp'), 'secret');
    for (const key of ['../secret.webp', '..', 'a/b.webp', 'abcdefgh/../../secret.webp', '/etc/passwd', '..\\secret.webp', 'abcdefgh.webp/..', '', 'ABCDEFGH.webp', 'abcdefgh.svg']) {
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => storage.publicUrl(key), key).toThrow(InvalidStorageKeyError);
    }
    expect(readFileSync(join(base, 'secret.webp'), 'utf8')).toBe('secret');
  });

  it('answers null for a missing file', async () => {
    expect(await storage.get('00000000-0000-4000-8000-000000000000.webp')).toBeNull();
  });
});
