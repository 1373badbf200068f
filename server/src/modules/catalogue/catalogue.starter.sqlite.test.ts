import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { importCatalogue } from './catalogue.import.ts';
import type { ImportReport } from './catalogue.report.ts';

const STARTER = process.env.CATALOGUE_DIR ?? resolve(import.meta.dirname, '../../../../../shared/data/catalogue');

// The real starter catalogue, once, on SQLite (it reads about 25 MB; *.sqlite.test.ts files
// run in the SQLite project only). Outside CI a machine without ../shared may leave it out.
describe.skipIf(!existsSync(STARTER) && process.env.CI !== 'true')('starter catalogue import', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let report: ImportReport;

  beforeAll(async () => {
    ({ database, cleanup } = await openTestDatabase());
    report = await importCatalogue(database, STARTER);
  }, 60_000);
  afterAll(async () => {
    await cleanup();
  });

  const title = (id: string) => database.db.selectFrom('titles').selectAll().where('id', '=', id).executeTakeFirst();

  it('reports what it read', () => {
    expect(report.imported).toBeGreaterThan(30_000);
    expect(report.files.some((f) => f.format === 'justwatch-titles')).toBe(true);
    expect(report.warnings).toEqual([]);
  });

  it('has The Shawshank Redemption with a poster and its gross', async () => {
    const t = await title('tt0111161');
    expect(t?.primaryTitle).toBe('The Shawshank Redemption');
    expect(t?.posterUrl).toMatch(/^https:\/\/m\.media-amazon\.com\/.*\._V1_\.jpg$/);
    expect(t?.grossUsd).toBe(28341469);
    expect(t?.imdbVotes).toBeGreaterThan(2_000_000);
  });

  it('has JustWatch series with seasons and cast', async () => {
    const bb = await title('tt0903747');
    expect(bb).toMatchObject({ titleType: 'tvSeries', primaryTitle: 'Breaking Bad', seasons: 5 });
    const cast = await database.db.selectFrom('titlePeople').select('name').where('titleId', '=', 'tt0903747').execute();
    expect(cast.map((c) => c.name)).toContain('Bryan Cranston');
  });

  it('keeps Amélie with its accent, found without it', async () => {
    const rows = await database.db.selectFrom('titles').select(['primaryTitle', 'searchText']).where('searchText', 'like', 'amelie%').execute();
    expect(rows.map((r) => r.primaryTitle)).toContain('Amélie');
  });
});
