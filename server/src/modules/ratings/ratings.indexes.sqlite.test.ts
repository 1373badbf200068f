import { CamelCasePlugin, DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import * as repo from './ratings.repository.ts';

/**
 * The counts behind a title's reviews total read the rare exceptions from their own indexes (the hidden reviews' key,
 * the suspended accounts' partial index, the reader's blocks) and the ratings through an index, never a scan of the
 * ratings or of the users table. Checked on SQLite's query plans; which side of each join drives is the planner's
 * choice (on PostgreSQL with the compare seed: the hidden reviews hashed against the title's index, the suspended
 * accounts probing (user, title)).
 */
let database: Database;
let cleanup: () => Promise<void>;

/** The query plans of the statements `run` sends (compiled as the app compiles them, planned by the test database). */
async function plansOf(run: (db: Kysely<DB>) => Promise<unknown>): Promise<string> {
  const sqlite = database.sqlite;
  if (!sqlite) throw new Error('SQLite only');
  const plans: string[] = [];
  const capture = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
    log: (e) => {
      const rows = sqlite.prepare(`explain query plan ${e.query.sql}`).all(...(e.query.parameters as unknown[])) as { detail: string }[];
      plans.push(rows.map((r) => r.detail).join('\n'));
    },
  });
  // The dummy driver answers no rows: the functions reading them may throw after the statement was planned.
  await run(capture).catch(() => undefined);
  return plans.join('\n');
}

beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase());
  database.sqlite?.exec('analyze');
});
afterAll(async () => {
  await cleanup?.();
});

describe('the reviews total', () => {
  it('finds hidden reviews and suspended accounts in their own indexes', async () => {
    const plan = await plansOf((db) => repo.unseenReviewCount(db, 'tt1'));
    expect(plan).toMatch(/users_suspended_idx/);
    expect(plan).not.toMatch(/SCAN u\b/);
    expect(plan).not.toMatch(/SCAN r\b/);
  });

  it('counts the blocked reviews from the reader’s blocks, a key probe of the ratings each', async () => {
    const plan = await plansOf((db) => repo.blockedReviewCount(db, 'tt1', 'reader'));
    expect(plan).toMatch(/SEARCH blocks/);
    expect(plan).toMatch(/SEARCH r USING INDEX \S+ \(user_id=\? AND title_id=\?\)/);
    expect(plan).not.toMatch(/SCAN r\b/);
    expect(plan).not.toMatch(/SCAN (vu|users)\b/);
  });
});
