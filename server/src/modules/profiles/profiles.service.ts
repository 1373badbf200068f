import countries from 'i18n-iso-countries';
import type { SetProfileRequest } from '../../../../common/contracts/auth.ts';
import { type Profile, TOP_TITLES_MAX } from '../../../../common/contracts/people.ts';
import type { TitleType } from '../../../../common/contracts/titles.ts';
import type { Database } from '../../db/database.ts';
import type { Db } from '../../db/db.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { AppError, badRequest, unauthorized } from '../../lib/http/errors.ts';
import { isoOf } from '../../lib/time.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { normalizeText } from '../../search/normalize.ts';
import { levelProgress } from '../levels/index.ts';
import { findCardRows, presentCard as presentTitleCard } from '../titles/index.ts';
import { profileExtras } from './extras.service.ts';
import { userNotFound } from './profiles.errors.ts';
import { countryOf, parseIds, presentCard } from './profiles.presenter.ts';
import { blocksQuery, followsQuery, knownGenres, profileRowQuery, titleTypesOf, usernameTaken } from './profiles.repository.ts';

/** What people search reads: the normalised display name and username, the username also as one word ("ana.lima" -> "ana lima analima"). */
export const searchTextOf = (displayName: string, username: string | null) =>
  normalizeText(`${displayName} ${username ?? ''} ${username?.replace(/[._]/g, '') ?? ''}`);

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
    joinedAt: isoOf(row.createdAt),
  };
}

/** Title ids must exist and be of the list's type: 400 naming the field and the place. */
async function checkTitles(db: Db, ids: string[], type: TitleType, field: string): Promise<void> {
  if (ids.length === 0) return;
  const types = await titleTypesOf(db, ids);
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
    if (await usernameTaken(db, userId, key)) throw new AppError(409, 'username_taken', 'username: that username is taken.');
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
      const known = await knownGenres(db, genres);
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
