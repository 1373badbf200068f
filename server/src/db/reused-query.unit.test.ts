import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reusedQuery } from './reused-query.ts';

interface Db {
  fanRatings: { userId: string; titleId: string; rating: number };
}

function database() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table fan_ratings (user_id text, title_id text, rating integer)');
  const insert = sqlite.prepare('insert into fan_ratings values (?, ?, ?)');
  for (const [u, t, r] of [
    ['ada', 'tt1', 9],
    ['ada', 'tt2', 4],
    ['ben', 'tt1', 7],
  ] as const)
    insert.run(u, t, r);
  return new Kysely<Db>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new CamelCasePlugin()] });
}

describe('reusedQuery', () => {
  it('compiles each shape once and runs it with the values of each call, camelCasing the rows', async () => {
    let compiled = 0;
    const byUser = reusedQuery<{ min: boolean }, { userId: string; min: number; limit: number }, { titleId: string; rating: number }>(
      ['userId', 'min', 'limit'],
      (db: Kysely<Db>, shape, p) => {
        compiled++;
        let q = db.selectFrom('fanRatings').select(['titleId', 'rating']).where('userId', '=', p.userId);
        if (shape.min) q = q.where('rating', '>=', p.min);
        return q.orderBy('titleId').limit(p.limit);
      },
    );
    const db = database();
    expect(await byUser(db, { min: false }, { userId: 'ada', min: 0, limit: 10 })).toEqual([
      { titleId: 'tt1', rating: 9 },
      { titleId: 'tt2', rating: 4 },
    ]);
    expect(await byUser(db, { min: false }, { userId: 'ben', min: 0, limit: 10 })).toEqual([{ titleId: 'tt1', rating: 7 }]);
    expect(await byUser(db, { min: false }, { userId: 'ada', min: 0, limit: 1 })).toEqual([{ titleId: 'tt1', rating: 9 }]);
    expect(await byUser(db, { min: true }, { userId: 'ada', min: 5, limit: 10 })).toEqual([{ titleId: 'tt1', rating: 9 }]);
    expect(await byUser(db, { min: true }, { userId: 'ada', min: 1, limit: 10 })).toHaveLength(2);
    expect(compiled).toBe(2);
    // Another database compiles for itself.
    expect(await byUser(database(), { min: false }, { userId: 'ben', min: 0, limit: 10 })).toHaveLength(1);
    expect(compiled).toBe(3);
  });

  it('keeps values that are not named as they were when compiled', async () => {
    const tt1 = reusedQuery<null, { userId: string }, { rating: number }>(['userId'], (db: Kysely<Db>, _s, p) =>
      db.selectFrom('fanRatings').select('rating').where('titleId', '=', 'tt1').where('userId', '=', p.userId),
    );
    const db = database();
    expect(await tt1(db, null, { userId: 'ben' })).toEqual([{ rating: 7 }]);
    expect(await tt1(db, null, { userId: 'ada' })).toEqual([{ rating: 9 }]);
  });
});
