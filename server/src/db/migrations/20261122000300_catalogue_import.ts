import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Bookkeeping for the catalogue importers: a title+year match key, TMDB
 * popularity, budget; a name lookup filled from IMDb's name.basics; and a
 * small cache of TMDB responses with an expiry.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema.alterTable('titles').addColumn('match_key', 'text').execute();
  await db.schema.alterTable('titles').addColumn('tmdb_popularity', t.real).execute();
  await db.schema.alterTable('titles').addColumn('budget_usd', t.bigint).execute();
  await db.schema.createIndex('titles_match_key_idx').on('titles').columns(['match_key', 'start_year']).execute();

  await db.schema
    .createTable('catalogue_names')
    .addColumn('nconst', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tmdb_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
}
