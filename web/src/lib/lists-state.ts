import type { ListSummary } from '@common/contracts/lists';
import type { TitleType } from '@common/contracts/titles';
import { createStore, useStore } from './create-store';

/**
 * The lists state kept on the device (spec 3): the list being written (name,
 * type, genres, chosen titles) and the list collections the screens show.
 * It lives in memory for the tab, like the person it belongs to: logging out
 * loads /onboarding afresh (lib/auth.ts), which empties it (spec 4).
 * Spec 8: a failed list fetch stores its message, or 'Failed to fetch data',
 * and (spec 4) clears every list collection.
 */

/** Spec 3: a list is of movies or of tv series; movies by default. */
export type ListKind = 'movies' | 'tv series';

/** A title chosen for the list, keyed as spec 3 says (movie_id or tv_id), with what the editor shows. */
export interface SelectedMedia {
  movie_id?: string;
  tv_id?: string;
  id: string;
  type: TitleType;
  title: string;
  primaryImage: string | null;
  year: number | null;
  note: string;
}

export type ListCollection = 'recommendedLists' | 'recentlyViewedLists' | 'myLists' | 'trendingLists';

export interface ListsState {
  name: string;
  type: ListKind;
  selectedGenres: { name: string }[];
  genreCount: number;
  selectedMedia: SelectedMedia[];
  description: string;
  visibility: 'public' | 'private';
  /** Which list the draft is of: 'new', a list id being edited, or null when there is none. */
  draftOf: string | null;
  recommendedLists: ListSummary[];
  recentlyViewedLists: ListSummary[];
  myLists: ListSummary[];
  trendingLists: ListSummary[];
  loading: boolean;
  error: string | null;
}

export const FETCH_FAILED_MESSAGE = 'Failed to fetch data';

const emptyDraft = {
  name: '',
  type: 'movies' as ListKind,
  selectedGenres: [] as { name: string }[],
  genreCount: 0,
  selectedMedia: [] as SelectedMedia[],
  description: '',
  visibility: 'public' as const,
  draftOf: null as string | null,
};

const emptyCollections = { recommendedLists: [], recentlyViewedLists: [], myLists: [], trendingLists: [] };

export const initialListsState: ListsState = { ...emptyDraft, ...emptyCollections, loading: false, error: null };

export const listsStore = createStore<ListsState>(initialListsState);

export const useListsState = <U>(select: (state: ListsState) => U) => useStore(listsStore, select);

/** Spec 5: the type falls back to movies when it is neither movies nor tv series. */
export function listKindOf(value: unknown): ListKind {
  if (typeof value !== 'string') return 'movies';
  const key = value.toLowerCase().replace(/[^a-z]/g, '');
  return key === 'tvseries' ? 'tv series' : 'movies';
}

export const titleTypeOfKind = (kind: ListKind): TitleType => (kind === 'tv series' ? 'tvSeries' : 'movie');
export const kindOfTitleType = (type: TitleType): ListKind => (type === 'tvSeries' ? 'tv series' : 'movies');

export function toSelectedMedia(item: { id: string; type: TitleType; title: string; primaryImage: string | null; year: number | null }, note = ''): SelectedMedia {
  const key = item.type === 'tvSeries' ? { tv_id: item.id } : { movie_id: item.id };
  return { ...key, id: item.id, type: item.type, title: item.title, primaryImage: item.primaryImage, year: item.year, note };
}

/** Changes draft fields; the type is normalised (spec 5) and genreCount follows the genres. */
export function updateDraft(patch: Partial<Pick<ListsState, 'name' | 'type' | 'selectedGenres' | 'selectedMedia' | 'description' | 'visibility'>>): void {
  listsStore.set((s) => {
    const next = { ...s, ...patch };
    if (patch.type !== undefined) next.type = listKindOf(patch.type);
    if (patch.selectedGenres) next.genreCount = patch.selectedGenres.length;
    return next;
  });
}

/** Starts a draft: empty for a new list (kept if one is already being written), or the fields of a list being edited. */
export function startDraft(of: string, from?: Partial<Pick<ListsState, 'name' | 'type' | 'selectedGenres' | 'selectedMedia' | 'description' | 'visibility'>>): void {
  listsStore.set((s) => {
    if (!from && s.draftOf === of) return s;
    const genres = from?.selectedGenres ?? [];
    return { ...s, ...emptyDraft, ...from, type: listKindOf(from?.type), selectedGenres: genres, genreCount: genres.length, draftOf: of };
  });
}

export function clearDraft(): void {
  listsStore.set((s) => ({ ...s, ...emptyDraft }));
}

let inFlight = 0;

/** A list fetch began: loading, and the last error is forgotten. */
export function listsFetchStarted(): void {
  inFlight += 1;
  listsStore.set((s) => ({ ...s, loading: true, error: null }));
}

/** A fetch answered: the collection becomes its lists, or (a further page) gains them. */
export function listsFetched(collection: ListCollection, lists: ListSummary[], append = false): void {
  inFlight = Math.max(0, inFlight - 1);
  listsStore.set((s) => ({ ...s, [collection]: append ? [...s[collection], ...lists.filter((l) => !s[collection].some((k) => k.listId === l.listId))] : lists, loading: inFlight > 0 }));
}

/** Spec 8 and 4: the error's message (or 'Failed to fetch data') is stored and every list collection is emptied. */
export function listsFetchFailed(error: unknown): void {
  inFlight = Math.max(0, inFlight - 1);
  const message = error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : FETCH_FAILED_MESSAGE;
  listsStore.set((s) => ({ ...s, ...emptyCollections, loading: inFlight > 0, error: message }));
}

/** Runs one list fetch through the state: the answer fills `collection` (or, with `append`, is added to it); a failure is stored and thrown on. Aborted fetches leave it as it was. */
export async function fetchListsInto(collection: ListCollection, fetcher: () => Promise<ListSummary[]>, append = false): Promise<ListSummary[]> {
  listsFetchStarted();
  try {
    const lists = await fetcher();
    listsFetched(collection, lists, append);
    return lists;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      inFlight = Math.max(0, inFlight - 1);
      listsStore.set((s) => ({ ...s, loading: inFlight > 0 }));
    } else {
      listsFetchFailed(error);
    }
    throw error;
  }
}

/** Everything back to the start (a person leaving). */
export function resetListsState(): void {
  inFlight = 0;
  listsStore.set(initialListsState);
}
