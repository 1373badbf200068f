import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  /** Query layer for the app: snake_case tables seen as camelCase. */
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL: the schema in use when not the default one. */
  schema?: string;
  /** The raw better-sqlite3 handle when on SQLite (for bulk imports and FTS). */
  sqlite?: SQLite.Database;
  /** The pg pool when on PostgreSQL. */
  pool?: pg.Pool;
  /** SQLite with background checkpoints: how many passes the checkpointer has made. */
  checkpointPasses?: () => number;
  ping(): Promise<void>;
  close(): Promise<void>;
}

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
}

/** How often the background checkpointer writes the log back (a pass with nothing to do costs microseconds). */
export const CHECKPOINT_EVERY_MS = 1000;
/** With background checkpoints, the log size (pages of 4 KB) past which the main connection checkpoints after all. */
export const WAL_SAFETY_PAGES = 10_000;

/**
 * The checkpointer's worker, as source (run with `eval`, so it needs no file of its own in the bundle).
 * PASSIVE checkpoints copy what no reader still needs and never wait for, nor block, the main connection.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
const pass = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
};
const timer = setInterval(pass, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m === 'stop') { clearInterval(timer); db.close(); parentPort.postMessage({ stopped: true }); parentPort.close(); }
});
`;

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
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
  worker.unref();
  let passes = 0;
  let failed = false;
  let running = true;
  const exited = new Promise<void>((r) =>
    worker.once('exit', () => {
      running = false;
      r();
    }),
  );
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
  return {
    passes: () => passes,
    async stop() {
      if (!running) return;
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000).unref())]);
      await worker.terminate();
    },
  };
}

export function sqlitePath(url: string): string {
  const p = url.replace(/^sqlite:(\/\/)?/, '');
  return p === ':memory:' ? p : resolve(p);
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url.startsWith('sqlite:')) {
    const file = sqlitePath(opts.url);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('cache_size = -64000');
    sqlite.pragma('mmap_size = 268435456');
    const checkpointer = opts.backgroundCheckpoints && file !== ':memory:' ? startCheckpointer(sqlite, file) : null;
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new CamelCasePlugin()] });
    return {
      db,
      dialect: 'sqlite',
      sqlite,
      checkpointPasses: checkpointer ? () => checkpointer.passes() : undefined,
      async ping() {
        sqlite.prepare('select 1').get();
      },
      async close() {
        // The checkpointer first: the main connection, closing last, writes the rest of the log back.
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
    ...(opts.schema ? { options: `-c search_path="${opts.schema}",public` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return {
    db,
    dialect: 'postgres',
    schema: opts.schema,
    pool,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
