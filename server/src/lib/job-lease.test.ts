import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/database.ts';
import { claimLease, runOnce, scheduleOnce } from './job-lease.ts';

let database: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase());
});
afterAll(async () => {
  await cleanup();
});

const HOUR = 3_600_000;

describe('job leases: a scheduled job runs once however many processes run it', () => {
  it('of two holders trying at the same moment, exactly one runs the job', async () => {
    const ran: string[] = [];
    const now = Date.now();
    const results = await Promise.all(
      ['a', 'b'].map((holder) => runOnce(database, 'same-moment', HOUR, () => ran.push(holder), { holder, now })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(ran).toHaveLength(1);
    const row = await database.db.selectFrom('jobLeases').selectAll().where('name', '=', 'same-moment').executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'same-moment', holder: ran[0], until: now + HOUR });
  });

  it('the lease holds for its period, then the next claim (by anyone) runs the job again', async () => {
    const t0 = Date.now();
    expect(await claimLease(database, 'period', HOUR, 'a', t0)).toBe(true);
    expect(await claimLease(database, 'period', HOUR, 'b', t0 + HOUR - 1)).toBe(false);
    expect(await claimLease(database, 'period', HOUR, 'a', t0 + HOUR - 1)).toBe(false);
    expect(await claimLease(database, 'period', HOUR, 'b', t0 + HOUR)).toBe(true);
    const row = await database.db.selectFrom('jobLeases').selectAll().where('name', '=', 'period').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: 'b', until: t0 + 2 * HOUR });
    // Other jobs have leases of their own.
    expect(await claimLease(database, 'another', HOUR, 'a', t0)).toBe(true);
  });

  it('a failing job rejects and keeps its lease until the next period', async () => {
    const now = Date.now();
    await expect(
      runOnce(database, 'failing', HOUR, () => Promise.reject(new Error('feed down')), { holder: 'a', now }),
    ).rejects.toThrow('feed down');
    expect(await runOnce(database, 'failing', HOUR, () => undefined, { holder: 'b', now: now + 1 })).toBe(false);
  });

  it('two schedules of one job on one database run it once per period', async () => {
    const ran: string[] = [];
    const errors: unknown[] = [];
    const log = { error: (obj: object) => errors.push(obj), debug: () => undefined };
    let release: () => void = () => {};
    const done = new Promise<void>((r) => {
      release = r;
    });
    const job = (holder: string) => () => {
      ran.push(holder);
      release();
    };
    // Both look at once and then every 20 ms, for a period of an hour.
    const one = scheduleOnce(database, 'scheduled', HOUR, job('one'), { log, checkMs: 20, holder: 'one' });
    const two = scheduleOnce(database, 'scheduled', HOUR, job('two'), { log, checkMs: 20, holder: 'two' });
    await done;
    // Many more looks by both (each claim is a database write): none runs the job again within the hour.
    const looks = async () => {
      for (let i = 0; i < 10; i++) await runOnce(database, 'scheduled', HOUR, () => ran.push('test'), { holder: 'test' });
    };
    await looks();
    await Promise.all([one.stop(), two.stop()]);
    expect(ran).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
