import type { ListSummary } from '@common/contracts/lists';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FETCH_FAILED_MESSAGE,
  fetchListsInto,
  initialListsState,
  listKindOf,
  listsFetchFailed,
  listsStore,
  resetListsState,
  startDraft,
  toSelectedMedia,
  updateDraft,
} from './lists-state';

const list = (listId: string): ListSummary => ({
  listId,
  name: `List ${listId}`,
  description: null,
  type: 'movie',
  genres: [{ name: 'Drama' }],
  visibility: 'public',
  contentList: [],
  titleCount: 0,
  ownerProfile: { userId: 'u1', displayName: 'Ann', imageUrl: null },
  likeCount: 0,
  viewCount: 0,
  lastUpdated: '2026-01-02T03:04:05.000Z',
  createdAt: '2026-01-02T03:04:05.000Z',
});

beforeEach(() => resetListsState());

describe('the lists state kept on the device', () => {
  it('starts empty, with movies as the type', () => {
    expect(listsStore.get()).toEqual(initialListsState);
    expect(listsStore.get().type).toBe('movies');
    expect(listsStore.get().error).toBeNull();
  });

  it('fills a collection from a fetch and is loading only while one is on its way', async () => {
    let release: (lists: ListSummary[]) => void = () => {};
    const pending = fetchListsInto('myLists', () => new Promise((resolve) => (release = resolve)));
    expect(listsStore.get().loading).toBe(true);
    release([list('a'), list('b')]);
    await pending;
    expect(listsStore.get().myLists.map((l) => l.listId)).toEqual(['a', 'b']);
    expect(listsStore.get().loading).toBe(false);
  });

  it('adds a further page to the collection', async () => {
    await fetchListsInto('myLists', async () => [list('a'), list('b')]);
    await fetchListsInto('myLists', async () => [list('b'), list('c')], true);
    expect(listsStore.get().myLists.map((l) => l.listId)).toEqual(['a', 'b', 'c']);
  });

  it("stores a failed fetch's message and clears every list collection", async () => {
    await fetchListsInto('myLists', async () => [list('a')]);
    await fetchListsInto('trendingLists', async () => [list('t')]);
    await fetchListsInto('recommendedLists', async () => [list('r')]);
    await fetchListsInto('recentlyViewedLists', async () => [list('v')]);
    await expect(fetchListsInto('trendingLists', () => Promise.reject(new Error('Reelhouse could not be reached.')))).rejects.toThrow();
    const state = listsStore.get();
    expect(state.error).toBe('Reelhouse could not be reached.');
    expect(state.myLists).toEqual([]);
    expect(state.trendingLists).toEqual([]);
    expect(state.recommendedLists).toEqual([]);
    expect(state.recentlyViewedLists).toEqual([]);
    expect(state.loading).toBe(false);
  });

  it("stores 'Failed to fetch data' when the error has no message", () => {
    listsFetchFailed(new Error(''));
    expect(listsStore.get().error).toBe(FETCH_FAILED_MESSAGE);
    listsFetchFailed({ status: 500 });
    expect(listsStore.get().error).toBe('Failed to fetch data');
  });

  it('forgets the error when the next fetch starts', async () => {
    listsFetchFailed(null);
    await fetchListsInto('myLists', async () => [list('a')]);
    expect(listsStore.get().error).toBeNull();
    expect(listsStore.get().myLists).toHaveLength(1);
  });

  it('leaves the state alone when a fetch is cancelled', async () => {
    await fetchListsInto('myLists', async () => [list('a')]);
    await expect(fetchListsInto('myLists', () => Promise.reject(new DOMException('gone', 'AbortError')))).rejects.toThrow();
    expect(listsStore.get().error).toBeNull();
    expect(listsStore.get().myLists).toHaveLength(1);
    expect(listsStore.get().loading).toBe(false);
  });

  it('falls back to movies for a type that is neither movies nor tv series (spec 5)', () => {
    expect(listKindOf('tv series')).toBe('tv series');
    expect(listKindOf('TV Series')).toBe('tv series');
    expect(listKindOf('movies')).toBe('movies');
    expect(listKindOf('podcasts')).toBe('movies');
    expect(listKindOf(undefined)).toBe('movies');
    updateDraft({ type: 'documentaries' as never });
    expect(listsStore.get().type).toBe('movies');
  });

  it('counts the genres chosen and keys titles by movie_id or tv_id', () => {
    updateDraft({ selectedGenres: [{ name: 'Drama' }, { name: 'Crime' }] });
    expect(listsStore.get().genreCount).toBe(2);
    expect(toSelectedMedia({ id: 'tt1', type: 'movie', title: 'A', primaryImage: null, year: 1994 })).toMatchObject({ movie_id: 'tt1', id: 'tt1' });
    expect(toSelectedMedia({ id: 'tt2', type: 'tvSeries', title: 'B', primaryImage: null, year: 2008 }, 'n')).toMatchObject({ tv_id: 'tt2', note: 'n' });
  });

  it('keeps a new draft across visits and replaces it with the list being edited', () => {
    startDraft('new');
    updateDraft({ name: 'Heist films' });
    startDraft('new');
    expect(listsStore.get().name).toBe('Heist films');
    startDraft('list-1', { name: 'Sci-fi', type: 'tv series', selectedGenres: [{ name: 'Sci-Fi' }] });
    expect(listsStore.get()).toMatchObject({ name: 'Sci-fi', type: 'tv series', genreCount: 1, draftOf: 'list-1' });
    startDraft('new');
    expect(listsStore.get()).toMatchObject({ name: '', type: 'movies', genreCount: 0, draftOf: 'new' });
  });
});
