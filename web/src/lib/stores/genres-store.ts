import { createStore, useStore } from './create-store';
import { persist } from './persist';

/** Spec 3 "Genres state". */
export interface GenresState {
  genres: string[];
  loading: boolean;
  error: string | null;
}

const initial: GenresState = { genres: [], loading: false, error: null };

export const genresStore = persist(createStore<GenresState>(initial), {
  name: 'genres',
  version: 1,
  pick: (s) => ({ genres: s.genres }),
  merge: (stored, init) => {
    const genres = (stored as { genres?: unknown } | null)?.genres;
    if (!Array.isArray(genres)) return null;
    return { ...init, genres: genres.filter((g): g is string => typeof g === 'string') };
  },
});

export const genresActions = {
  setGenres: (genres: string[]) => genresStore.set({ genres, loading: false, error: null }),
  setLoading: (loading: boolean) => genresStore.set((s) => ({ ...s, loading })),
  setError: (error: string) => genresStore.set((s) => ({ ...s, loading: false, error })),
  reset: () => genresStore.set(initial),
};

export const useGenres = () => useStore(genresStore, (s) => s.genres);
