import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, WAL_SAFETY_PAGES, workerCalls } from './database.ts';

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

  it('runs its workers (checkpointer, reader, writer) at the lowest priority, leaving the event loop at its own', async () => {
    // Each thread's nice value (Linux, from /proc: field 19 of its stat line).
    const niceOfThreads = (): number[] =>
      readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]));
    const own = (): number => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
    const lowest = () => niceOfThreads().filter((n) => n === 19).length;
    const before = lowest();
    const main = own();
    const database = await openDatabase({ url: `sqlite:${tempFile()}`, backgroundCheckpoints: true, readWorker: true, writeWorker: true });
    expect(await database.readHeavy({ compile: () => sql<{ answer: number }>`select 42 as answer`.compile(database.db) })).toEqual([{ answer: 42 }]);
    await database.writeBatch?.('create table if not exists t (x)', [[]]);
    await until(() => lowest() === before + 3);
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

describe('SQLite batches written on a worker thread', () => {
  const UPSERT = `insert into counters (name, n) values (?, ?) on conflict (name) do update set n = counters.n + excluded.n`;
  const rowsOf = (count: number, n = 1) => Array.from({ length: count }, (_, i) => [`c${i}`, n] as const);

  it('writes every row on its own connection, finishes what it was sent before closing, and passes errors on', async () => {
    const file = tempFile();
    const database = await openDatabase({ url: `sqlite:${file}`, writeWorker: true });
    const sqlite = database.sqlite as NonNullable<typeof database.sqlite>;
    sqlite.exec('create table counters (name text primary key, n integer not null)');
    const prepare = sqlite.prepare.bind(sqlite);
    const onMain: string[] = [];
    sqlite.prepare = ((text: string) => {
      onMain.push(text);
      return prepare(text);
    }) as typeof sqlite.prepare;
    await database.writeBatch?.(UPSERT, rowsOf(3000));
    await database.writeBatch?.(UPSERT, rowsOf(10, 2));
    expect(database.backgroundBatches?.()).toBe(2);
    // The main connection never prepared the statement: the worker ran it.
    expect(onMain).not.toContain(UPSERT);
    expect(sqlite.prepare('select count(*) as c, sum(n) as s from counters').get()).toEqual({ c: 3000, s: 3020 });
    await expect(database.writeBatch?.('insert into nowhere values (?)', [[1]])).rejects.toThrow(/no such table/);
    // A batch still being written when the database closes is finished first.
    const last = database.writeBatch?.(UPSERT, rowsOf(5000, 10));
    await database.close();
    await last;
    const reopened = await openDatabase({ url: `sqlite:${file}` });
    expect(reopened.sqlite?.prepare('select sum(n) as s from counters').get()).toEqual({ s: 3020 + 50_000 });
    await reopened.close();
  });

  it('never fails a transaction of the main connection that reads, waits, then writes while the worker commits', async () => {
    const database = await openDatabase({ url: `sqlite:${tempFile()}`, writeWorker: true });
    const sqlite = database.sqlite as NonNullable<typeof database.sqlite>;
    sqlite.exec('create table counters (name text primary key, n integer not null)');
    // The worker commits a slice every few milliseconds for a while...
    const background = Promise.all([1, 2, 3, 4].map(() => database.writeBatch?.(UPSERT, rowsOf(4000))));
    // ...while the main connection's transactions read, let the event loop run, then write.
    let done = 0;
    for (let i = 0; i < 60; i++) {
      await database.db.transaction().execute(async (trx) => {
        const rows = await sql<{ c: number }>`select count(*) as c from counters`.execute(trx);
        await new Promise((r) => setTimeout(r, 2));
        await sql`insert into counters (name, n) values (${`main${i}`}, ${rows.rows[0].c})`.execute(trx);
      });
      done++;
    }
    await background;
    expect(done).toBe(60);
    expect(sqlite.prepare("select count(*) as c from counters where name like 'main%'").get()).toEqual({ c: 60 });
    await database.close();
  });

  it('takes a batch as columns (an array or typed array per parameter, or one value for every row), written in the order of a column', async () => {
    for (const writeWorker of [true, false]) {
      const database = await openDatabase({ url: `sqlite:${tempFile()}`, writeWorker });
      const sqlite = database.sqlite as NonNullable<typeof database.sqlite>;
      sqlite.exec('create table log (seq integer primary key, name text not null, n integer not null, tag text not null)');
      const names = ['c', 'a', 'd', 'b'];
      await database.writeBatch?.('insert into log (name, n, tag) values (?, ?, ?)', { columns: [names, [3, 1, 4, 2], 'x'], orderBy: 0 });
      await database.writeBatch?.('insert into log (name, n, tag) values (?, ?, ?)', { columns: [['z', 'y'], [9, 8], 'unsorted'] });
      // Typed arrays are columns too, and can order the rows.
      await database.writeBatch?.('insert into log (name, n, tag) values (?, ?, ?)', { columns: ['t', Int32Array.from([7, 5, 6]), 'typed'], orderBy: 1 });
      expect(sqlite.prepare('select name, n, tag from log order by seq').all()).toEqual([
        { name: 'a', n: 1, tag: 'x' },
        { name: 'b', n: 2, tag: 'x' },
        { name: 'c', n: 3, tag: 'x' },
        { name: 'd', n: 4, tag: 'x' },
        { name: 'z', n: 9, tag: 'unsorted' },
        { name: 'y', n: 8, tag: 'unsorted' },
        { name: 't', n: 5, tag: 'typed' },
        { name: 't', n: 6, tag: 'typed' },
        { name: 't', n: 7, tag: 'typed' },
      ]);
      expect(database.backgroundBatches?.() ?? 0).toBe(writeWorker ? 3 : 0);
      await database.close();
    }
  });

  it('writes on the main connection without writeWorker (importers, tests), in slices that let requests in', async () => {
    const database = await openDatabase({ url: `sqlite:${tempFile()}` });
    const sqlite = database.sqlite as NonNullable<typeof database.sqlite>;
    sqlite.exec('create table counters (name text primary key, n integer not null)');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await database.writeBatch?.(UPSERT, rowsOf(5000));
    clearInterval(timer);
    expect(database.backgroundBatches).toBeUndefined();
    expect(sqlite.prepare('select count(*) as c from counters').get()).toEqual({ c: 5000 });
    // 250 rows a slice at most: at least 20 slices, with timers running between them.
    expect(ticks).toBeGreaterThanOrEqual(19);
    await database.close();
  });
});

describe('calls to a database worker', () => {
  it('gives the calls a failed worker left unanswered to onFail, once, and is not used afterwards', async () => {
    const failures: [string, string[]][] = [];
    const calls = workerCalls<string, string>(new URL('../../test/echo-worker.mjs', import.meta.url), {}, (why, unanswered) => {
      failures.push([why, unanswered.map((c) => c.input)]);
      for (const c of unanswered) c.resolve(`${c.input} here`);
    });
    expect(await calls.call('a', { echo: 'a' })).toBe('A');
    await expect(calls.call('bad', { echo: 'bad' })).rejects.toThrow('no such thing');
    expect(calls.answered()).toBe(1);
    expect(calls.usable()).toBe(true);
    expect(await calls.call('boom', { echo: 'boom' })).toBe('boom here');
    expect(failures).toEqual([['the worker stopped', ['boom']]]);
    expect(calls.usable()).toBe(false);
    await calls.stop();
  });
});

describe('SQLite forEachRow', () => {
  it('hands over the rows of a query built with the query layer, as the query layer gives them', async () => {
    const database = await openDatabase({ url: `sqlite:${tempFile()}` });
    try {
      await sql`create table film_notes (note_id integer primary key, film_title text not null, star_rating real)`.execute(database.db);
      await sql`insert into film_notes (film_title, star_rating) values ('Dune', 8.1), ('Heat', null), ('Alien', 8.5)`.execute(database.db);
      const db = database.db as unknown as import('kysely').Kysely<{ filmNotes: { noteId: number; filmTitle: string; starRating: number | null } }>;
      const query = db.selectFrom('filmNotes').select(['noteId', 'filmTitle', 'starRating']).where('filmTitle', '!=', 'Heat').orderBy('noteId');
      const seen: unknown[] = [];
      database.forEachRow?.(query, (row) => seen.push(row));
      expect(seen).toEqual(await query.execute());
      expect(seen).toEqual([
        { noteId: 1, filmTitle: 'Dune', starRating: 8.1 },
        { noteId: 3, filmTitle: 'Alien', starRating: 8.5 },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe('SQLite statements kept for reuse', () => {
  it('answers the same query text again after writes and a change of the table', async () => {
    const database = await openDatabase({ url: `sqlite:${tempFile()}` });
    try {
      await sql`create table picks (id integer primary key, name text not null)`.execute(database.db);
      const count = async () => (await sql<{ n: number }>`select count(*) as n from picks`.execute(database.db)).rows[0].n;
      const all = async () => (await sql<Record<string, unknown>>`select * from picks order by id`.execute(database.db)).rows;
      expect(await count()).toBe(0);
      for (const name of ['Dune', 'Heat']) await sql`insert into picks (name) values (${name})`.execute(database.db);
      expect(await count()).toBe(2);
      expect(await all()).toEqual([
        { id: 1, name: 'Dune' },
        { id: 2, name: 'Heat' },
      ]);
      await sql`alter table picks add column year integer`.execute(database.db);
      expect(await all()).toEqual([
        { id: 1, name: 'Dune', year: null },
        { id: 2, name: 'Heat', year: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
