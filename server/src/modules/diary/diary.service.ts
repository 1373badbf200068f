import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DiaryContainsSchema, DiaryMonth, DiaryYear, LogWatchResult, TitleWatched } from '../../../../common/contracts/diary.ts';
import type { Database } from '../../db/database.ts';
import type { Db } from '../../db/db.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import { badRequest, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { targetVisible } from '../../lib/visibility.ts';
import { findLivePerson, userNotFound } from '../profiles/index.ts';
import { findTitleBasics, titleNotFound } from '../ratings/index.ts';
import { cachedCards, dayOf } from '../titles/index.ts';
import { canReadDiary, canUseDiary } from './diary.policy.ts';
import { presentEntry } from './diary.presenter.ts';
import * as repo from './diary.repository.ts';

type Actor = { id: string };

/** How many genres and top-rated titles a year in review names. */
const YEAR_TOP = 5;

function checkOwner(actor: Actor, ownerId: string): void {
  authorize(actor, canUseDiary(actor, ownerId), { status: 404, code: 'diary_not_found', message: 'A diary is only its owner’s to see and change.' });
}

const entryNotFound = () => notFound('There is no diary entry with that id.', 'diary_entry_not_found');

/** Today and tomorrow (UTC): a day watched may be at most tomorrow, for people east of UTC logging in the evening. */
function latestDay(now = new Date()): string {
  return dayOf(new Date(now.getTime() + 86_400_000));
}

async function presentRows(database: Database, cache: Cache, rows: repo.ListedEntry[]) {
  const cards = await cachedCards(
    database,
    cache,
    rows.map((r) => r.titleId),
  );
  return rows.flatMap((r) => {
    const card = cards.get(r.titleId);
    return card ? [presentEntry(r, card)] : [];
  });
}

/** Logs a title as watched on a day (today by default). The same title on the same day again changes nothing. */
export async function logWatch(database: Database, cache: Cache, actor: Actor, ownerId: string, input: { titleId: string; watchedOn?: string }): Promise<LogWatchResult> {
  checkOwner(actor, ownerId);
  const watchedOn = input.watchedOn ?? dayOf(new Date());
  if (watchedOn > latestDay()) throw badRequest('watchedOn: must not be a day still to come', 'validation_error');
  const title = await findTitleBasics(database.db, input.titleId);
  if (!title) throw titleNotFound();
  const changed = await repo.insertEntry(database.db, { id: randomUUID(), userId: ownerId, titleId: title.id, watchedOn, createdAt: new Date().toISOString() });
  const row = await repo.entryOf(database.db, ownerId, title.id, watchedOn);
  if (!row) throw entryNotFound();
  const [entry] = await presentRows(database, cache, [row]);
  return { entry, changed };
}

/** Takes an entry out of the owner's diary; anyone else's entry, as an unknown one, answers 404. */
export async function deleteWatch(database: Database, actor: Actor, id: string): Promise<{ id: string; titleId: string; deleted: boolean }> {
  const entry = await repo.entryById(database.db, id);
  if (!entry) throw entryNotFound();
  authorize(actor, canUseDiary(actor, entry.userId), { status: 404, code: 'diary_entry_not_found', message: 'There is no diary entry with that id.' });
  const deleted = await repo.deleteEntry(database.db, id);
  return { id, titleId: entry.titleId, deleted };
}

/** A month of the owner's diary (the current month by default), newest day first, with the months that have entries. */
export async function diaryMonth(database: Database, cache: Cache, actor: Actor, ownerId: string, month?: string): Promise<DiaryMonth> {
  checkOwner(actor, ownerId);
  const m = month ?? dayOf(new Date()).slice(0, 7);
  const [rows, months] = await Promise.all([repo.entriesBetween(database.db, ownerId, `${m}-01`, `${m}-31`), repo.monthsOf(database.db, ownerId)]);
  return { month: m, entries: await presentRows(database, cache, rows), months };
}

/**
 * A month of a person's diary as their profile shows it to a reader (anyone, signed in or not): the same entries and
 * months as the owner's. Someone the reader may not see (suspended, blocked either way) or a closed account: 404.
 */
export async function publicDiaryMonth(database: Database, cache: Cache, reader: Actor | null, ownerId: string, month?: string): Promise<DiaryMonth> {
  const db = database.db;
  const [person, visible] = await Promise.all([findLivePerson(db, ownerId), targetVisible(db, reader, 'person', ownerId)]);
  const open = person !== undefined && (person.deletedAt === null || person.deletedAt === undefined);
  // 404 to everyone, signed in or not: the profile itself answers the same.
  if (!person || !canReadDiary(reader, ownerId, visible, open)) throw userNotFound();
  const m = month ?? dayOf(new Date()).slice(0, 7);
  const [rows, months] = await Promise.all([repo.entriesBetween(db, ownerId, `${m}-01`, `${m}-31`), repo.monthsOf(db, ownerId)]);
  return { month: m, entries: await presentRows(database, cache, rows), months };
}

export async function titleWatched(database: Database, actor: Actor, ownerId: string, titleId: string): Promise<TitleWatched> {
  checkOwner(actor, ownerId);
  const [rows, marks] = await Promise.all([repo.titleEntries(database.db, ownerId, titleId), repo.marksOf(database.db, ownerId, titleId)]);
  const latest = rows[0];
  const undated = marks.includes('watched');
  return {
    titleId,
    watched: rows.length > 0 || undated,
    count: rows.length,
    latest: latest ? { id: latest.id, watchedOn: latest.watchedOn } : null,
    undated,
    liked: marks.includes('liked'),
  };
}

export async function watchedAmong(database: Database, actor: Actor, ownerId: string, titleIds: readonly string[]): Promise<z.infer<typeof DiaryContainsSchema>> {
  checkOwner(actor, ownerId);
  const found = new Set(await repo.watchedAmong(database.db, ownerId, [...new Set(titleIds)]));
  return { titleIds: titleIds.filter((id, i) => found.has(id) && titleIds.indexOf(id) === i) };
}

/** A year in review: what was watched, for how long, which genres most, and what the person rated highest. */
export async function diaryYear(database: Database, cache: Cache, actor: Actor, ownerId: string, year: number): Promise<DiaryYear> {
  checkOwner(actor, ownerId);
  const [rows, years] = await Promise.all([repo.yearRows(database.db, ownerId, year), repo.yearsOf(database.db, ownerId)]);
  const perMonth = new Array<number>(12).fill(0);
  const genres = new Map<string, number>();
  const films = new Set<string>();
  const rated = new Map<string, number>();
  let minutes = 0;
  let filmEntries = 0;
  let rewatches = 0;
  for (const r of rows) {
    perMonth[Number(r.watchedOn.slice(5, 7)) - 1] += 1;
    minutes += Number(r.runtimeMinutes ?? 0);
    if (r.titleType === 'movie') {
      filmEntries += 1;
      films.add(r.titleId);
    }
    if (Number(r.rewatch) === 1) rewatches += 1;
    for (const g of r.genres ? r.genres.split(',') : []) genres.set(g, (genres.get(g) ?? 0) + 1);
    if (r.rating !== null) rated.set(r.titleId, Number(r.rating));
  }
  const top = [...rated].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, YEAR_TOP);
  const cards = await cachedCards(
    database,
    cache,
    top.map(([id]) => id),
  );
  return {
    year,
    entries: rows.length,
    films: filmEntries,
    distinctFilms: films.size,
    shows: rows.length - filmEntries,
    rewatches,
    hours: Math.round(minutes / 6) / 10,
    perMonth,
    topGenres: [...genres].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, YEAR_TOP).map(([name, count]) => ({ name, count })),
    highestRated: top.flatMap(([id, rating]) => {
      const card = cards.get(id);
      return card ? [{ rating, title: card }] : [];
    }),
    years,
  };
}

/** Entries from a history import (Letterboxd's diary, Trakt's history): written in bulk; a title and day already there is kept. */
export async function importDiaryEntries(trx: Db, userId: string, entries: readonly { titleId: string; watchedOn: string }[], now: string): Promise<Set<string>> {
  const unique = new Map(entries.map((e) => [`${e.titleId}|${e.watchedOn}`, e]));
  return repo.insertEntries(
    trx,
    [...unique.values()].map((e) => ({ id: randomUUID(), userId, titleId: e.titleId, watchedOn: e.watchedOn, createdAt: now })),
  );
}

/**
 * Titles a history import marks watched without a day (Letterboxd's watched.csv): a title with a diary entry is
 * already watched, and one marked before keeps its mark. Answers the titles newly marked.
 */
export async function importWatchedMarks(trx: Db, userId: string, marks: readonly { titleId: string; markedAt: string }[]): Promise<Set<string>> {
  const logged = await repo.titlesWithEntries(
    trx,
    userId,
    marks.map((m) => m.titleId),
  );
  const unique = new Map(marks.filter((m) => !logged.has(m.titleId)).map((m) => [m.titleId, m]));
  return repo.insertMarks(trx, userId, 'watched', [...unique.values()]);
}

/** Liked titles from a history import (Letterboxd's likes/films.csv); a title liked before keeps its like. Answers the titles newly liked. */
export async function importLikes(trx: Db, userId: string, likes: readonly { titleId: string; markedAt: string }[]): Promise<Set<string>> {
  const unique = new Map(likes.map((m) => [m.titleId, m]));
  return repo.insertMarks(trx, userId, 'liked', [...unique.values()]);
}
