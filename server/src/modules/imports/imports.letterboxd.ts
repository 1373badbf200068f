import {
  type CsvRecord,
  checkSize,
  columnKey,
  dateOf,
  describe,
  type ExportFile,
  ImportFileError,
  type ImportItem,
  isBlank,
  readCsv,
  table,
  yearOf,
} from './imports.parse.ts';

/**
 * Letterboxd's export (Settings > Data > Export your data): a ZIP of CSV files.
 *
 * - ratings.csv, watchlist.csv, watched.csv, likes/films.csv: Date, Name, Year, Letterboxd URI (+ Rating in ratings)
 * - diary.csv: Date, Name, Year, Letterboxd URI, Rating, Rewatch, Tags, Watched Date
 * - reviews.csv: Date, Name, Year, Letterboxd URI, Rating, Rewatch, Review, Tags, Watched Date
 * - lists/<name>.csv: a first line "Letterboxd list export v…", a table of one row (Date, Name, Tags, URL,
 *   Description), a blank line, then the list's table (Position, Name, Year, URL, Description)
 *
 * Ratings are half stars, 0.5 to 5, and become 1 to 10. Ratings come from ratings.csv; a film rated only in the diary
 * takes its latest diary rating; a review joins its film's rating (by name and year). Each diary row is also a diary
 * entry (the film watched on its Watched Date). watched.csv (every film watched, without a day) marks a film watched
 * unless the diary has it; likes/films.csv likes a film. likes/reviews.csv and likes/lists.csv (likes of others'
 * reviews and lists) are listed in the report as not imported, with the reason.
 */

const FILM_COLUMNS = ['date', 'name', 'year'] as const;

/** A half-star rating to 1..10; blank is none. */
function ratingOf(file: string, line: number, raw: string, required: boolean): number | undefined {
  if (raw === '') {
    if (required) throw new ImportFileError(file, line, 'the rating is missing.');
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0.5 || n > 5 || !Number.isInteger(n * 2)) {
    throw new ImportFileError(file, line, `the rating "${raw.slice(0, 20)}" is not 0.5 to 5 in half stars.`);
  }
  return n * 2;
}

function nameOf(file: string, line: number, raw: string): string {
  if (raw === '') throw new ImportFileError(file, line, 'the film has no name.');
  return raw;
}

function simpleTable(file: ExportFile, required: readonly string[]) {
  const records = readCsv(file).filter((r) => !isBlank(r));
  if (records.length === 0) return [];
  return table(file.name, records[0], records.slice(1), required);
}

const filmKey = (name: string, year: number | null) => `${name.toLowerCase()}|${year ?? ''}`;

/** A Letterboxd list file: its name and description, then its films in order. */
function readList(file: ExportFile, listIndex: number): ImportItem[] {
  const records = readCsv(file);
  let i = 0;
  const next = () => {
    while (i < records.length && isBlank(records[i])) i++;
    return records[i++] as CsvRecord | undefined;
  };
  const first = next();
  if (!first || !/^letterboxd list export/i.test(first.values[0] ?? '')) {
    throw new ImportFileError(file.name, first?.line ?? 1, 'does not start with "Letterboxd list export".');
  }
  const metaHeader = next();
  const meta = next();
  if (!metaHeader || !meta) throw new ImportFileError(file.name, metaHeader?.line ?? first.line + 1, "is missing the list's name and description.");
  const [info] = table(file.name, metaHeader, [meta], ['name']);
  const name = info.get('name');
  if (name === '') throw new ImportFileError(file.name, meta.line, 'the list has no name.');
  const description = metaHeader.values.map(columnKey).includes('description') ? info.get('description') || null : null;
  const itemsHeader = next();
  if (!itemsHeader) return [];
  const rows = table(file.name, itemsHeader, records.slice(i), ['name', 'year']);
  const key = `letterboxd:${listIndex}:${name}`;
  return rows.map((r, position) => {
    const title = nameOf(file.name, r.line, r.get('name'));
    const year = yearOf(file.name, r.line, r.get('year'));
    return { kind: 'list', file: file.name, line: r.line, text: describe(title, year), title, year, type: 'movie', list: { key, name, description, position } };
  });
}

export function parseLetterboxd(files: ExportFile[]): ImportItem[] {
  const byName = new Map(files.map((f) => [f.name.toLowerCase(), f]));
  const ratings = new Map<string, ImportItem>();
  /** The date of the review joined to a rating, so the latest review of a film wins. */
  const reviewDates = new Map<ImportItem, string | null>();
  const items: ImportItem[] = [];

  const ratingsFile = byName.get('ratings.csv');
  if (ratingsFile) {
    for (const r of simpleTable(ratingsFile, [...FILM_COLUMNS, 'rating'])) {
      const title = nameOf(ratingsFile.name, r.line, r.get('name'));
      const year = yearOf(ratingsFile.name, r.line, r.get('year'));
      const item: ImportItem = {
        kind: 'rating',
        file: ratingsFile.name,
        line: r.line,
        text: describe(title, year),
        title,
        year,
        type: 'movie',
        rating: ratingOf(ratingsFile.name, r.line, r.get('rating'), true),
        date: dateOf(ratingsFile.name, r.line, r.get('date')),
      };
      ratings.set(filmKey(title, year), item);
    }
  }
  // The diary's latest rating of a film not in ratings.csv.
  const diary = byName.get('diary.csv');
  if (diary) {
    for (const r of simpleTable(diary, [...FILM_COLUMNS, 'rating'])) {
      const title = nameOf(diary.name, r.line, r.get('name'));
      const year = yearOf(diary.name, r.line, r.get('year'));
      const rating = ratingOf(diary.name, r.line, r.get('rating'), false);
      const date = dateOf(diary.name, r.line, r.get('watcheddate') || r.get('date'));
      const key = filmKey(title, year);
      // Every diary row is a day the film was watched (rewatches included).
      if (date) items.push({ kind: 'diary', file: diary.name, line: r.line, text: `${describe(title, year)} on ${date.slice(0, 10)}`, title, year, type: 'movie', date: date.slice(0, 10) });
      const known = ratings.get(key);
      if (rating === undefined || (known && known.file !== diary.name)) continue;
      if (known && (known.date ?? '') >= (date ?? '')) continue;
      ratings.set(key, { kind: 'rating', file: diary.name, line: r.line, text: describe(title, year), title, year, type: 'movie', rating, date });
    }
  }
  const reviews = byName.get('reviews.csv');
  if (reviews) {
    for (const r of simpleTable(reviews, [...FILM_COLUMNS, 'rating', 'review'])) {
      const title = nameOf(reviews.name, r.line, r.get('name'));
      const year = yearOf(reviews.name, r.line, r.get('year'));
      const rating = ratingOf(reviews.name, r.line, r.get('rating'), false);
      const review = r.get('review') || null;
      const date = dateOf(reviews.name, r.line, r.get('date'));
      const key = filmKey(title, year);
      const known = ratings.get(key);
      if (known) {
        // The latest review of the film joins its rating.
        if (review && (!known.review || (reviewDates.get(known) ?? '') <= (date ?? ''))) {
          known.review = review;
          reviewDates.set(known, date);
        }
      } else if (rating !== undefined) {
        const item: ImportItem = { kind: 'rating', file: reviews.name, line: r.line, text: describe(title, year), title, year, type: 'movie', rating, review, date };
        ratings.set(key, item);
        reviewDates.set(item, date);
      } else {
        items.push({ kind: 'rating', file: reviews.name, line: r.line, text: describe(title, year), title, year, type: 'movie', skip: 'A review without a rating: Reelhouse keeps reviews with their rating.' });
      }
    }
  }
  items.push(...ratings.values());
  const watchlist = byName.get('watchlist.csv');
  if (watchlist) {
    for (const r of simpleTable(watchlist, FILM_COLUMNS)) {
      const title = nameOf(watchlist.name, r.line, r.get('name'));
      const year = yearOf(watchlist.name, r.line, r.get('year'));
      items.push({ kind: 'watchlist', file: watchlist.name, line: r.line, text: describe(title, year), title, year, type: 'movie', date: dateOf(watchlist.name, r.line, r.get('date')) });
    }
  }
  // Films watched (without a day: the diary has the days) and liked films: marks on the title.
  for (const [name, kind] of [
    ['watched.csv', 'watched'],
    ['likes/films.csv', 'like'],
  ] as const) {
    const f = byName.get(name);
    if (!f) continue;
    for (const r of simpleTable(f, FILM_COLUMNS)) {
      const title = nameOf(f.name, r.line, r.get('name'));
      const year = yearOf(f.name, r.line, r.get('year'));
      items.push({ kind, file: f.name, line: r.line, text: describe(title, year), title, year, type: 'movie', date: dateOf(f.name, r.line, r.get('date')) });
    }
  }
  // Likes of other people's reviews and lists: listed in the report, as Reelhouse cannot tie them to anything here.
  for (const [name, what, reason] of [
    ['likes/reviews.csv', 'A review', "A liked review: reviews written on Letterboxd by others are not in Reelhouse, so the like has nothing to go to."],
    ['likes/lists.csv', 'A list', "A liked list: lists made on Letterboxd by others are not in Reelhouse, so the like has nothing to go to."],
  ] as const) {
    const f = byName.get(name);
    if (!f) continue;
    const records = readCsv(f).filter((r) => !isBlank(r));
    if (records.length === 0) continue;
    for (const r of table(f.name, records[0], records.slice(1), [])) {
      const title = r.get('name') || r.get('letterboxduri') || r.get('url') || '(no name)';
      const year = /^\d{4}$/.test(r.get('year')) ? Number(r.get('year')) : null;
      items.push({ kind: 'like', file: f.name, line: r.line, text: `${what}: ${describe(title, year)}`, title, year, skip: reason });
    }
  }
  const lists = files.filter((f) => /^lists\/[^/]+\.csv$/i.test(f.name)).sort((a, b) => a.name.localeCompare(b.name));
  lists.forEach((f, i) => {
    items.push(...readList(f, i));
  });
  checkSize('the export', items);
  return items;
}

/** Whether these files are a Letterboxd export (or one of its files). */
export function looksLikeLetterboxd(files: ExportFile[]): boolean {
  return files.some((f) => /^(ratings|reviews|diary|watched|watchlist|profile)\.csv$/i.test(f.name) || /^lists\/[^/]+\.csv$/i.test(f.name));
}
