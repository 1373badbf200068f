import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * Popular searches count people, not clicks: who clicked a result of a query on a day (a user id, or a hash of an
 * anonymous client), so search_query_daily.count grows once per person a day. Counts written before this stay as
 * they were (clicks) and leave the seven-day window within a week.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('search_query_clickers')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('clicker', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_query_clickers_pk', ['day', 'query', 'clicker'])
    .execute();
}
