import { strToU8, zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { normalizeText } from '../../search/normalize.ts';
import { matchKeyOf } from '../catalogue/index.ts';
import { type NewTitle, upsertTitles } from '../titles/titles.repository.ts';

/** A ZIP of these files (path to text), as the sites make them. */
export function zipOf(files: Record<string, string>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

/** Titles the import tests match against: ids, names, original names, years, and two films of one name and year. */
export const IMPORT_TITLES: (NewTitle & { tmdbId?: number })[] = [
  { id: 'tt9500010', titleType: 'movie', primaryTitle: 'Heat', startYear: 1995, releaseDate: '1995-12-15', tmdbId: 949 },
  { id: 'tt9500011', titleType: 'movie', primaryTitle: 'Amélie', originalTitle: "Le fabuleux destin d'Amélie Poulain", startYear: 2001, releaseDate: '2001-04-25' },
  { id: 'tt9500012', titleType: 'movie', primaryTitle: 'Double Feature', startYear: 2010, releaseDate: '2010-05-01' },
  { id: 'tt9500013', titleType: 'movie', primaryTitle: 'Double Feature', startYear: 2010, releaseDate: '2010-09-01' },
  { id: 'tt9500014', titleType: 'movie', primaryTitle: 'Solaris', startYear: 1972, releaseDate: '1972-03-20' },
  { id: 'tt9500015', titleType: 'movie', primaryTitle: 'Solaris', startYear: 2002, releaseDate: '2002-11-27' },
  { id: 'tt9500016', titleType: 'movie', primaryTitle: 'Late Bloomer', startYear: 2005, releaseDate: '2005-06-01' },
  { id: 'tt9500017', titleType: 'tvSeries', primaryTitle: 'Night Shift Stories', startYear: 2015, releaseDate: '2015-01-10', tmdbId: 4242 },
  { id: 'tt9500018', titleType: 'movie', primaryTitle: 'Paper Moon', startYear: 1973, releaseDate: '1973-05-09' },
];

/** Puts the titles in the catalogue with their match keys and TMDB ids, as the catalogue importer leaves them. */
export async function insertImportTitles(db: Kysely<DB>, titles = IMPORT_TITLES): Promise<void> {
  await upsertTitles(db, titles, (p, o) => normalizeText(`${p} ${o ?? ''}`));
  for (const t of titles) {
    await db
      .updateTable('titles')
      .set({ matchKey: matchKeyOf(t.primaryTitle), tmdbId: t.tmdbId ?? null })
      .where('id', '=', t.id)
      .execute();
  }
}

/**
 * A Letterboxd export as Letterboxd writes it: ratings (half stars), a review, diary, watched, watchlist, likes (of a
 * film and of a review) and a list in its two-table layout. It holds an unmatched film (Nowhere Film), an ambiguous one (Double Feature, 2010: two
 * films), one found by its original title (Le fabuleux destin…), and one a year off (Late Bloomer, 2006).
 */
export const LETTERBOXD_FILES: Record<string, string> = {
  'profile.csv': 'Date Joined,Username,Given Name,Family Name,Email Address,Location,Website,Bio,Pronoun,Favorite Films\n2020-01-01,fan,,,fan@example.com,,,,,\n',
  'ratings.csv': [
    'Date,Name,Year,Letterboxd URI,Rating',
    '2023-01-05,Heat,1995,https://boxd.it/2b0k,4.5',
    "2023-02-10,Le fabuleux destin d'Amélie Poulain,2001,https://boxd.it/1ZqI,5",
    '2023-03-01,Double Feature,2010,https://boxd.it/aaaa,3',
    '2023-03-02,Nowhere Film,1999,https://boxd.it/bbbb,2.5',
    '2023-03-03,Late Bloomer,2006,https://boxd.it/cccc,0.5',
    '',
  ].join('\n'),
  'reviews.csv': [
    'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date',
    '2023-01-06,Heat,1995,https://boxd.it/r1,4.5,No,"The diner scene.\nStill the best.",,2023-01-05',
    '',
  ].join('\n'),
  'diary.csv': ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date', '2022-12-01,Solaris,1972,https://boxd.it/d1,4,,,2022-11-30', ''].join('\n'),
  // Every film watched, without a day: Solaris is in the diary already; Heat was only ever marked watched.
  'watched.csv': ['Date,Name,Year,Letterboxd URI', '2022-12-01,Solaris,1972,https://boxd.it/w1', '2023-01-05,Heat,1995,https://boxd.it/2b0k', ''].join('\n'),
  'watchlist.csv': ['Date,Name,Year,Letterboxd URI', '2023-04-01,Paper Moon,1973,https://boxd.it/p1', '2023-04-02,Solaris,2002,https://boxd.it/p2', ''].join('\n'),
  'likes/films.csv': ['Date,Name,Year,Letterboxd URI', '2023-01-05,Heat,1995,https://boxd.it/2b0k', ''].join('\n'),
  // A like of someone else's review: reported, not imported.
  'likes/reviews.csv': ['Date,Name,Year,Letterboxd URI', '2023-02-01,Paper Moon,1973,https://boxd.it/rv1', ''].join('\n'),
  'lists/crime-nights.csv': [
    'Letterboxd list export v7',
    'Date,Name,Tags,URL,Description',
    '2023-05-01,Crime Nights,,https://boxd.it/l1,Films for late evenings',
    '',
    'Position,Name,Year,URL,Description',
    '1,Heat,1995,https://boxd.it/2b0k,',
    '2,Paper Moon,1973,https://boxd.it/p1,',
    '',
  ].join('\n'),
};

/** A multipart/form-data body with one file in the field `file`, as a browser's FormData sends it. */
export function importForm(bytes: Buffer, filename: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ReelhouseImport${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const payload = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
