import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * History imports (modules/imports): one job per uploaded file, with its progress and counts, and one row per item the
 * file held (a rating, a watchlist entry, a list entry), kept for the report and so an interrupted job resumes where it
 * stopped. `lease_until` (milliseconds since the epoch): a process works on the job until then and renews it each batch.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('already_present', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_matched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ambiguous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('lease_until', t.bigint)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema.createIndex('import_jobs_user_idx').on('import_jobs').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('import_jobs_status_idx').on('import_jobs').column('status').execute();
  await db.schema
    .createTable('import_rows')
    .addColumn('job_id', 'text', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('row_text', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title_id', 'text')
    .addColumn('candidates', 'text')
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('import_rows_pk', ['job_id', 'seq'])
    .execute();
  await db.schema.createIndex('import_rows_status_idx').on('import_rows').columns(['job_id', 'status', 'seq']).execute();
}
