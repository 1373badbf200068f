import { mkdirSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  type Compilable,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import { BooleanSqliteConnection, LockFreeSqliteQueryCompiler, sqliteParameters } from './dialect.ts';
import type { DB } from './schema.ts';
import { sqliteOptions } from './sqlite-addon.ts';
import { type BatchRows, BETWEEN_SLICES_MS, SLICE_MS, SLICE_ROWS, writeInSlices } from './write-slices.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  /** Query layer for the app: snake_case tables seen as camelCase. */
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * The planner builds an `x in (select ...)` list once in memory (with a Bloom filter) and checks each row of an
   * index scan against it without leaving the index (SQLite); PostgreSQL plans the correlated EXISTS form as well.
   * Queries that scan a time index under such terms pick their shape by this, never by the dialect.
   */
  prefersInListScans: boolean;
  /** PostgreSQL: the schema in use when not the default one. */
  schema?: string;
  /** The raw better-sqlite3 handle when on SQLite (for bulk imports and FTS). */
  sqlite?: SQLite.Database;
  /** The pg pool when on PostgreSQL. */
  pool?: pg.Pool;
  /** SQLite with background checkpoints: how many passes the checkpointer has made. */
  checkpointPasses?: () => number;
  /**
   * A read that may take long (an aggregate over many rows, such as the weekly ranking), with its rows as
   * the query layer gives them. On SQLite with `readWorker`, a worker thread's own connection runs it, so
   * the event loop never waits on it; otherwise the query layer does.
   */
  readHeavy<R>(query: Compilable<R>): Promise<R[]>;
  /**
   * SQLite only: one statement run for each row of a batch nobody waits to read back at once (buffered
   * counters), in short transactions that each commit by themselves. With `writeWorker`, a worker thread's own
   * connection runs them at the lowest priority, so the event loop does none of it; otherwise this connection
   * does, in slices of at most a millisecond with a few milliseconds for requests between them.
   */
  writeBatch?(sqlText: string, rows: BatchRows): Promise<void>;
  /**
   * SQLite only: every row of a query built with the query layer, handed to `fn` one by one as the statement steps
   * through them (keys camelCased as the query layer gives them), without the query layer's per-row work: reading a
   * million titles for the search index took 8 s through the query layer's stream and under 4 s this way.
   */
  forEachRow?<R>(query: Compilable<R>, fn: (row: R) => void): void;
  /** SQLite with `writeWorker`: how many batches the worker has written. */
  backgroundBatches?: () => number;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type { BatchRows } from './write-slices.ts';

// PostgreSQL returns int8 (count(*), sums) as strings by default; they fit in a JS number here.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DatabaseOptions {
  url: string;
  /** PostgreSQL only: a schema to create and use as search_path (tests use one per file). */
  schema?: string;
  poolSize?: number;
  /**
   * SQLite file only: write the write-ahead log back into the database file from a worker thread (its own
   * connection), never in the middle of a commit on the main thread. The server uses this; importers and
   * tests keep SQLite's automatic checkpoints.
   */
  backgroundCheckpoints?: boolean;
  /** SQLite file only: run `readHeavy` queries on a worker thread's own connection (the server uses this). */
  readWorker?: boolean;
  /** SQLite file only: run `writeBatch` on a worker thread's own connection (the server uses this). */
  writeWorker?: boolean;
}

/** PostgreSQL: how long a query waits for a connection of the pool before it fails as database_unavailable. */
export const POOL_WAIT_MS = 5000;

/** How often the background checkpointer writes the log back (a pass with nothing to do costs microseconds). */
export const CHECKPOINT_EVERY_MS = 1000;
/** With background checkpoints, the log size (pages of 4 KB) past which the main connection checkpoints after all. */
export const WAL_SAFETY_PAGES = 10_000;
/**
 * How much of the database file SQLite reads through a memory map (the rest through read()). Mapping all of a 1 GB
 * catalogue made a warm in-process lookup faster (18 to 12 µs), but in the server under cold title pages it gained
 * nothing (8,400 req/s and 25-35 µs a lookup either way) while taking ten times the page faults and counting the
 * file's pages in the server's RSS.
 */
const MMAP_BYTES = 256 * 1024 * 1024;

/**
 * The database workers' own file (sqlite-worker.ts, beside this one; sqlite-worker.js in the build), run as the
 * checkpointer, the heavy reader or the background writer by its `role`.
 */
export const SQLITE_WORKER = new URL(`./sqlite-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * A worker thread running the file `entry` with `workerData`: whether it still runs, and how to stop it. A TypeScript
 * file (the source tree, under tsx or the tests) starts through ts-worker.mjs, which loads tsx in the thread first.
 */
function sqliteWorker(entry: URL, workerData: Record<string, unknown>): { worker: Worker; running(): boolean; stop(): Promise<void> } {
  const worker = entry.pathname.endsWith('.ts')
    ? new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { ...workerData, entry: entry.href } })
    : new Worker(entry, { workerData });
  worker.unref();
  let running = true;
  const exited = new Promise<void>((r) =>
    worker.once('exit', () => {
      running = false;
      r();
    }),
  );
  return {
    worker,
    running: () => running,
    // Asked to close its connection first; ended anyway after two seconds.
    async stop() {
      if (!running) return;
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000).unref())]);
      await worker.terminate();
    },
  };
}

/**
 * Why: with SQLite's automatic checkpoints, the commit that takes the log past 1,000 pages also copies
 * them into the database file and flushes it to disk, on the event loop: under steady writes (title
 * views, every five seconds) such a commit took 15-17 ms instead of under 1 ms, and every request
 * waiting behind it paid that. With this, the main connection's commits only append to the log.
 */
function startCheckpointer(sqlite: SQLite.Database, file: string): { stop(): Promise<void>; passes(): number } {
  // A safety net, not the way: the log starts over only when a write begins with every page copied back,
  // which a writer that never pauses (a catalogue import at start-up) may never leave time for. Past
  // WAL_SAFETY_PAGES the main connection copies the rest itself, as SQLite would at 1,000.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_SAFETY_PAGES}`);
  const { worker, stop } = sqliteWorker(SQLITE_WORKER, { role: 'checkpointer', file, everyMs: CHECKPOINT_EVERY_MS });
  let passes = 0;
  let failed = false;
  // Checkpoints cannot be left undone (the log would grow without end): on failure, back to SQLite's own.
  const fallBack = (why: string) => {
    if (!failed) console.error(`background checkpoints failed (${why}); the main connection checkpoints again`);
    failed = true;
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('message', (m: { error?: string; stopped?: boolean }) => {
    if (m.error !== undefined) fallBack(m.error);
    else if (!m.stopped) passes += 1;
  });
  worker.on('error', (err) => fallBack(String(err)));
  return { passes: () => passes, stop };
}

interface Reader {
  read(sqlText: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

/**
 * Why: better-sqlite3 runs a query on the thread that asks. The weekly ranking (every title's activity of
 * seven days, summed) took 0.5-1.5 s on a busy catalogue, once a minute, and every request waited behind it.
 * If the worker fails, the main connection runs the reads again, as before.
 */
function startReader(sqlite: SQLite.Database, file: string): Reader {
  const readHere = (sqlText: string, params: readonly unknown[]) => sqlite.prepare(sqlText).all(...params) as Record<string, unknown>[];
  const calls = workerCalls<{ sqlText: string; params: readonly unknown[] }, Record<string, unknown>[]>(SQLITE_WORKER, { role: 'reader', file }, (why, unanswered) => {
    console.error(`the heavy reader failed (${why}); the main connection reads again`);
    for (const c of unanswered) {
      try {
        c.resolve(readHere(c.input.sqlText, c.input.params));
      } catch (err) {
        c.reject(err);
      }
    }
  });
  return {
    async read(sqlText, params) {
      if (!calls.usable()) return readHere(sqlText, params);
      return (await calls.call({ sqlText, params }, { sql: sqlText, params }, 'rows')) ?? [];
    },
    stop: calls.stop,
  };
}

/**
 * Calls to a database worker, each a message with an id answered by one with the same id (`{ id, error }` or
 * `{ id, [field]: result }`). When the worker fails or stops with calls unanswered, `onFail` gets them once; from
 * then on `usable()` is false and the caller does the work on the main connection.
 */
export function workerCalls<In, Out>(
  entry: URL,
  workerData: Record<string, unknown>,
  onFail: (why: string, unanswered: { input: In; resolve(out: Out | undefined): void; reject(err: unknown): void }[]) => void,
) {
  const { worker, running, stop } = sqliteWorker(entry, workerData);
  type Call = { input: In; field: string; resolve(out: Out | undefined): void; reject(err: unknown): void };
  const pending = new Map<number, Call>();
  let next = 0;
  let answered = 0;
  let broken = false;
  const fail = (why: string) => {
    const unanswered = [...pending.values()];
    pending.clear();
    if (!broken) {
      broken = true;
      onFail(why, unanswered);
    } else for (const c of unanswered) c.reject(new Error(why));
  };
  worker.on('message', (m: { id?: number; error?: string } & Record<string, unknown>) => {
    if (m.id === undefined) return;
    const c = pending.get(m.id);
    pending.delete(m.id);
    if (!c) return;
    if (m.error !== undefined) c.reject(new Error(m.error));
    else {
      answered += 1;
      c.resolve(m[c.field] as Out | undefined);
    }
  });
  worker.on('error', (err) => fail(String(err)));
  worker.on('exit', () => {
    if (pending.size) fail('the worker stopped');
  });
  return {
    usable: () => !broken && running(),
    /** Sends `message` (with an id added); resolves with the answer's `field`. */
    call(input: In, message: Record<string, unknown>, field = 'result'): Promise<Out | undefined> {
      return new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { input, field, resolve, reject });
        worker.postMessage({ id, ...message });
      });
    },
    answered: () => answered,
    stop,
  };
}


/** writeBatch on the main connection: slices of at most SLICE_MS, with BETWEEN_SLICES_MS for requests between them. */
function writeBatchHere(sqlite: SQLite.Database, sqlText: string, rows: BatchRows): Promise<void> {
  return writeInSlices(sqlite, sqlite.prepare(sqlText), rows, SLICE_ROWS, SLICE_MS, BETWEEN_SLICES_MS);
}

interface Writer {
  write(sqlText: string, rows: BatchRows): Promise<void>;
  batches(): number;
  stop(): Promise<void>;
}

/**
 * Why: buffered title views are written every five seconds, one upsert per title. With many different titles
 * viewed (a few thousand in five seconds), that was 30-45 µs of the event loop per view on a slow machine. On a
 * worker at the lowest priority, it runs when requests leave the core idle. If the worker fails, batches it had
 * not finished are reported as failed (part of each may be written, so writing it again here could count twice),
 * and later ones are written on the main connection.
 */
function startWriter(sqlite: SQLite.Database, file: string): Writer {
  const autocheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true });
  const data = { role: 'writer', file, sliceRows: SLICE_ROWS, sliceMs: SLICE_MS, betweenMs: BETWEEN_SLICES_MS, autocheckpoint };
  const calls = workerCalls<null, undefined>(SQLITE_WORKER, data, (why, unanswered) => {
    console.error(`the background writer failed (${why}); the main connection writes again`);
    for (const c of unanswered) c.reject(new Error(`the background writer failed (${why})`));
  });
  return {
    async write(sqlText, rows) {
      if (!calls.usable()) return writeBatchHere(sqlite, sqlText, rows);
      await calls.call(null, { sql: sqlText, rows });
    },
    batches: calls.answered,
    stop: calls.stop,
  };
}

/**
 * Kysely's SQLite driver, with transactions begun IMMEDIATE: a transaction takes the write lock when it begins
 * (waiting up to busy_timeout if the background writer holds it) instead of when it first writes, where SQLite
 * fails at once if another connection committed since the transaction's first read.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  #connection: BooleanSqliteConnection | undefined;
  /** The one connection, binding booleans as 0/1 (db/dialect.ts). */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    this.#connection ??= new BooleanSqliteConnection(inner);
    return this.#connection;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** How many prepared statements a SQLite connection keeps for reuse (queries differ mostly by the length of an `in` list). */
const STATEMENT_CACHE = 1000;

/**
 * The connection as the query layer sees it, with its statements kept: Kysely's SQLite driver prepares every query
 * anew, and preparing took about two thirds of a one-row lookup (60 µs against 19 with the statement kept).
 * Statements are keyed by their SQL text; the least recently used go past STATEMENT_CACHE.
 */
function keepingStatements(sqlite: SQLite.Database): SQLite.Database {
  const kept = new Map<string, SQLite.Statement>();
  const prepare = (sqlText: string): SQLite.Statement => {
    let statement = kept.get(sqlText);
    if (statement) {
      kept.delete(sqlText);
    } else {
      statement = sqlite.prepare(sqlText);
      if (kept.size >= STATEMENT_CACHE) kept.delete(kept.keys().next().value as string);
    }
    kept.set(sqlText, statement);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return prepare;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createQueryCompiler(): QueryCompiler {
    return new LockFreeSqliteQueryCompiler();
  }
}

/** snake_case column names as the query layer gives them (CamelCasePlugin). */
const camelName = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function camelRow<R>(row: Record<string, unknown>): R {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) out[camelName(key)] = row[key];
  return out as R;
}

function forEachSqliteRow<R>(sqlite: SQLite.Database, query: Compilable<R>, fn: (row: R) => void): void {
  const compiled = query.compile();
  const statement = sqlite.prepare(compiled.sql);
  const keys = statement.columns().map((c) => camelName(c.name));
  for (const values of statement.raw(true).iterate(...(sqliteParameters(compiled.parameters) as unknown[])) as IterableIterator<unknown[]>) {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) row[keys[i]] = values[i];
    fn(row as R);
  }
}

export function sqlitePath(url: string): string {
  const p = url.replace(/^sqlite:(\/\/)?/, '');
  return p === ':memory:' ? p : resolve(p);
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url.startsWith('sqlite:')) {
    const file = sqlitePath(opts.url);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file, sqliteOptions());
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('cache_size = -64000');
    sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
    const checkpointer = opts.backgroundCheckpoints && file !== ':memory:' ? startCheckpointer(sqlite, file) : null;
    const reader = opts.readWorker && file !== ':memory:' ? startReader(sqlite, file) : null;
    const writer = opts.writeWorker && file !== ':memory:' ? startWriter(sqlite, file) : null;
    const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: keepingStatements(sqlite) }), plugins: [new CamelCasePlugin()] });
    return {
      db,
      dialect: 'sqlite',
      prefersInListScans: true,
      sqlite,
      checkpointPasses: checkpointer ? () => checkpointer.passes() : undefined,
      async readHeavy<R>(query: Compilable<R>): Promise<R[]> {
        if (!reader) return (await db.executeQuery(query)).rows;
        const compiled = query.compile();
        return (await reader.read(compiled.sql, sqliteParameters(compiled.parameters))).map((row) => camelRow<R>(row));
      },
      writeBatch(sqlText, rows) {
        return writer ? writer.write(sqlText, rows) : writeBatchHere(sqlite, sqlText, rows);
      },
      forEachRow: (query, fn) => forEachSqliteRow(sqlite, query, fn),
      backgroundBatches: writer ? () => writer.batches() : undefined,
      async ping() {
        sqlite.prepare('select 1').get();
      },
      async close() {
        // The workers first (the writer finishes the batches it was sent): the main connection, closing last,
        // writes the rest of the log back.
        await writer?.stop();
        await reader?.stop();
        await checkpointer?.stop();
        await db.destroy();
        // Kysely closes the handle only if it ever used it.
        if (sqlite.open) sqlite.close();
      },
    };
  }
  if (opts.schema) {
    const admin = new pg.Client({ connectionString: opts.url });
    await admin.connect();
    await admin.query(`create schema if not exists "${opts.schema}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    // A request waits at most this long for a connection (all busy, or the database not answering a connect) and is
    // then answered 503 database_unavailable (isDatabaseUnavailable), rather than waiting for as long as it is away.
    connectionTimeoutMillis: POOL_WAIT_MS,
    // Connections whose far end went away without a word (a machine gone) are found out by the kernel.
    keepAlive: true,
    ...(opts.schema ? { options: `-c search_path="${opts.schema}",public` } : {}),
  });
  // A connection the database dropped (a restart, pg_terminate_backend, the network) is reported as an 'error' event:
  // by the pool when it was idle, by the connection itself when a query held it (the query fails too, and the pool
  // drops the connection when it comes back). Either way the pool opens a new one when next needed; an 'error' event
  // with no listener would end the process instead.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return {
    db,
    dialect: 'postgres',
    prefersInListScans: false,
    schema: opts.schema,
    pool,
    async readHeavy<R>(query: Compilable<R>): Promise<R[]> {
      return (await db.executeQuery(query)).rows;
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
