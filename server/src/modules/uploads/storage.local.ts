import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { assertStorageKey, contentTypeOfKey, MEDIA_IMAGES_PATH, type MediaStorage } from './storage.ts';

/**
 * Files on local disk, one per key, directly in `dir` (MEDIA_DIR, `./data/media` by default), created when first
 * needed. A key is a flat name (storage.ts `assertStorageKey`), and the resolved path is checked to be inside `dir`
 * as well, so no key reaches a file elsewhere. Writes go to a temporary name first and are renamed into place, so
 * a reader never sees half a file.
 */
export function createLocalStorage(dir: string): MediaStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error('storage key outside the media directory');
    return path;
  };
  let ready: Promise<unknown> | null = null;
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      ready ??= mkdir(root, { recursive: true });
      await ready;
      const temp = `${root}${sep}.${randomUUID()}.part`;
      const handle = await open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { body: createReadStream(path), contentType: contentTypeOfKey(key), size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl(key) {
      assertStorageKey(key);
      return `${MEDIA_IMAGES_PATH}${key}`;
    },
  };
}
