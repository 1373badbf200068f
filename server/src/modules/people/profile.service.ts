import countries from 'i18n-iso-countries';
import type { SetProfileRequest } from '../../../../common/contracts/auth.ts';
import { type Profile, TOP_TITLES_MAX } from '../../../../common/contracts/people.ts';
import type { TitleType } from '../../../../common/contracts/titles.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { reusedQuery } from '../../db/reused-query.ts';
import { AppError, badRequest, unauthorized } from '../../lib/http/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { normalizeText } from '../../search/normalize.ts';
import { levelProgress } from '../levels/index.ts';
import { findCardRows, presentCard as presentTitleCard } from '../titles/index.ts';
import { profileExtras } from './people.extras.ts';
import { CARD_COLUMNS, type CardRow, type Db, iso, presentCard, userNotFound } from './people.shared.ts';

/** English names of the ISO 3166-1 alpha-2 codes (i18n-iso-countries), by name. */
export function countryList(): { code: string; name: string }[] {
  return Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function countryOf(code: string | null): { code: string; name: string } | null {
  if (!code) return null;
  const name = countries.getName(code, 'en', { select: 'official' });
  return name ? { code, name } : null;
}

const parseIds = (json: string | null): string[] => {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** What people search reads: the normalised display name and username, the username also as one word ("ana.lima" -> "ana lima analima"). */
export const searchTextOf = (displayName: string, username: string | null) =>
  normalizeText(`${displayName} ${username ?? ''} ${username?.replace(/[._]/g, '') ?? ''}`);

const PROFILE_COLUMNS = [
  ...CARD_COLUMNS,
  'users.bio',
  'users.country',
  'users.favouriteGenres',
  'users.topMovies',
  'users.topShows',
  'users.followerCount',
  'users.followingCount',
  'users.createdAt',
] as const;

type ProfileRow = CardRow & {
  bio: string | null;
  country: string | null;
  favouriteGenres: string | null;
  topMovies: string | null;
  topShows: string | null;
  followerCount: number;
  followingCount: number;
  createdAt: Date | string;
  suspendedAt: Date | string | null;
};

/**
 * The reads of every profile, compiled once (db/reused-query.ts): building them through the query layer on each
 * request cost more than the lookups themselves. `byKey`: by id or username (else the reader's own, by id).
 */
const profileRowQuery = reusedQuery<boolean, { id: string; key: string }, ProfileRow>(['id', 'key'], (db: Db, byKey, p) => {
  const q = db.selectFrom('users').select([...PROFILE_COLUMNS, 'users.suspendedAt']);
  return byKey ? q.where((eb) => eb.or([eb('users.id', '=', p.id), eb('users.usernameKey', '=', p.key)])) : q.where('users.id', '=', p.id);
});
const followsQuery = reusedQuery<null, { from: string; to: string }, { followeeId: string }>(['from', 'to'], (db: Db, _shape, p) =>
  db.selectFrom('follows').select('followeeId').where('followerId', '=', p.from).where('followeeId', '=', p.to),
);
const blocksQuery = reusedQuery<null, { a: string; b: string }, { blockerId: string }>(['a', 'b'], (db: Db, _shape, p) =>
  db
    .selectFrom('blocks')
    .select(['blockerId'])
    .where((eb) => eb.or([eb.and([eb('blockerId', '=', p.a), eb('blockedId', '=', p.b)]), eb.and([eb('blockerId', '=', p.b), eb('blockedId', '=', p.a)])])),
);

/**
 * A profile by `me`, a person's id or their username (any case). A suspended account, or one that blocked the
 * reader, is 404 `user_not_found` to everyone else.
 */
export async function getProfile(database: Database, reader: SessionUser | null, suffix: string): Promise<Profile> {
  const db = database.db;
  if (suffix === 'me' && !reader) throw unauthorized('Session expired. Please log in again.');
  const key = suffix === 'me' ? null : suffix.toLowerCase();
  const [row] = await profileRowQuery(db, key !== null, key === null ? { id: reader?.id ?? '', key: '' } : { id: suffix, key });
  const isMe = reader !== null && row?.id === reader.id;
  if (!row || (!isMe && row.suspendedAt !== null)) throw userNotFound();
  let following: boolean | null = null;
  let followsYou: boolean | null = null;
  let blockedByMe = false;
  if (reader && !isMe) {
    const [out, back, blocks] = await Promise.all([
      followsQuery(db, null, { from: reader.id, to: row.id }),
      followsQuery(db, null, { from: row.id, to: reader.id }),
      blocksQuery(db, null, { a: reader.id, b: row.id }),
    ]);
    if (blocks.some((b) => b.blockerId === row.id)) throw userNotFound();
    blockedByMe = blocks.length > 0;
    following = out.length > 0;
    followsYou = back.length > 0;
  }
  const movies = parseIds(row.topMovies);
  const shows = parseIds(row.topShows);
  const genres = parseIds(row.favouriteGenres);
  const [cards, extras, level] = await Promise.all([findCardRows(db, [...movies, ...shows]), profileExtras(database, row.id), levelProgress(db, row.id)]);
  const byId = new Map(cards.map((c) => [c.id, presentTitleCard(c)]));
  const titles = (ids: string[]) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as NonNullable<ReturnType<typeof byId.get>>] : []));
  return {
    ...presentCard(row),
    ...extras,
    bio: row.bio,
    country: countryOf(row.country),
    favouriteGenres: genres,
    topMovies: titles(movies),
    topShows: titles(shows),
    followerCount: Number(row.followerCount),
    followingCount: Number(row.followingCount),
    isMe,
    following,
    followsYou,
    blockedByMe,
    profileComplete:
      row.username !== null && row.country !== null && genres.length > 0 && movies.length === TOP_TITLES_MAX && shows.length === TOP_TITLES_MAX,
    level,
    joinedAt: iso(row.createdAt),
  };
}

/** Title ids must exist and be of the list's type: 400 naming the field and the place. */
async function checkTitles(db: Db, ids: string[], type: TitleType, field: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.selectFrom('titles').select(['id', 'titleType']).where('id', 'in', ids).execute();
  const types = new Map(rows.map((r) => [r.id, r.titleType]));
  ids.forEach((id, i) => {
    const t = types.get(id);
    if (!t) throw badRequest(`${field}.${i}: there is no title ${id}.`, 'validation_error');
    if (t !== type) throw badRequest(`${field}.${i}: ${id} is not a ${type === 'movie' ? 'movie' : 'TV show'}.`, 'validation_error');
  });
}

/**
 * The profile fields of `POST /api/user/setProfile` beyond name, bio and picture, checked and turned into columns.
 * Genres must be genres of the catalogue.
 */
export async function profileColumns(db: Db, userId: string, input: SetProfileRequest) {
  const out: Record<string, string | null> = {};
  if (input.username !== undefined) {
    const key = input.username.toLowerCase();
    const taken = await db.selectFrom('users').select('id').where('usernameKey', '=', key).where('id', '!=', userId).executeTakeFirst();
    if (taken) throw new AppError(409, 'username_taken', 'username: that username is taken.');
    out.username = input.username;
    out.usernameKey = key;
  }
  if (input.country !== undefined) {
    if (input.country !== null && !countries.isValid(input.country)) throw badRequest(`country: ${input.country} is not an ISO 3166 country code.`, 'validation_error');
    out.country = input.country;
  }
  if (input.favouriteGenres !== undefined) {
    const genres = input.favouriteGenres;
    if (genres.length) {
      const known = new Set((await db.selectFrom('titleGenres').select('genre').distinct().where('genre', 'in', genres).execute()).map((g) => g.genre));
      genres.forEach((g, i) => {
        if (!known.has(g)) throw badRequest(`favouriteGenres.${i}: ${g} is not a genre of the catalogue.`, 'validation_error');
      });
    }
    out.favouriteGenres = JSON.stringify(genres);
  }
  if (input.topMovies !== undefined) {
    await checkTitles(db, input.topMovies, 'movie', 'topMovies');
    out.topMovies = JSON.stringify(input.topMovies);
  }
  if (input.topShows !== undefined) {
    await checkTitles(db, input.topShows, 'tvSeries', 'topShows');
    out.topShows = JSON.stringify(input.topShows);
  }
  return out;
}

/** A unique-index race on the username (two people taking it at once) is the same 409. */
export function usernameRace(err: unknown): never {
  if (isUniqueViolation(err, 'username_key')) throw new AppError(409, 'username_taken', 'username: that username is taken.');
  throw err;
}

