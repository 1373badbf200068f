import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';
import * as m20261122000100 from './migrations/20261122000100_auth.ts';
import * as m20261122000200 from './migrations/20261122000200_catalogue.ts';
import * as m20261122000300 from './migrations/20261122000300_catalogue_import.ts';
import * as m20261122000400 from './migrations/20261122000400_discovery.ts';
import * as m20261122000500 from './migrations/20261122000500_tmdb_feeds.ts';
import * as m20261122000600 from './migrations/20261122000600_title_creator.ts';
import * as m20261123000100 from './migrations/20261123000100_title_people_json.ts';
import * as m20261126000100 from './migrations/20261126000100_search_query_clickers.ts';
import * as m20261127000100 from './migrations/20261127000100_ratings.ts';
import * as m20261127000200 from './migrations/20261127000200_watchlist.ts';
import * as m20261127000300 from './migrations/20261127000300_lists.ts';
import * as m20261128000100 from './migrations/20261128000100_communities.ts';
import * as m20261128000200 from './migrations/20261128000200_uploads.ts';
import * as m20261128000300 from './migrations/20261128000300_gems_purchases.ts';
import * as m20261128000500 from './migrations/20261128000500_people.ts';
import * as m20261128000600 from './migrations/20261128000600_levels.ts';
import * as m20261128000700 from './migrations/20261128000700_feed_covering_indexes.ts';
import * as m20261202000100 from './migrations/20261202000100_outbox.ts';
import * as m20261203000100 from './migrations/20261203000100_imports.ts';
import * as m20261203000200 from './migrations/20261203000200_job_leases.ts';
import * as m20261204000100 from './migrations/20261204000100_account.ts';
import * as m20261204000500 from './migrations/20261204000500_notification_preferences.ts';
import * as m20261204000600 from './migrations/20261204000600_diary.ts';
import * as m20261205000100 from './migrations/20261205000100_marks_provider_checks.ts';
import * as m20261205000500 from './migrations/20261205000500_title_episodes.ts';
import * as m20261205000800 from './migrations/20261205000800_feed_inbox.ts';
import * as m20261206000300 from './migrations/20261206000300_suspended_accounts_index.ts';

export type MigrationDialect = 'sqlite' | 'postgres';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void>;
}

/**
 * Every migration, in order. Each receives the dialect so SQLite/PostgreSQL
 * differences live in one visible place. Add new ones at the end.
 */
const migrations: Record<string, DialectMigration> = {
  '20261122000100_auth': m20261122000100,
  '20261122000200_catalogue': m20261122000200,
  '20261122000300_catalogue_import': m20261122000300,
  '20261122000400_discovery': m20261122000400,
  '20261122000500_tmdb_feeds': m20261122000500,
  '20261122000600_title_creator': m20261122000600,
  '20261123000100_title_people_json': m20261123000100,
  '20261126000100_search_query_clickers': m20261126000100,
  '20261127000100_ratings': m20261127000100,
  '20261127000200_watchlist': m20261127000200,
  '20261127000300_lists': m20261127000300,
  '20261128000100_communities': m20261128000100,
  '20261128000200_uploads': m20261128000200,
  '20261128000300_gems_purchases': m20261128000300,
  '20261128000500_people': m20261128000500,
  '20261128000600_levels': m20261128000600,
  '20261128000700_feed_covering_indexes': m20261128000700,
  '20261202000100_outbox': m20261202000100,
  '20261203000100_imports': m20261203000100,
  '20261203000200_job_leases': m20261203000200,
  '20261204000100_account': m20261204000100,
  '20261204000500_notification_preferences': m20261204000500,
  '20261204000600_diary': m20261204000600,
  '20261205000100_marks_provider_checks': m20261205000100,
  '20261205000500_title_episodes': m20261205000500,
  '20261205000800_feed_inbox': m20261205000800,
  '20261206000300_suspended_accounts_index': m20261206000300,
};

/** Column types that differ between the two databases. */
export function types(dialect: MigrationDialect) {
  const pg = dialect === 'postgres';
  return {
    bool: pg ? ('boolean' as const) : ('integer' as const),
    false: pg ? sql`false` : sql`0`,
    true: pg ? sql`true` : sql`1`,
    timestamp: pg ? ('timestamptz' as const) : ('text' as const),
    json: pg ? ('jsonb' as const) : ('text' as const),
    real: pg ? ('double precision' as const) : ('real' as const),
    bigint: pg ? ('bigint' as const) : ('integer' as const),
  };
}

class Provider implements MigrationProvider {
  constructor(private dialect: MigrationDialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(migrations)) {
      out[name] = { up: (db) => m.up(db, this.dialect) };
    }
    return out;
  }
}

/** Runs every migration not yet run, or (`upTo`, for tests of a migration's backfill) those up to that one. */
export async function migrateToLatest(database: Database, opts: { upTo?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db.withoutPlugins() as Kysely<unknown>,
    provider: new Provider(database.dialect),
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = opts.upTo ? await migrator.migrateTo(opts.upTo) : await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
