import type { Profile } from '@common/contracts/people';
import { ApiError } from '../../../lib/api-client';

export const STEP_IDS = ['name', 'country', 'genres', 'movies', 'shows', 'picture', 'bio'] as const;
export type StepId = (typeof STEP_IDS)[number];

/** The first step the person has not done yet (where closing early left them). */
export function firstOpenStep(profile: Profile | undefined, onboarded: boolean, topMax: number): StepId {
  if (!onboarded || !profile?.username) return 'name';
  if (!profile.country) return 'country';
  if (profile.favouriteGenres.length === 0) return 'genres';
  if (profile.topMovies.length < topMax) return 'movies';
  if (profile.topShows.length < topMax) return 'shows';
  if (!profile.imageUrl) return 'picture';
  if (!profile.bio) return 'bio';
  return 'name';
}

/** A suggested username from the display name: letters and digits joined by dots. */
export function suggestUsername(displayName: string): string {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 30);
  return slug.length >= 3 ? slug : '';
}

/** The server names the field first ('username: that username is taken.'): split it off and capitalise the rest. */
export function fieldError(error: unknown): { field: string | null; message: string } {
  if (!(error instanceof ApiError)) return { field: null, message: 'Could not save. Please try again.' };
  const match = /^([A-Za-z]+)(?:\.\d+)?: (.+)$/.exec(error.message);
  if (!match) return { field: null, message: error.message };
  const text = match[2].charAt(0).toUpperCase() + match[2].slice(1);
  return { field: match[1], message: text };
}


/** The country picker's count, following its search: "195 countries", "3 of 195 countries", "1 of 195 countries". */
export function countryCountText(shown: number, total: number, filtered: boolean): string {
  if (!filtered) return `${total} ${total === 1 ? 'country' : 'countries'}`;
  return `${shown} of ${total} ${total === 1 ? 'country' : 'countries'}`;
}
