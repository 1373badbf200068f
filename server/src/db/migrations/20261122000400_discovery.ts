import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * Discovery: what people do with titles (for weekly popularity) and which
 * searches led to a click (for popular searches). Both are daily counters,
 * so the 7-day window reads at most 7 days x active titles rows.
 * Plus an index on titles.updated_at so the in-process search index can
 * pick up changed titles cheaply.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('title_activity_daily')
    .addColumn('day', 'text', (c) => c.notNull()) // YYYY-MM-DD (UTC)
    .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('title_activity_daily_pk', ['day', 'title_id', 'kind'])
    .execute();
  await db.schema.createIndex('title_activity_daily_title_idx').on('title_activity_daily').column('title_id').execute();

  await db.schema
    .createTable('search_query_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull()) // trimmed, lower-case, single spaces
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('search_query_daily_pk', ['day', 'query'])
    .execute();

  await db.schema.createIndex('titles_updated_at_idx').on('titles').column('updated_at').execute();
}
