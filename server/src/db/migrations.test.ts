import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe('migrations that fill a new column from existing rows', () => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await openTestDatabase({ upTo: '20261122000600_title_creator' }));
    const now = new Date().toISOString();
    for (const id of ['tt1', 'tt2']) {
      await sql`insert into titles (id, title_type, primary_title, search_text, created_at, updated_at)
        values (${id}, 'movie', ${`Title ${id}`}, ${`title ${id}`}, ${now}, ${now})`.execute(database.db);
    }
    // Written out of order: the page lists creators, directors, actors and writers each in billing order.
    const people: [number, string, string, string | null][] = [
      [2, 'actor', 'Second Actor', null],
      [1, 'writer', 'A Writer', null],
      [1, 'director', 'The Director', null],
      [1, 'actor', 'First Actor', 'Hero'],
    ];
    for (const [ordering, role, name, character] of people) {
      await sql`insert into title_people (title_id, ordering, name, role, character) values ('tt1', ${ordering}, ${name}, ${role}, ${character})`.execute(
        database.db,
      );
    }
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await cleanup();
  });

  it("titles.people_json: each title's people, in role then billing order, [] when it has none", async () => {
    const rows = await database.db.selectFrom('titles').select(['id', 'peopleJson']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, JSON.parse(r.peopleJson ?? 'null')])).toEqual([
      [
        'tt1',
        [
          ['First Actor', 'actor', 'Hero'],
          ['Second Actor', 'actor', null],
          ['The Director', 'director', null],
          ['A Writer', 'writer', null],
        ],
      ],
      ['tt2', []],
    ]);
  });
});
