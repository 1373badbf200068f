import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, WAL_SAFETY_PAGES } from './database.ts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reelhouse-db-'));
  dirs.push(dir);
  return join(dir, 'app.db');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** About 8 MB of rows (2,000 pages of 4 KB), in small transactions like the server's. */
function writeRows(sqlite: NonNullable<Awaited<ReturnType<typeof openDatabase>>['sqlite']>) {
  sqlite.exec('create table notes (id integer primary key, body text not null)');
  const insert = sqlite.prepare('insert into notes (body) values (?)');
  const batch = sqlite.transaction((n: number) => {
    for (let i = 0; i < n; i++) insert.run('x'.repeat(800));
  });
  for (let t = 0; t < 100; t++) batch(100);
}

describe('SQLite background checkpoints', () => {
  it('leaves commits on the main connection to append to the log, and writes the log back from a worker', async () => {
    const file = tempFile();
    const database = await openDatabase({ url: `sqlite:${file}`, backgroundCheckpoints: true });
    const sqlite = database.sqlite;
    if (!sqlite) throw new Error('expected SQLite');
    // SQLite's own checkpoint only as a safety net, far above what a second of writes fills.
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_SAFETY_PAGES);
    const before = statSync(file).size;
    writeRows(sqlite);
    // Nothing on the main connection copies the log into the file; the worker's passes do.
    await until(() => statSync(file).size > before + 7_000_000 && (database.checkpointPasses?.() ?? 0) > 0);
    await database.close();

    const again = await openDatabase({ url: `sqlite:${file}` });
    expect(again.sqlite?.prepare('select count(*) as n from notes').get()).toEqual({ n: 10_000 });
    await again.close();
  });

  it('keeps SQLite automatic checkpoints when not asked for (importers, tests)', async () => {
    const database = await openDatabase({ url: `sqlite:${tempFile()}` });
    expect(database.sqlite?.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(database.checkpointPasses).toBeUndefined();
    await database.close();
  });

  it('stops the worker on close, so the process can exit and the log is written back', async () => {
    const file = tempFile();
    const database = await openDatabase({ url: `sqlite:${file}`, backgroundCheckpoints: true });
    database.sqlite?.exec('create table t (x); insert into t values (1)');
    await database.close();
    // The last connection to close writes the log back and removes it.
    expect(() => statSync(`${file}-wal`)).toThrow();
  });
});

describe('SQLite heavy reads on a worker thread', () => {
  it('runs readHeavy on its own connection: rows as the query layer gives them, the last commit seen, errors passed on', async () => {
    const database = await openDatabase({ url: `sqlite:${tempFile()}`, readWorker: true });
    const sqlite = database.sqlite;
    if (!sqlite) throw new Error('expected SQLite');
    sqlite.exec("create table search_query_daily (day text, query text, count integer); insert into search_query_daily values ('2026-11-20', 'dune', 3)");
    const query = database.db
      .selectFrom('searchQueryDaily')
      .select(['day', 'query', 'count'])
      .where('day', '>=', '2026-11-01');
    // The main connection does not run it (the worker prepares it on its own connection).
    const prepared: string[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => {
      prepared.push(source);
      return prepare(source);
    }) as typeof sqlite.prepare;
    expect(await database.readHeavy(query)).toEqual([{ day: '2026-11-20', query: 'dune', count: 3 }]);
    // A write committed on the main connection is there for the next read.
    sqlite.exec("insert into search_query_daily values ('2026-11-21', 'amelie', 1)");
    expect((await database.readHeavy(query)).map((r) => r.query).sort()).toEqual(['amelie', 'dune']);
    expect(prepared.filter((s) => s.includes('search_query_daily'))).toEqual([]);
    // Its connection only reads.
    const raw = (text: string) => ({ compile: () => sql.raw(text).compile(database.db) });
    await expect(database.readHeavy(raw('delete from search_query_daily returning query'))).rejects.toThrow(/readonly|query_only/i);
    await expect(database.readHeavy(raw('select * from nowhere'))).rejects.toThrow(/no such table/);
    expect(sqlite.prepare('select count(*) as n from search_query_daily').get()).toEqual({ n: 2 });
    await database.close();
  });

  it('runs its workers (checkpointer, reader) at the lowest priority, leaving the event loop at its own', async () => {
    // Each thread's nice value (Linux, from /proc: field 19 of its stat line).
    const niceOfThreads = (): number[] =>
      readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]));
    const own = (): number => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
    const lowest = () => niceOfThreads().filter((n) => n === 19).length;
    const before = lowest();
    const main = own();
    const database = await openDatabase({ url: `sqlite:${tempFile()}`, backgroundCheckpoints: true, readWorker: true });
    // The reader starts with the first heavy read; the checkpointer at once.
    expect(await database.readHeavy({ compile: () => sql<{ answer: number }>`select 42 as answer`.compile(database.db) })).toEqual([{ answer: 42 }]);
    await until(() => lowest() === before + 2);
    expect(own()).toBe(main);
    await database.close();
    await until(() => lowest() === before);
  });

  it('reads on the main connection without readWorker (importers, tests)', async () => {
    const database = await openDatabase({ url: `sqlite:${tempFile()}` });
    expect(await database.readHeavy({ compile: () => sql<{ answer: number }>`select 42 as answer`.compile(database.db) })).toEqual([{ answer: 42 }]);
    await database.close();
  });
});
