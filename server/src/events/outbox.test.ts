import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, } from '../../test/helpers.ts';
import type { Database, } from '../db/database.ts';
import type { DomainEvent } from './catalog.ts';
import { Outbox, recordEvent, writeWithEvents } from './outbox.ts';

// The outbox on a real database: events are kept or undone with their write, delivered after commit once per
// subscriber, after a crash by the next start, and retried on failure (two dispatchers on one PostgreSQL database: outbox.postgres.test.ts).
const silent = { error: () => undefined, warn: () => undefined };
let database: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase());
});
afterAll(async () => {
  await cleanup();
});
beforeEach(async () => {
  await database.db.deleteFrom('outboxDeliveries').execute();
  await database.db.deleteFrom('outboxEvents').execute();
});

const liked = (n: number) => ({ ratingId: `r${n}`, authorId: 'author', actorId: `fan${n}` });

async function pending(): Promise<number> {
  const row = await database.db.selectFrom('outboxEvents').select((eb) => eb.fn.countAll<number>().as('n')).where('deliveredAt', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('outbox', () => {
  it('writes events with the write, delivers them after commit before answering, and undoes them with a rollback', async () => {
    const outbox = new Outbox(database, silent);
    const seen: DomainEvent<'review.liked'>[] = [];
    let committedWhenSeen = false;
    outbox.subscribe('test.likes', 'review.liked', async (e) => {
      // Delivered after commit: the event's row is visible to another statement outside the writer's transaction.
      committedWhenSeen = (await database.db.selectFrom('outboxEvents').select('id').where('id', '=', e.id).executeTakeFirst()) !== undefined;
      seen.push(e);
    });
    await writeWithEvents(database, async (_trx, emit) => {
      await emit('review.liked', liked(1));
    });
    expect(seen.map((e) => e.data)).toEqual([liked(1)]);
    expect(committedWhenSeen).toBe(true);
    expect(await pending()).toBe(0);

    await expect(
      writeWithEvents(database, async (_trx, emit) => {
        await emit('review.liked', liked(2));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(seen).toHaveLength(1);
    const rows = await database.db.selectFrom('outboxEvents').select('payload').execute();
    expect(rows.map((r) => JSON.parse(r.payload))).toEqual([liked(1)]);
    await outbox.close();
  });

  it('after a crash between commit and delivery, the next start delivers each event once', async () => {
    const first = new Outbox(database, silent);
    const seen: string[] = [];
    first.subscribe('test.likes', 'review.liked', (e) => {
      seen.push(e.data.actorId);
    });
    // The process dies after commit, before delivery.
    first.paused = true;
    await writeWithEvents(database, async (_trx, emit) => {
      await emit('review.liked', liked(1));
      await emit('review.liked', liked(2));
    });
    await first.close();
    expect(seen).toEqual([]);
    expect(await pending()).toBe(2);

    const second = new Outbox(database, silent);
    second.subscribe('test.likes', 'review.liked', (e) => {
      seen.push(e.data.actorId);
    });
    await second.start();
    expect(seen).toEqual(['fan1', 'fan2']);
    expect(await pending()).toBe(0);
    // Another sweep, or a late ask to deliver them, finds nothing to do.
    await second.sweep();
    const ids = (await database.db.selectFrom('outboxEvents').select('id').execute()).map((r) => r.id);
    await second.deliver(ids);
    expect(seen).toEqual(['fan1', 'fan2']);
    await second.close();
  });

  it('retries a failing subscriber without running the others again or holding up other events', async () => {
    const outbox = new Outbox(database, silent, { retryMs: 1 });
    const good: string[] = [];
    const flaky: string[] = [];
    let failures = 1;
    outbox.subscribe('test.good', 'review.liked', (e) => {
      good.push(e.data.actorId);
    });
    outbox.subscribe('test.flaky', 'review.liked', (e) => {
      if (e.data.actorId === 'fan1' && failures-- > 0) throw new Error('down for a moment');
      flaky.push(e.data.actorId);
    });
    await writeWithEvents(database, async (_trx, emit) => {
      await emit('review.liked', liked(1));
    });
    await writeWithEvents(database, async (_trx, emit) => {
      await emit('review.liked', liked(2));
    });
    expect(good).toEqual(['fan1', 'fan2']);
    expect(flaky).toEqual(['fan2']);
    expect(await pending()).toBe(1);
    const failed = await database.db.selectFrom('outboxEvents').select(['lastError', 'attempts']).where('deliveredAt', 'is', null).executeTakeFirstOrThrow();
    expect(failed).toEqual({ lastError: 'down for a moment', attempts: 1 });

    await new Promise((r) => setTimeout(r, 5));
    await outbox.sweep();
    expect(flaky).toEqual(['fan2', 'fan1']);
    // The subscriber that had handled it is not run again.
    expect(good).toEqual(['fan1', 'fan2']);
    expect(await pending()).toBe(0);
    const marks = await database.db.selectFrom('outboxDeliveries').select('subscriber').orderBy('subscriber').execute();
    expect(marks.map((m) => m.subscriber)).toEqual(['test.flaky', 'test.flaky', 'test.good', 'test.good']);
    await outbox.close();
  });

  it('prunes delivered events after a while and keeps undelivered ones', async () => {
    const outbox = new Outbox(database, silent, { keepMs: 1000 });
    outbox.subscribe('test.likes', 'review.liked', () => undefined);
    await writeWithEvents(database, async (_trx, emit) => {
      await emit('review.liked', liked(1));
    });
    await recordEvent(database.db, 'review.liked', liked(2));
    expect(await outbox.prune(Date.now() + 500)).toBe(0);
    expect(await outbox.prune(Date.now() + 5000)).toBe(1);
    const left = await database.db.selectFrom('outboxEvents').select('payload').execute();
    expect(left.map((r) => JSON.parse(r.payload))).toEqual([liked(2)]);
    expect(await database.db.selectFrom('outboxDeliveries').selectAll().execute()).toEqual([]);
    await outbox.close();
  });

  it('refuses two subscribers of one name', () => {
    const outbox = new Outbox(database, silent);
    outbox.subscribe('test.once', 'review.liked', () => undefined);
    expect(() => outbox.subscribe('test.once', 'comment.liked', () => undefined)).toThrow(/already registered/);
  });
});
