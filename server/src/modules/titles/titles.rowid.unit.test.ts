import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { findTitlePageSqlite, forEachIndexRowSqlite } from './titles.repository.ts';

// The title page read by the rowid the search index's build read (findTitlePageSqlite), on a table of the app's shape.
function catalogue(): SQLite.Database {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(`create table titles (id text primary key, title_type text not null, primary_title text not null, original_title text,
    start_year integer, end_year integer, release_date text, runtime_minutes integer, genres text default '' not null, plot text,
    certification text, seasons integer, imdb_rating real, imdb_votes integer default 0 not null, gross_usd integer, poster_url text,
    backdrop_url text, popularity real default 0 not null, creator text, people_json text)`);
  const insert = sqlite.prepare('insert into titles (id, title_type, primary_title, genres, people_json) values (?, ?, ?, ?, ?)');
  insert.run('tt0000001', 'movie', 'First', 'Drama', '[["Ann Director","director",null]]');
  insert.run('tt0000002', 'tvSeries', 'Second', 'Comedy', null);
  insert.run('tt0000003', 'movie', 'Third', 'Horror', null);
  return sqlite;
}

function rowidsOf(sqlite: SQLite.Database): Map<string, number> {
  const rowids = new Map<string, number>();
  forEachIndexRowSqlite(sqlite, (row, rowid) => rowids.set(row.id, rowid));
  return rowids;
}

describe('a title page read by rowid', () => {
  it('reads the row the rowid holds when it is the title asked for', () => {
    const sqlite = catalogue();
    const rowids = rowidsOf(sqlite);
    expect([...rowids.keys()]).toEqual(['tt0000001', 'tt0000002', 'tt0000003']);
    const page = findTitlePageSqlite(sqlite, 'tt0000001', rowids.get('tt0000001'));
    expect(page?.row).toMatchObject({ id: 'tt0000001', titleType: 'movie', primaryTitle: 'First', genres: 'Drama' });
    expect(page?.people).toEqual([{ name: 'Ann Director', role: 'director', character: null }]);
    expect(findTitlePageSqlite(sqlite, 'tt0000002', rowids.get('tt0000002'))?.row.primaryTitle).toBe('Second');
  });

  it('reads by id when the rowid holds another title or none, and finds nothing for an unknown id', () => {
    const sqlite = catalogue();
    const rowids = rowidsOf(sqlite);
    // Another title's rowid (as after a VACUUM renumbered the rows): the title asked for, not that one.
    expect(findTitlePageSqlite(sqlite, 'tt0000003', rowids.get('tt0000001'))?.row.primaryTitle).toBe('Third');
    // A rowid no row has any more.
    const gone = rowids.get('tt0000002') as number;
    sqlite.prepare('delete from titles where id = ?').run('tt0000002');
    sqlite.prepare("insert into titles (id, title_type, primary_title) values ('tt0000002', 'tvSeries', 'Second Again')").run();
    expect(rowidsOf(sqlite).get('tt0000002')).not.toBe(gone);
    expect(findTitlePageSqlite(sqlite, 'tt0000002', gone)?.row.primaryTitle).toBe('Second Again');
    // No rowid known.
    expect(findTitlePageSqlite(sqlite, 'tt0000003')?.row.primaryTitle).toBe('Third');
    expect(findTitlePageSqlite(sqlite, 'tt0000009', rowids.get('tt0000001'))).toBeUndefined();
    expect(findTitlePageSqlite(sqlite, 'tt0000009')).toBeUndefined();
  });
});
