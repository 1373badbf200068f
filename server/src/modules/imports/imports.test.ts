import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportJob, type ImportReport, ImportReportSchema } from '../../../../common/contracts/imports.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { ImportRunner, startImport } from './imports.service.ts';
import { importForm, insertImportTitles, LETTERBOXD_FILES, zipOf } from './imports.test-fixtures.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let fan: Person;
let other: Person;

const upload = (bytes: Buffer, name: string, headers: Record<string, string>) => {
  const form = importForm(bytes, name);
  return ctx.app.inject({ method: 'POST', url: '/api/imports', payload: form.payload, headers: { ...headers, ...form.headers } });
};
const report = (id: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers });
const resolve = (id: string, body: { row: number; titleId: string }, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: `/api/imports/${id}/resolve`, payload: body, headers });

/** Follows an import as the screen does, until it has finished. */
async function finished(id: string, headers = fan.headers): Promise<ImportReport> {
  for (let i = 0; i < 2000; i++) {
    const res = await report(id, headers);
    const data = ImportReportSchema.parse(res.json().data);
    if (data.status === 'done' || data.status === 'failed') return data;
    await sleep(20);
  }
  throw new Error(`import ${id} did not finish`);
}

async function ratingsOf(userId: string) {
  const rows = await ctx.database.db.selectFrom('ratings').select(['titleId', 'rating', 'review']).where('userId', '=', userId).orderBy('titleId').execute();
  return rows.map((r) => [r.titleId, Number(r.rating), r.review]);
}
async function statsOf(titleId: string) {
  const row = await ctx.database.db.selectFrom('titleRatingStats').select(['ratingCount', 'ratingSum', 'reviewCount']).where('titleId', '=', titleId).executeTakeFirst();
  return row ? [Number(row.ratingCount), Number(row.ratingSum), Number(row.reviewCount)] : [0, 0, 0];
}
async function watchlistOf(userId: string) {
  return (await ctx.database.db.selectFrom('watchlistEntries').select('titleId').where('userId', '=', userId).orderBy('titleId').execute()).map((r) => r.titleId);
}
async function diaryOf(userId: string) {
  const rows = await ctx.database.db.selectFrom('diaryEntries').select(['titleId', 'watchedOn']).where('userId', '=', userId).orderBy('watchedOn').orderBy('titleId').execute();
  return rows.map((r) => [r.titleId, r.watchedOn]);
}
async function marksOf(userId: string) {
  const rows = await ctx.database.db.selectFrom('titleMarks').select(['mark', 'titleId', 'markedAt']).where('userId', '=', userId).orderBy('mark').orderBy('titleId').execute();
  return rows.map((r) => [r.mark, r.titleId, new Date(r.markedAt).toISOString().slice(0, 10)]);
}
async function listsOf(userId: string) {
  const lists = await ctx.database.db.selectFrom('lists').select(['id', 'name', 'titleCount', 'visibility']).where('ownerId', '=', userId).execute();
  const out = [];
  for (const l of lists) {
    const items = await ctx.database.db.selectFrom('listItems').select('titleId').where('listId', '=', l.id).orderBy('position').execute();
    out.push({ name: l.name, visibility: l.visibility, titleCount: Number(l.titleCount), titles: items.map((i) => i.titleId) });
  }
  return out;
}

const EXPORT = zipOf(LETTERBOXD_FILES);
let firstJob: ImportReport;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertImportTitles(ctx.database.db);
  fan = await buildUser(ctx, { displayName: 'Ida Importer' });
  other = await buildUser(ctx, { displayName: 'Olaf Other' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/imports with a Letterboxd export', () => {
  it('answers 202 at once with the job, which then runs to its report', async () => {
    const res = await upload(EXPORT, 'letterboxd-ida-2024-01-01-00-00-utc.zip', fan.headers);
    expect(res.statusCode).toBe(202);
    const job = res.json().data as ImportJob;
    expect(job).toMatchObject({ source: 'letterboxd', fileName: 'letterboxd-ida-2024-01-01-00-00-utc.zip', total: 15 });
    firstJob = await finished(job.id);
    // watched.csv's Solaris is in the diary already: present.
    expect(firstJob).toMatchObject({ status: 'done', total: 15, processed: 15, imported: 11, alreadyPresent: 1, notMatched: 2, ambiguous: 1, error: null });
    expect(firstJob.notMatchedRows).toEqual([
      { row: expect.any(Number), kind: 'rating', file: 'ratings.csv', line: 5, text: 'Nowhere Film (1999)', reason: 'No title in the catalogue has this name and year.', candidates: [] },
      {
        row: expect.any(Number),
        kind: 'like',
        file: 'likes/reviews.csv',
        line: 2,
        text: 'A review: Paper Moon (1973)',
        reason: 'A liked review: reviews written on Letterboxd by others are not in Reelhouse, so the like has nothing to go to.',
        candidates: [],
      },
    ]);
    expect(firstJob.ambiguousRows).toHaveLength(1);
    expect(firstJob.ambiguousRows[0]).toMatchObject({ kind: 'rating', file: 'ratings.csv', line: 4, text: 'Double Feature (2010)' });
    expect(firstJob.ambiguousRows[0].candidates.map((c) => [c.id, c.title, c.year])).toEqual([
      ['tt9500012', 'Double Feature', 2010],
      ['tt9500013', 'Double Feature', 2010],
    ]);
  });

  it('wrote the ratings (half stars to 1-10, by original title, a year off, from the diary), the watchlist and a private list', async () => {
    expect(await ratingsOf(fan.user.id)).toEqual([
      ['tt9500010', 9, 'The diner scene.\nStill the best.'],
      ['tt9500011', 10, null],
      ['tt9500014', 8, null],
      ['tt9500016', 1, null],
    ]);
    expect(await statsOf('tt9500010')).toEqual([1, 9, 1]);
    expect(await watchlistOf(fan.user.id)).toEqual(['tt9500015', 'tt9500018']);
    expect(await listsOf(fan.user.id)).toEqual([{ name: 'Crime Nights', visibility: 'private', titleCount: 2, titles: ['tt9500010', 'tt9500018'] }]);
    // The diary row: Solaris watched on its Watched Date.
    expect(await diaryOf(fan.user.id)).toEqual([['tt9500014', '2022-11-30']]);
    // watched.csv: Heat watched without a day (no diary date made up); Solaris has its diary day. likes/films.csv: Heat liked.
    expect(await marksOf(fan.user.id)).toEqual([
      ['liked', 'tt9500010', '2023-01-05'],
      ['watched', 'tt9500010', '2023-01-05'],
    ]);
    const heat = (await ctx.app.inject({ method: 'GET', url: '/api/diary/titles/tt9500010', headers: fan.headers })).json().data;
    expect(heat).toEqual({ titleId: 'tt9500010', watched: true, count: 0, latest: null, undated: true, liked: true });
    const cards = await ctx.app.inject({ method: 'POST', url: '/api/diary/contains', headers: fan.headers, payload: { titleIds: ['tt9500010', 'tt9500014', 'tt9500018'] } });
    expect(cards.json().data.titleIds).toEqual(['tt9500010', 'tt9500014']);
  });

  it('run again, adds nothing twice: everything is already present', async () => {
    const res = await upload(EXPORT, 'letterboxd-ida-2024-01-01-00-00-utc.zip', fan.headers);
    const again = await finished(res.json().data.id);
    expect(again).toMatchObject({ status: 'done', imported: 0, alreadyPresent: 12, notMatched: 2, ambiguous: 1 });
    expect(await diaryOf(fan.user.id)).toEqual([['tt9500014', '2022-11-30']]);
    expect((await marksOf(fan.user.id)).length).toBe(2);
    expect((await ratingsOf(fan.user.id)).length).toBe(4);
    expect(await statsOf('tt9500010')).toEqual([1, 9, 1]);
    expect(await watchlistOf(fan.user.id)).toEqual(['tt9500015', 'tt9500018']);
    expect(await listsOf(fan.user.id)).toEqual([{ name: 'Crime Nights', visibility: 'private', titleCount: 2, titles: ['tt9500010', 'tt9500018'] }]);
  });

  it('never overwrites a newer rating made in Reelhouse, and updates an older one', async () => {
    const someone = await buildUser(ctx, { displayName: 'Nina Newer' });
    const rated = await ctx.app.inject({ method: 'POST', url: '/api/ratings-and-reviews/create', headers: someone.headers, payload: { titleId: 'tt9500010', rating: 3 } });
    expect(rated.statusCode).toBeLessThan(300);
    await ctx.database.db
      .insertInto('ratings')
      .values({ id: `old-${someone.user.id}`, userId: someone.user.id, titleId: 'tt9500014', rating: 2, review: null, spoiler: false, likeCount: 0, createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' })
      .execute();
    const before = await statsOf('tt9500014');
    const res = await upload(EXPORT, 'export.zip', someone.headers);
    const done = await finished(res.json().data.id, someone.headers);
    expect(done).toMatchObject({ imported: 10, alreadyPresent: 2 });
    const mine = new Map((await ratingsOf(someone.user.id)).map((r) => [r[0], r[1]]));
    // Rated here just now (newer than the file's 2023): kept. Rated here in 2020, older than the diary's 2022: updated.
    expect(mine.get('tt9500010')).toBe(3);
    expect(mine.get('tt9500014')).toBe(8);
    expect(await statsOf('tt9500014')).toEqual([before[0], before[1] + 6, before[2]]);
  });
});

describe('a diary: Letterboxd diary.csv and Trakt history', () => {
  it('logs each day watched (rewatches too), once per title and day, and again adds nothing', async () => {
    const person = await buildUser(ctx, { displayName: 'Dee Diarist' });
    const diary = [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2023-01-06,Heat,1995,https://boxd.it/a,4.5,,,2023-01-05',
      '2023-03-01,Heat,1995,https://boxd.it/b,,Yes,,2023-02-28',
      '2023-03-01,Heat,1995,https://boxd.it/c,,Yes,,2023-02-28',
      '2023-03-02,Paper Moon,1973,https://boxd.it/d,,,,2023-03-02',
      '',
    ].join('\n');
    const res = await upload(zipOf({ 'diary.csv': diary }), 'letterboxd.zip', person.headers);
    const done = await finished(res.json().data.id, person.headers);
    // Four diary rows (two of them the same day) and Heat's diary rating.
    expect(done).toMatchObject({ status: 'done', total: 5, imported: 4, alreadyPresent: 1, notMatched: 0 });
    expect(await diaryOf(person.user.id)).toEqual([
      ['tt9500010', '2023-01-05'],
      ['tt9500010', '2023-02-28'],
      ['tt9500018', '2023-03-02'],
    ]);
    const again = await finished((await upload(zipOf({ 'diary.csv': diary }), 'letterboxd.zip', person.headers)).json().data.id, person.headers);
    expect(again).toMatchObject({ imported: 0, alreadyPresent: 5 });
    expect((await diaryOf(person.user.id)).length).toBe(3);
    const month = await ctx.app.inject({ method: 'GET', url: '/api/diary?month=2023-02', headers: person.headers });
    expect(month.json().data.entries.map((e: { title: { id: string }; rewatch: boolean }) => [e.title.id, e.rewatch])).toEqual([['tt9500010', true]]);

    const trakt = {
      'history-movies.json': JSON.stringify([
        { id: 1, watched_at: '2023-04-01T21:00:00.000Z', action: 'watch', type: 'movie', movie: { title: 'Heat', year: 1995, ids: { imdb: 'tt9500010', tmdb: 949 } } },
        { id: 2, watched_at: '2023-01-05T19:00:00.000Z', action: 'watch', type: 'movie', movie: { title: 'Heat', year: 1995, ids: { imdb: 'tt9500010', tmdb: 949 } } },
      ]),
    };
    const fromTrakt = await finished((await upload(zipOf(trakt), 'trakt.zip', person.headers)).json().data.id, person.headers);
    expect(fromTrakt).toMatchObject({ status: 'done', total: 2, imported: 1, alreadyPresent: 1 });
    expect(await diaryOf(person.user.id)).toContainEqual(['tt9500010', '2023-04-01']);
  });
});

describe('Trakt ratings of seasons and episodes', () => {
  it('are counted and listed as not placed, with the reason; the show rows are imported', async () => {
    const person = await buildUser(ctx, { displayName: 'Tess Trakt' });
    const show = { title: 'Night Shift Stories', year: 2015, ids: { trakt: 7, tmdb: 4242 } };
    const trakt = {
      'ratings-shows.json': JSON.stringify([{ rated_at: '2023-01-06T20:00:00.000Z', rating: 8, type: 'show', show }]),
      'ratings-seasons.json': JSON.stringify([{ rated_at: '2023-01-06T20:00:00.000Z', rating: 7, type: 'season', season: { number: 2, ids: {} }, show }]),
      'ratings-episodes.json': JSON.stringify([
        { rated_at: '2023-01-05T20:00:00.000Z', rating: 9, type: 'episode', episode: { season: 1, number: 3, title: 'Graveyard', ids: {} }, show },
      ]),
      'history-episodes.json': JSON.stringify([{ id: 9, watched_at: '2023-02-01T20:00:00.000Z', action: 'watch', type: 'episode', episode: { season: 1, number: 3 }, show }]),
    };
    const done = await finished((await upload(zipOf(trakt), 'trakt.zip', person.headers)).json().data.id, person.headers);
    // The show's rating and the episode's play (a diary entry of the show) are placed; the season and the episode ratings are not.
    expect(done).toMatchObject({ status: 'done', total: 4, imported: 2, alreadyPresent: 0, notMatched: 2, ambiguous: 0 });
    const reason = 'The catalogue has no seasons or episodes: Reelhouse rates, lists and logs whole shows (an episode watched logs its show).';
    expect(done.notMatchedRows.map((r) => [r.kind, r.file, r.line, r.text, r.reason])).toEqual([
      ['rating', 'ratings-seasons.json', 1, 'Night Shift Stories (2015) season 2', reason],
      ['rating', 'ratings-episodes.json', 1, 'Night Shift Stories (2015) S01E03 “Graveyard”', reason],
    ]);
    expect(await ratingsOf(person.user.id)).toEqual([['tt9500017', 8, null]]);
    expect(await diaryOf(person.user.id)).toEqual([['tt9500017', '2023-02-01']]);
  });
});

describe('a malformed file', () => {
  it('answers 400 naming the file and line, and writes nothing', async () => {
    const person = await buildUser(ctx, { displayName: 'Mal Formed' });
    const bad = zipOf({ ...LETTERBOXD_FILES, 'watchlist.csv': 'Date,Name,Year,Letterboxd URI\n2023-04-01,Paper Moon,1973,u\n2023-04-02,Solaris,20x2,u\n' });
    const res = await upload(bad, 'export.zip', person.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid_file', message: 'file: watchlist.csv, line 3: the year "20x2" is not a year.' });
    const jobs = await ctx.database.db.selectFrom('importJobs').select('id').where('userId', '=', person.user.id).execute();
    expect(jobs).toEqual([]);
    expect(await ratingsOf(person.user.id)).toEqual([]);
    expect(await watchlistOf(person.user.id)).toEqual([]);
  });

  it('answers 400 for a form without the file, 415 for a JSON body, 413 past 20 MB', async () => {
    const empty = importForm(Buffer.alloc(0), 'x.zip');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/imports', payload: empty.payload, headers: { ...fan.headers, ...empty.headers } })).json().error.message).toBe('file: is empty.');
    const json = await ctx.app.inject({ method: 'POST', url: '/api/imports', payload: { file: 'x' }, headers: fan.headers });
    expect(json.statusCode).toBe(415);
    const big = await upload(Buffer.alloc(21 * 1024 * 1024, 1), 'big.zip', fan.headers);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toEqual({ code: 'file_too_large', message: 'file: is larger than 20 MB.' });
  });
});

describe('POST /api/imports/:id/resolve', () => {
  it('is refused for another person (404), for a title not among the candidates (400)', async () => {
    const row = firstJob.ambiguousRows[0].row;
    expect((await resolve(firstJob.id, { row, titleId: 'tt9500013' }, other.headers)).statusCode).toBe(404);
    expect((await report(firstJob.id, other.headers)).statusCode).toBe(404);
    const wrong = await resolve(firstJob.id, { row, titleId: 'tt9500010' }, fan.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("titleId: must be one of the row's candidates.");
  });

  it('writes the chosen title and moves the row from ambiguous to imported; a second resolve is 409', async () => {
    const row = firstJob.ambiguousRows[0].row;
    const res = await resolve(firstJob.id, { row, titleId: 'tt9500013' }, fan.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 12, ambiguous: 0, ambiguousRows: [] });
    expect((await ratingsOf(fan.user.id)).find((r) => r[0] === 'tt9500013')).toEqual(['tt9500013', 6, null]);
    expect(await statsOf('tt9500013')).toEqual([1, 6, 0]);
    expect((await resolve(firstJob.id, { row, titleId: 'tt9500013' }, fan.headers)).statusCode).toBe(409);
  });
});

describe('GET /api/imports', () => {
  it("lists the reader's own imports, newest first", async () => {
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/imports', headers: fan.headers })).json().data.results as ImportJob[];
    expect(mine.map((j) => j.status)).toEqual(['done', 'done']);
    expect(mine[1].id).toBe(firstJob.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/imports', headers: other.headers })).json().data.results).toEqual([]);
  });
});

describe('a job a stopped process left', () => {
  it('is resumed at start from its first pending row', async () => {
    const person = await buildUser(ctx, { displayName: 'Cara Crash' });
    // A runner that is closed records the job but never runs it: as a process that died right after answering.
    const dead = new ImportRunner(ctx.database, { error: () => undefined, info: () => undefined });
    await dead.close();
    const job = await startImport(ctx.database, dead, person.user, 'export.zip', EXPORT);
    await ctx.database.db.updateTable('importJobs').set({ status: 'running', leaseUntil: Date.now() - 1000 }).where('id', '=', job.id).execute();
    const fresh = new ImportRunner(ctx.database, { error: () => undefined, info: () => undefined });
    expect(await fresh.resumeOrphans()).toContain(job.id);
    const done = await finished(job.id, person.headers);
    await fresh.close();
    expect(done).toMatchObject({ status: 'done', processed: 15, imported: 11 });
    expect((await ratingsOf(person.user.id)).length).toBe(4);
  });
});

