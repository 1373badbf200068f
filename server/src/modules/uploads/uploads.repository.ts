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

/** Erases a closed account's upload records (erasing twice changes nothing). */
export async function eraseAccountUploads(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('imageUploads').where('ownerId', '=', userId).execute();
}
