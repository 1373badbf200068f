import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Closing an account and tokens for scripts (modules/account):
 * - `users.deleted_at`: a closed account is kept as a tombstone (every personal column blanked) so the gem ledger's
 *   rows keep a valid owner; the rest of the person's data is gone.
 * - `api_tokens`: personal access tokens, stored as the SHA-256 of the token (shown once).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema.alterTable('users').addColumn('deleted_at', t.timestamp).execute();
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').columns(['user_id', 'created_at']).execute();
}
