import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new CamelCasePlugin()] });
    return {
      db,
      dialect: 'sqlite',
      sqlite,
      async ping() {
        sqlite.prepare('select 1').get();
      },
      async close() {
        await db.destroy();
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
