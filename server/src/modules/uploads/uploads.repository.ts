import type { Kysely } from 'kysely';
import type { UploadPurpose } from '../../../../common/contracts/uploads.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

export interface ImageUploadRow {
  key: string;
  ownerId: string;
  purpose: UploadPurpose;
  size: number;
  width: number;
  height: number;
  createdAt: Date | string;
}

export async function insertImageUpload(db: Db, row: ImageUploadRow): Promise<void> {
  await db.insertInto('imageUploads').values(row).execute();
}

export async function findImageUpload(db: Db, key: string): Promise<ImageUploadRow | undefined> {
  return db
    .selectFrom('imageUploads')
    .select(['key', 'ownerId', 'purpose', 'size', 'width', 'height', 'createdAt'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The stored names of a person's uploads for this purpose. */
export async function uploadKeysOf(db: Db, ownerId: string, purpose: UploadPurpose): Promise<string[]> {
  const rows = await db.selectFrom('imageUploads').select('key').where('ownerId', '=', ownerId).where('purpose', '=', purpose).orderBy('key').execute();
  return rows.map((r) => r.key);
}

/** Forgets these uploads' records. */
export async function deleteUploads(db: Db, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 500) await db.deleteFrom('imageUploads').where('key', 'in', keys.slice(i, i + 500)).execute();
}
