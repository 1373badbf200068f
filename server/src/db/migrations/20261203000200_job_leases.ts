import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { types } from '../migrate.ts';

/**
 * Leases of scheduled jobs (server/src/lib/job-lease.ts): a job that must run once per schedule however many
 * processes run is claimed by one of them (`holder`) until `until` (milliseconds since the epoch); the others skip it
 * until the lease has run out.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', t.bigint, (c) => c.notNull())
    .execute();
}
