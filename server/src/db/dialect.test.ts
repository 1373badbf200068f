import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Database } from './database.ts';
import { isUniqueViolation } from './dialect.ts';

let database: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase());
  await sql`create table dialect_probe (id text primary key, name text not null unique, flag boolean not null)`.execute(database.db);
});
afterAll(async () => {
  await cleanup?.();
});

// The probe table is not in the schema types: the query layer is told so.
const probe = () => database.db.withTables<{ dialectProbe: { id: string; name: string; flag: boolean | number } }>();

describe('one query for both databases (db/dialect.ts)', () => {
  it('writes and compares booleans as true and false', async () => {
    await probe()
      .insertInto('dialectProbe')
      .values([
        { id: 'a', name: 'Ada', flag: true },
        { id: 'b', name: 'Ben', flag: false },
      ])
      .execute();
    const on = await probe().selectFrom('dialectProbe').select('id').where('flag', '=', true).execute();
    expect(on.map((r) => r.id)).toEqual(['a']);
    await probe().updateTable('dialectProbe').set({ flag: true }).where('id', '=', 'b').execute();
    const rows = await probe().selectFrom('dialectProbe').select(['id', 'flag']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, Boolean(r.flag)])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    // Upserts too: the same onConflict on both.
    await probe()
      .insertInto('dialectProbe')
      .values({ id: 'a', name: 'Ada', flag: false })
      .onConflict((oc) => oc.column('id').doUpdateSet({ flag: false }))
      .execute();
    expect(Boolean((await probe().selectFrom('dialectProbe').select('flag').where('id', '=', 'a').executeTakeFirstOrThrow()).flag)).toBe(false);
  });

  it('locks a row with forUpdate on PostgreSQL and writes the same select without it on SQLite', async () => {
    const q = probe().selectFrom('dialectProbe').select('id').where('id', '=', 'a').forUpdate();
    expect(q.compile().sql.includes('for update')).toBe(database.dialect === 'postgres');
    const row = await database.db.transaction().execute(async (trx) =>
      trx.withTables<{ dialectProbe: { id: string; name: string; flag: boolean | number } }>().selectFrom('dialectProbe').select('id').where('id', '=', 'a').forUpdate().executeTakeFirst(),
    );
    expect(row?.id).toBe('a');
  });

  it('tells a unique violation from other errors, by index when asked', async () => {
    const err = await probe()
      .insertInto('dialectProbe')
      .values({ id: 'c', name: 'Ada', flag: true })
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'name')).toBe(true);
    expect(isUniqueViolation(err, 'username_key')).toBe(false);
    const notNull = await probe()
      .insertInto('dialectProbe')
      .values({ id: 'd', name: null as unknown as string, flag: true })
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(notNull).not.toBeNull();
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
