import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * The suspended accounts, a handful among all people, in an index of their own. Every listing's visibility rule asks
 * of each row whether its author is suspended (lib/visibility.ts `authorActive`): without this index PostgreSQL
 * answered by reading the whole users table on each call (a community's discussions, a title's reviews), and counts
 * of what readers do not see can now start from the suspended accounts instead of from every row counted.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createIndex('users_suspended_idx')
    .on('users')
    .column('id')
    .where(sql<boolean>`suspended_at is not null`)
    .execute();
}
