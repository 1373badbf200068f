import type { SearchClickRequest } from '@common/contracts/titles';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { objectParser } from '../../../lib/light-parse';

/** POST /api/movies/search-click: a search led to a title (feeds popular searches). */
export const recordSearchClick = (input: SearchClickRequest) =>
  api.post('movies/search-click', input, objectParser<{ recorded: true }>((v) => typeof v === 'object' && v !== null));

/** Fire and forget: a failed record is logged, never shown. */
export const useRecordSearchClick = () =>
  useMutation({
    mutationFn: recordSearchClick,
    onError: (error) => console.warn('search click not recorded', error),
  });
