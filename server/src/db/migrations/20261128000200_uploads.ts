import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Image uploads: one row per stored image (its storage key, who uploaded it, what for, its size), so the code that
 * takes an image address (a profile picture, a community image) can check the image was stored here and by whom.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('image_uploads')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A person's uploads, newest first.
  await db.schema.createIndex('image_uploads_owner_idx').on('image_uploads').columns(['owner_id', 'created_at']).execute();
}
