import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const modules = join(import.meta.dirname, '..', 'modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('db/ owns the differences between SQLite and PostgreSQL', () => {
  it('no module reads the dialect, a raw driver handle or a driver error code', () => {
    const found: string[] = [];
    for (const file of sources(modules)) {
      const name = relative(modules, file).replaceAll('\\', '/');
      const text = readFileSync(file, 'utf8');
      if (/\.dialect\b|isPostgres|isSqlite/.test(text)) found.push(`${name}: reads the dialect`);
      if (/\bdatabase\.(sqlite|pool)\b/.test(text)) found.push(`${name}: reads a raw driver handle (db/dialect.ts forEngine gives it)`);
      if (/['"]23\d{3}['"]|SQLITE_CONSTRAINT|UNIQUE constraint failed/.test(text)) found.push(`${name}: reads a driver error`);
      // The word itself only where a db/dialect.ts helper is imported.
      for (const line of text.split('\n')) {
        if (/dialect/i.test(line) && !/^import .* from '(\.\.\/)+db\/dialect\.ts';$/.test(line.trim())) found.push(`${name}: names the dialect: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows a database that cannot be reached from a query it refused', async () => {
    const { isDatabaseUnavailable } = await import('./dialect.ts');
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const err of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('53300', 'sorry, too many clients already'),
      coded('SQLITE_BUSY', 'database is locked'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
      new Error('query failed', { cause: coded('ECONNRESET') }),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
    for (const err of [coded('23505', 'duplicate key'), coded('42P01', 'relation does not exist'), coded('SQLITE_CONSTRAINT_UNIQUE'), new Error('boom'), null, 'text']) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });
});
