// The comparison on PostgreSQL (`npm run bench compare -- --db postgres`): the seeded SQLite file copied once into a
// PostgreSQL database migrated by the base's build (every table both have, column by column, foreign keys and
// triggers off while copying, sequences moved past the rows), kept on the server between runs as
// reelhouse_compare_<key>; then each server gets its own copy of it (CREATE DATABASE ... TEMPLATE), migrated by its
// own build, dropped at the end.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type Build, migrateWith } from './compare-refs.ts';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the server of `url`. */
export function urlOf(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient<T>(url: string, use: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await use(c);
  } finally {
    await c.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const ROWS = 5_000;

/** Copies every table of `file` that `target` has too, the columns both have, into `target`. */
async function copySqlite(file: string, target: string): Promise<void> {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    await withClient(target, async (c) => {
      await c.query('set session_replication_role = replica');
      const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name").pluck().all() as string[];
      // Rows the migrations wrote (badges, say) are in the SQLite file too: the copy replaces them.
      const both = (await c.query('select tablename from pg_tables where schemaname = current_schema() and tablename = any($1)', [tables])).rows.map((r) => r.tablename as string);
      if (both.length) await c.query(`truncate ${both.map(quote).join(', ')}`);
      for (const table of tables) {
        const pgColumns = (
          await c.query(
            `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a join pg_class t on t.oid = a.attrelid join pg_namespace n on n.oid = t.relnamespace
             where n.nspname = current_schema() and t.relname = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''`,
            [table],
          )
        ).rows as { name: string; type: string }[];
        if (pgColumns.length === 0) continue;
        const have = new Set((sqlite.pragma(`table_info(${quote(table)})`) as { name: string }[]).map((col) => col.name));
        const columns = pgColumns.filter((col) => have.has(col.name));
        if (columns.length === 0) continue;
        const insert =
          `insert into ${quote(table)} (${columns.map((col) => quote(col.name)).join(', ')}) ` +
          `select ${columns.map((col, i) => `u.c${i}::${col.type}`).join(', ')} from unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) as u(${columns.map((_, i) => `c${i}`).join(', ')})`;
        const text = (v: unknown): string | null => (v === null || v === undefined ? null : Buffer.isBuffer(v) ? `\\x${v.toString('hex')}` : String(v));
        let batch: unknown[][] = [];
        let n = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          await c.query(
            insert,
            columns.map((_, i) => batch.map((row) => text(row[i]))),
          );
          n += batch.length;
          batch = [];
        };
        await c.query('begin');
        for (const row of sqlite.prepare(`select ${columns.map((col) => quote(col.name)).join(', ')} from ${quote(table)}`).raw(true).iterate() as Iterable<unknown[]>) {
          batch.push(row);
          if (batch.length === ROWS) await flush();
        }
        await flush();
        // Sequences (serial and identity columns) go past the rows copied.
        for (const col of columns) {
          const seq = (await c.query('select pg_get_serial_sequence($1, $2) as s', [quote(table), col.name])).rows[0]?.s as string | null;
          if (seq) await c.query(`select setval($1, coalesce((select max(${quote(col.name)}) from ${quote(table)}), 0) + 1, false)`, [seq]);
        }
        await c.query('commit');
        if (n > 0) console.log(`  ${table}: ${n.toLocaleString('en')} rows`);
      }
      await c.query('analyze');
    });
  } finally {
    sqlite.close();
  }
}

export interface PostgresCopies {
  base: string;
  head: string;
  drop(): Promise<void>;
}

/**
 * The seed on PostgreSQL (made from `file` when the server does not keep it as `reelhouse_compare_<key>` yet), and a
 * copy of it for each server, migrated by that server's build.
 */
export async function postgresCopies(o: { file: string; key: string; base: Build; head: Build }): Promise<PostgresCopies> {
  const seed = `reelhouse_compare_${o.key}`;
  const mine = [`reelhouse_compare_base_${process.pid}`, `reelhouse_compare_head_${process.pid}`];
  await withClient(PG_URL, async (admin) => {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [seed])).rowCount;
    if (!exists) {
      const partial = `${seed}_partial_${process.pid}`;
      console.log(`copying the seed into PostgreSQL (${seed}; once, kept on the server afterwards)`);
      await admin.query(`create database ${partial}`);
      try {
        migrateWith(o.base, urlOf(PG_URL, partial));
        await copySqlite(o.file, urlOf(PG_URL, partial));
        await admin.query(`alter database ${partial} rename to ${seed}`);
      } catch (e) {
        await admin.query(`drop database if exists ${partial}`);
        throw e;
      }
    }
    for (const name of mine) await admin.query(`create database ${name} template ${seed}`);
  });
  const copies: PostgresCopies = {
    base: urlOf(PG_URL, mine[0]),
    head: urlOf(PG_URL, mine[1]),
    drop: () =>
      withClient(PG_URL, async (admin) => {
        for (const name of mine) await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
  migrateWith(o.base, copies.base);
  migrateWith(o.head, copies.head);
  return copies;
}
