import type { ListInput } from '../../../../common/contracts/lists.ts';
import type { TestContext } from '../../../test/helpers.ts';
import { normalizeText } from '../../search/normalize.ts';
import { type NewTitle, upsertTitles } from '../titles/titles.repository.ts';

/** 60 movies (tt9500000...) with posters and three series; genres cycle through Drama, Comedy and Horror. */
export const LIST_MOVIES: NewTitle[] = Array.from({ length: 60 }, (_, i) => ({
  id: `tt95000${String(i).padStart(2, '0')}`,
  titleType: 'movie',
  primaryTitle: `List Film ${i}`,
  startYear: 1990 + (i % 30),
  releaseDate: `${1990 + (i % 30)}-03-01`,
  genres: [['Drama'], ['Comedy'], ['Horror']][i % 3],
  posterUrl: `https://img.example/film-${i}.jpg`,
  popularity: 1,
}));
export const LIST_SHOWS: NewTitle[] = Array.from({ length: 3 }, (_, i) => ({
  id: `tt96000${i}`,
  titleType: 'tvSeries',
  primaryTitle: `List Show ${i}`,
  startYear: 2010 + i,
  releaseDate: null,
  genres: ['Comedy'],
  popularity: 1,
}));
export const movieId = (i: number) => LIST_MOVIES[i].id;
/** A movie without a poster. */
export const POSTERLESS_MOVIE: NewTitle = { id: 'tt9509999', titleType: 'movie', primaryTitle: 'List Film Unseen', startYear: 2001, releaseDate: null, genres: ['Drama'], popularity: 1 };

export async function seedListTitles(ctx: TestContext): Promise<void> {
  await upsertTitles(ctx.database.db, [...LIST_MOVIES, POSTERLESS_MOVIE, ...LIST_SHOWS], (p, o) => normalizeText(`${p} ${o ?? ''}`));
}

type Headers = Record<string, string>;

/** The lists API as a client calls it. */
export function listsApi(ctx: TestContext) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    create: (payload: unknown, headers?: Headers) => call('POST', '/api/lists', headers, payload),
    get: (id: string, headers?: Headers) => call('GET', `/api/lists/${id}/get`, headers),
    edit: (id: string, payload: unknown, headers?: Headers) => call('POST', `/api/lists/${id}/edit`, headers, payload),
    remove: (id: string, headers?: Headers) => call('DELETE', `/api/lists/${id}`, headers),
    view: (id: string, headers?: Headers) => call('POST', `/api/lists/${id}/view`, headers),
    like: (id: string, headers?: Headers) => call('POST', `/api/lists/${id}/likes`, headers),
    unlike: (id: string, headers?: Headers) => call('DELETE', `/api/lists/${id}/likes`, headers),
    mine: (query = '', headers?: Headers) => call('GET', `/api/lists/${query}`, headers),
    recommended: (headers?: Headers) => call('GET', '/api/lists/recommended', headers),
    recent: (headers?: Headers) => call('GET', '/api/lists/recently-viewed-lists', headers),
    clearRecent: (headers?: Headers) => call('POST', '/api/user/recently-viewed-lists/clear', headers),
    trending: (headers?: Headers) => call('GET', '/api/home/trending-lists', headers),
    /** Creates a list and answers its id; fails the test when it cannot. */
    async make(headers: Headers, over: Partial<ListInput> = {}): Promise<string> {
      const res = await call('POST', '/api/lists', headers, { name: 'A list', type: 'movie', genres: ['Drama'], contentList: [{ titleId: movieId(0) }], ...over });
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return res.json().data.listId as string;
    },
  };
}

export const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;
