import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/helpers.ts';
import { createPostgresDatabase, type ServerProcess, startServerProcess, stopProcess } from '../test/process.ts';
import {
  type Acknowledged,
  counterProblems,
  describeAcknowledged,
  emptyAcknowledged,
  missingWrites,
  prepareStorm,
  runStorm,
  type StormWorld,
  waitForDeliveries,
} from '../test/write-storm.ts';
import { type Database, openDatabase } from './db/database.ts';

// A server process (`node server/src/main.ts`) killed with SIGKILL in the middle of a storm of writes from 40 people,
// then started again on the same database: every write it answered 2xx is there, every counter equals its rows, every
// gem balance equals its ledger, and the domain events it had not delivered are delivered by the new process.
// On the database of the project (TEST_DB): a SQLite file, or a PostgreSQL database of the test's own.

const dir = mkdtempSync(join(tmpdir(), 'reelhouse-crash-'));
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | null = null;
let database: Database;
const servers: ServerProcess[] = [];

// Undelivered events of a killed process are taken over after a second here (60 s by default).
const start = async (name: string) => {
  const server = await startServerProcess(name, dir, {
    DATABASE_URL: databaseUrl,
    PAYMENTS_PROVIDER: 'sandbox',
    OUTBOX_CLAIM_SECONDS: '1',
    OUTBOX_SWEEP_SECONDS: '1',
    PRESSURE_EVENT_LOOP_DELAY_MS: '0',
  }, 150_000);
  servers.push(server);
  return server;
};

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresDatabase(TEST_DATABASE_URL, 'reelhouse_crash');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else {
    databaseUrl = `sqlite:${join(dir, 'crash.db')}`;
  }
}, 30_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => stopProcess(s.child, s.exited)));
  await database?.close();
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('SIGKILL in the middle of a write storm', () => {
  it('loses no acknowledged write, leaves every counter and balance equal to its rows, and delivers every event', async () => {
    const first = await start('before the kill');
    database = await openDatabase({ url: databaseUrl, poolSize: 2 });
    const world: StormWorld = await prepareStorm(database, first.base, { people: 40, titles: 30 });
    const acked: Acknowledged = emptyAcknowledged();
    let killed = false;
    const storm = runStorm(first.base, world, acked, { writers: 40, stop: () => killed });
    // Enough acknowledged writes (a purchase among them) that the kill lands among many more in flight.
    const total = () => Object.values(acked).reduce((n, rows: unknown[]) => n + rows.length, 0);
    const t0 = Date.now();
    while ((total() < 80 || acked.purchases.length === 0) && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await first.exited;
    killed = true;
    const { byStatus } = await storm;
    const summary = `${describeAcknowledged(acked)}; answers ${JSON.stringify([...byStatus])}`;
    expect(byStatus.get(500) ?? 0, summary).toBe(0);
    expect(byStatus.get('network') ?? 0, `some requests were in flight at the kill: ${summary}`).toBeGreaterThan(0);
    expect(total(), summary).toBeGreaterThanOrEqual(80);
    expect(acked.purchases.length, summary).toBeGreaterThan(0);

    const second = await start('after the kill');
    expect(await missingWrites(database, acked), summary).toEqual([]);
    expect(await waitForDeliveries(database, 15_000), `undelivered events 15 s after the restart ${second.output()}`).toBe(0);
    expect(await counterProblems(database), summary).toEqual([]);
    // The restarted server shows what it acknowledged before.
    const rating = acked.ratings[acked.ratings.length - 1];
    const shown = await fetch(`${second.base}/api/ratings-and-reviews/${rating.id}`, { headers: world.people[0].headers });
    expect(shown.status).toBe(200);
  }, 480_000);
});
