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

/**
 * Where a module may still name the dialect, and why: the catalogue's bulk importer is two importers (SQLite's
 * and PostgreSQL's set-based batches), and the readiness answer reports which database is in use.
 */
const ALLOWED = new Map([
  ['catalogue/catalogue.repository.ts', 1],
  ['health/health.routes.ts', 1],
]);

describe('db/ owns the differences between SQLite and PostgreSQL', () => {
  it('no module reads the dialect or a driver error code', () => {
    const found: string[] = [];
    for (const file of sources(modules)) {
      const name = relative(modules, file).replaceAll('\\', '/');
      const text = readFileSync(file, 'utf8');
      const dialect = text.match(/\.dialect\b|isPostgres|isSqlite/g)?.length ?? 0;
      if (dialect > (ALLOWED.get(name) ?? 0)) found.push(`${name}: reads the dialect`);
      if (/['"]23\d{3}['"]|SQLITE_CONSTRAINT|UNIQUE constraint failed/.test(text)) found.push(`${name}: reads a driver error`);
    }
    expect(found).toEqual([]);
  });
});
