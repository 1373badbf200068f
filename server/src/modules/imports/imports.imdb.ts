import { checkSize, dateOf, describe, type ExportFile, ImportFileError, type ImportItem, isBlank, readCsv, table, yearOf } from './imports.parse.ts';

/**
 * IMDb's CSV exports (Your ratings / Your watchlist / a list > Export). Column names are compared in lower case without
 * spaces or punctuation, so both column sets are read:
 *
 * - ratings, current: Const, Your Rating, Date Rated, Title, Original Title, URL, Title Type, IMDb Rating,
 *   Runtime (mins), Year, Genres, Num Votes, Release Date, Directors; older files lack Original Title.
 * - watchlist and lists, current: Position, Const, Created, Modified, Description, Title, Original Title, URL,
 *   Title Type, IMDb Rating, Runtime (mins), Year, Genres, Num Votes, Release Date, Directors, Your Rating, Date Rated;
 *   older: position, const, created, modified, description, Title, Title type, Directors, You rated, IMDb Rating,
 *   Runtime (mins), Year, Genres, Num. Votes, Release Date (month/day/year), URL.
 *
 * A file with a Position column is a watchlist when its name says "watchlist", else a list named after the file; a
 * file without one is ratings. Titles are matched by their Const (tt…).
 */

/** IMDb's title types to Reelhouse's kinds; episodes, videos and games are neither. */
export function imdbTypeOf(raw: string): 'movie' | 'tvSeries' | null {
  const k = raw.toLowerCase().replace(/[^a-z]/g, '');
  if (k === 'movie' || k === 'tvmovie' || k === 'short' || k === 'tvshort' || k === 'feature') return 'movie';
  if (k === 'tvseries' || k === 'tvminiseries' || k === 'series' || k === 'miniseries') return 'tvSeries';
  return null;
}

export function looksLikeImdb(file: ExportFile): boolean {
  const first = readCsv(file).find((r) => !isBlank(r));
  return first?.values.some((v) => v.trim().toLowerCase() === 'const') === true;
}

export function parseImdb(file: ExportFile): ImportItem[] {
  const records = readCsv(file).filter((r) => !isBlank(r));
  if (records.length === 0) throw new ImportFileError(file.name, 1, 'is empty.');
  const header = records[0];
  const keys = header.values.map((v) => v.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const isList = keys.includes('position');
  const rows = table(file.name, header, records.slice(1), isList ? ['const', 'title'] : ['const', 'title', keys.includes('yourated') ? 'yourated' : 'yourrating']);
  const base = file.name.replace(/^.*\//, '').replace(/\.csv$/i, '');
  const watchlist = isList && /watchlist/i.test(base);
  const items = rows.map((r, position): ImportItem => {
    const imdbId = r.get('const');
    if (!/^tt\d{5,}$/.test(imdbId)) throw new ImportFileError(file.name, r.line, `"${imdbId.slice(0, 20)}" is not an IMDb id (tt…).`);
    const title = r.get('title') || imdbId;
    const year = yearOf(file.name, r.line, r.get('year'));
    const common = {
      file: file.name,
      line: r.line,
      text: describe(title, year),
      title,
      year,
      originalTitle: r.get('originaltitle') || null,
      imdbId,
      type: imdbTypeOf(r.get('titletype')),
    };
    if (watchlist) return { ...common, kind: 'watchlist', date: dateOf(file.name, r.line, r.get('created')) };
    if (isList) return { ...common, kind: 'list', list: { key: `imdb:${base}`, name: base.slice(0, 100), description: null, position } };
    const raw = r.get('yourrating') || r.get('yourated');
    const rating = Number(raw);
    if (!/^\d{1,2}$/.test(raw) || rating < 1 || rating > 10) throw new ImportFileError(file.name, r.line, `the rating "${raw.slice(0, 20)}" is not a whole number from 1 to 10.`);
    return { ...common, kind: 'rating', rating, date: dateOf(file.name, r.line, r.get('daterated')) };
  });
  checkSize(file.name, items);
  return items;
}
