import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** What a value looks like while its query is compiled: a string no caller sends (it starts with a NUL). */
const MARK = '\u0000reused-query-value:';

// biome-ignore lint/suspicious/noExplicitAny: any database's query layer (the app's, a test's)
type AnyDb = Kysely<any>;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the query, the name of the value it takes, or null for a fixed one. */
  slots: (string | null)[];
}

/**
 * A query built with the query layer and compiled once per database and shape, then run with new values: for the few
 * queries that run on every request of a busy route. Building and compiling a query through the query layer costs
 * more than a primary-key lookup itself (30-50 µs against 5-20 on the development VM) and gives the same SQL text
 * every time; SQLite's prepared statement is then kept as well (database.ts).
 *
 * `build(shape, values)` receives stand-ins for the named values and must use each only as a value (compared, a limit,
 * an element of a list), never to choose the query's form: what changes the form goes in `shape` (a key naming it,
 * such as whether a filter applies or how long a list is), and each shape is compiled once. The stand-ins are put
 * back by position when the query runs; plugins (camelCase) apply to the rows as for any query.
 */
export function reusedQuery<S, P extends Record<string, unknown>, R>(names: readonly (keyof P & string)[], build: (db: AnyDb, shape: S, p: P) => Compilable<R>) {
  // A list of values is passed as one name per element (id0, id1, ...) and its length as part of the shape.
  const byDb = new WeakMap<AnyDb, Map<string, Compiled<R>>>();
  return async (db: AnyDb, shape: S, values: P): Promise<R[]> => {
    let shapes = byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      byDb.set(db, shapes);
    }
    const key = JSON.stringify(shape ?? null);
    let c = shapes.get(key);
    if (!c) {
      const stand = Object.fromEntries(names.map((n) => [n, `${MARK}${n}`])) as unknown as P;
      const query = build(db, shape, stand).compile();
      const slots = query.parameters.map((v) => (typeof v === 'string' && v.startsWith(MARK) ? v.slice(MARK.length) : null));
      c = { query, slots };
      shapes.set(key, c);
    }
    const fixed = c.query.parameters;
    const parameters = c.slots.map((name, i) => (name === null ? fixed[i] : values[name]));
    return (await db.executeQuery<R>({ ...c.query, parameters })).rows;
  };
}
