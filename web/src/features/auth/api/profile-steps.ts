import type { SetProfileRequest } from '@common/contracts/auth';
import { CountriesSchema } from '@common/contracts/people';
import { GenresResponseSchema, type TitleType } from '@common/contracts/titles';
import { UploadedImageSchema } from '@common/contracts/uploads';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/current-user';
import { profileKeys } from '../../../lib/profile';
import { setProfile } from './set-profile';

/** GET /api/user/countries: the ISO 3166 countries (code and English name), by name. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'countries'],
    queryFn: ({ signal }) => api.get('user/countries', CountriesSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useCountries = () => useQuery(countriesQueryOptions());

/** GET /api/movies/getPossibleGenres for movies and for shows: the genre names a fan may call favourite. */
const genresOf = (titleType: TitleType, signal?: AbortSignal) => api.get(`movies/getPossibleGenres?titleType=${titleType}`, GenresResponseSchema, { signal });
export function useFavouriteGenreChoices() {
  return useQuery({
    queryKey: ['titles', 'genres', 'all'],
    queryFn: async ({ signal }) => {
      const [movies, shows] = await Promise.all([genresOf('movie', signal), genresOf('tvSeries', signal)]);
      return [...new Set([...movies, ...shows].map((g) => g.name))].sort((a, b) => a.localeCompare(b));
    },
    staleTime: 30 * 60_000,
  });
}

/** POST /api/uploads/images (multipart: `image`, `purpose=profile`): the stored picture's address. */
export function useUploadProfilePicture() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('purpose', 'profile');
      form.append('image', file);
      return api.postForm('uploads/images', form, UploadedImageSchema);
    },
  });
}

/** POST /api/user/setProfile for one onboarding step: the session's person and every cached profile refresh. */
export function useSaveProfileStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetProfileRequest) => setProfile(input),
    onSuccess: async (user) => {
      setCurrentUser(client, user);
      await client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
