import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE_URL } from '../../test/helpers.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { Outbox, recordEvent } from './outbox.ts';

// Two dispatchers on one PostgreSQL database, as two server processes have: each event is delivered once
// (rows claimed with FOR UPDATE SKIP LOCKED). Run by the server-postgres project alone (vitest.config.ts).
const silent = { error: () => undefined, warn: () => undefined };
let database: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase());
});
afterAll(async () => {
  await cleanup();
});

const liked = (n: number) => ({ ratingId: `r${n}`, authorId: 'author', actorId: `fan${n}` });

async function pending(): Promise<number> {
  const row = await database.db.selectFrom('outboxEvents').select((eb) => eb.fn.countAll<number>().as('n')).where('deliveredAt', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('outbox with two processes on one PostgreSQL database', () => {
  it('delivers each event exactly once while both dispatch at the same time', async () => {
    // A second connection pool on the same schema, as a second server process has.
    const other = await openDatabase({ url: TEST_DATABASE_URL, schema: database.schema, poolSize: 4 });
    try {
      const count = 120;
      for (let i = 0; i < count; i += 40) {
        await database.db.transaction().execute(async (trx) => {
          for (let j = i; j < i + 40; j++) await recordEvent(trx, 'review.liked', liked(j));
        });
      }
      const handledBy = new Map<string, string[]>();
      const make = (db: Database, name: string) => {
        const outbox = new Outbox(db, silent, { batch: 10 });
        outbox.subscribe('test.likes', 'review.liked', async (e) => {
          handledBy.set(e.id, [...(handledBy.get(e.id) ?? []), name]);
          await new Promise((r) => setImmediate(r));
        });
        return outbox;
      };
      const a = make(database, 'a');
      const b = make(other, 'b');
      // Both pools connected before the race starts.
      await Promise.all([database.ping(), other.ping()]);
      const ids = (await database.db.selectFrom('outboxEvents').select('id').execute()).map((r) => r.id);
      // Both sweep, and both are asked for the same ids at once, as after a commit seen by both.
      await Promise.all([a.sweep(), b.sweep(), a.deliver(ids.slice(0, 60)), b.deliver(ids.slice(0, 60)), a.sweep(), b.sweep()]);
      await Promise.all([a.sweep(), b.sweep()]);
      expect(handledBy.size).toBe(count);
      expect([...handledBy.values()].filter((who) => who.length !== 1)).toEqual([]);
      const byA = [...handledBy.values()].filter((who) => who[0] === 'a').length;
      // Both took part.
      expect(byA).toBeGreaterThan(0);
      expect(byA).toBeLessThan(count);
      expect(await pending()).toBe(0);
      await a.close();
      await b.close();
    } finally {
      await other.close();
    }
  });
});
