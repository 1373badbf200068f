import { createStore, useStore } from './create-store';
import { persist } from './persist';

/** Spec 3 "Lists state". The collections are filled by the lists features of later issues. */
export type ListType = 'movies' | 'tv series';

export interface ListSummary {
  listId: string;
  name: string;
  type: 'movie' | 'tvSeries';
  genres: { name: string }[];
  contentList: { title: string; primaryImage?: { url: string } | string | null }[];
  ownerProfile?: { imageUrl?: string | null; displayName?: string | null } | null;
  lastUpdated?: unknown;
}

export type SelectedMedia = { movie_id: string | number; title?: string } | { tv_id: string | number; title?: string };

export interface ListsState {
  name: string;
  type: ListType;
  selectedGenres: { name: string }[];
  genreCount: number;
  selectedMedia: SelectedMedia[];
  recommendedLists: ListSummary[];
  recentlyViewedLists: ListSummary[];
  myLists: ListSummary[];
  trendingLists: ListSummary[];
  loading: boolean;
  error: string | null;
}

/** List type falls back to movies when it is neither movies nor tv series (spec 5). */
export function normalizeListType(type: unknown): ListType {
  return type === 'tv series' ? 'tv series' : 'movies';
}

const emptyCollections = {
  recommendedLists: [],
  recentlyViewedLists: [],
  myLists: [],
  trendingLists: [],
} satisfies Partial<ListsState>;

export const initialListsState: ListsState = {
  name: '',
  type: 'movies',
  selectedGenres: [],
  genreCount: 0,
  selectedMedia: [],
  ...emptyCollections,
  loading: false,
  error: null,
};

const arrayOr = <T>(value: unknown, fallback: T[]): T[] => (Array.isArray(value) ? (value as T[]) : fallback);

export const listsStore = persist(createStore<ListsState>(initialListsState), {
  name: 'lists',
  version: 1,
  pick: ({ loading: _loading, error: _error, ...rest }) => rest,
  merge: (stored, init) => {
    if (!stored || typeof stored !== 'object') return null;
    const s = stored as Partial<ListsState>;
    return {
      ...init,
      name: typeof s.name === 'string' ? s.name : init.name,
      type: normalizeListType(s.type),
      selectedGenres: arrayOr(s.selectedGenres, init.selectedGenres),
      genreCount: typeof s.genreCount === 'number' ? s.genreCount : init.genreCount,
      selectedMedia: arrayOr(s.selectedMedia, init.selectedMedia),
      recommendedLists: arrayOr(s.recommendedLists, []),
      recentlyViewedLists: arrayOr(s.recentlyViewedLists, []),
      myLists: arrayOr(s.myLists, []),
      trendingLists: arrayOr(s.trendingLists, []),
    };
  },
});

export const listsActions = {
  setType: (type: unknown) => listsStore.set((s) => ({ ...s, type: normalizeListType(type) })),
  setLoading: (loading: boolean) => listsStore.set((s) => ({ ...s, loading })),
  /** An error clears every list collection (spec 4). */
  setError: (error: string | null) =>
    listsStore.set((s) => ({ ...s, loading: false, error: error || 'Failed to fetch data', ...emptyCollections })),
  setCollection: (key: keyof typeof emptyCollections, lists: ListSummary[]) =>
    listsStore.set((s) => ({ ...s, loading: false, error: null, [key]: lists })),
  reset: () => listsStore.set(initialListsState),
};

export const useListsState = <U>(select: (s: ListsState) => U) => useStore(listsStore, select);
