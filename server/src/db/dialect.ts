/**
 * Every difference between SQLite and PostgreSQL that the rest of the server would otherwise see, in one place.
 * Modules write one query for both: booleans as true/false, row locks with `.forUpdate()`, upserts with Kysely's
 * `onConflict`, and ask `isUniqueViolation(err)` about a failed insert. They never read `database.dialect` or a
 * driver's error code (a unit test holds them to it: dialect.unit.test.ts).
 */

import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Kysely,
  type QueryResult,
  type SelectModifierNode,
  type SelectQueryNode,
  SqliteQueryCompiler,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './database.ts';

/** Which database is in use, as a label (the readiness answer names it). */
export function databaseKind(database: Database): 'sqlite' | 'postgres' {
  return database.dialect;
}

/**
 * The implementation for the database in use, of a port written twice on the raw drivers: the few paths where each
 * engine's own set-based SQL is what makes them fast (the catalogue's bulk import). The module writes both and
 * never asks which one runs; the choice, and the raw handles, are given here.
 */
export function forEngine<T>(database: Database, impl: { sqlite: (sqlite: SQLite.Database) => T; postgres: (pool: pg.Pool) => T }): T {
  if (database.dialect === 'sqlite') {
    if (!database.sqlite) throw new Error('SQLite handle missing');
    return impl.sqlite(database.sqlite);
  }
  if (!database.pool) throw new Error('PostgreSQL pool missing');
  return impl.postgres(database.pool);
}

/** The database as better-auth's Kysely adapter takes it: snake_case names as they are, and which SQL it speaks. */
export function betterAuthDatabase(database: Database): { db: Kysely<unknown>; type: 'sqlite' | 'postgres' } {
  return { db: database.db.withoutPlugins() as Kysely<unknown>, type: database.dialect };
}

/** A unique index refused a write: PostgreSQL's 23505 or SQLite's SQLITE_CONSTRAINT_UNIQUE (or PRIMARYKEY). */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  const code = e?.code;
  if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
  if (index === undefined) return true;
  // PostgreSQL names the constraint (`users_username_key_key`); SQLite names the columns (`users.username_key`).
  return [e?.constraint, e?.message].some((text) => typeof text === 'string' && text.includes(index));
}

/** Error codes of a database that cannot be reached or is going away, rather than of a query it refused. */
const UNAVAILABLE_CODES = new Set([
  // The network: nothing listens, the connection was cut, the host is gone.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin_shutdown (pg_terminate_backend, a restart), crash_shutdown, cannot_connect_now (starting up or
  // shutting down), too_many_connections, and the connection classes 08xxx.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // SQLite: the database stayed locked past busy_timeout.
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_TIMEOUT',
]);

/** What node-postgres says, without a code, of a connection lost or never given within the pool's wait. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * The database cannot be reached right now (PostgreSQL gone, restarting or out of connections; SQLite locked past
 * its busy timeout), as opposed to a query that is wrong: such a request may well succeed a few seconds later.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    const message = e.message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // A connection refused on every address of a host (IPv4 and IPv6) comes as an AggregateError.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Row locks on SQLite: none are needed (a write transaction begins IMMEDIATE and holds the whole database), and
 * SQLite has no FOR UPDATE / FOR SHARE, so the compiler leaves those modifiers out. The same query builder then
 * writes `select ... for update` on PostgreSQL and `select ...` on SQLite.
 */
const LOCKS = new Set<SelectModifierNode['modifier']>(['ForUpdate', 'ForShare', 'ForKeyShare', 'ForNoKeyUpdate', 'NoWait', 'SkipLocked']);

export class LockFreeSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    const mods = node.endModifiers;
    if (mods?.some((m) => m.modifier !== undefined && LOCKS.has(m.modifier))) {
      const kept = mods.filter((m) => m.modifier === undefined || !LOCKS.has(m.modifier));
      super.visitSelectQuery({ ...node, endModifiers: kept.length ? kept : undefined });
      return;
    }
    super.visitSelectQuery(node);
  }
}

/** SQLite stores booleans as 0/1 and better-sqlite3 binds no booleans: they are sent as 1 and 0. */
export function sqliteParameters(parameters: readonly unknown[]): readonly unknown[] {
  for (let i = 0; i < parameters.length; i++) {
    if (typeof parameters[i] === 'boolean') return parameters.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
  }
  return parameters;
}

/** A SQLite connection that binds booleans as 0/1 (see sqliteParameters); nothing else changes. */
export class BooleanSqliteConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  constructor(inner: DatabaseConnection) {
    this.#inner = inner;
  }
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = sqliteParameters(compiled.parameters);
    return this.#inner.executeQuery(parameters === compiled.parameters ? compiled : { ...compiled, parameters });
  }
  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const parameters = sqliteParameters(compiled.parameters);
    return this.#inner.streamQuery(parameters === compiled.parameters ? compiled : { ...compiled, parameters }, chunkSize);
  }
}
