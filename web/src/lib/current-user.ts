import type { CurrentUser, SessionResponse } from '@common/contracts/auth';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The one source of the signed-in person: the session query. Every screen
 * reads it through useCurrentUser(); sign-in steps write it with
 * setCurrentUser(); a 401 empties it, and logging out loads /onboarding
 * afresh (lib/auth.ts). Nothing else on the device keeps a copy.
 */
export const sessionQueryKey = ['auth', 'session'] as const;

/*
 * The session reply is checked without loading zod, so that the first download
 * of every page stays small. The field list is tied to the contract's type:
 * adding a field to CurrentUserSchema fails the type check here until it is
 * handled. current-user.test.ts compares this check with the zod schema.
 */
type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNullableString: Check = (v) => v === null || typeof v === 'string';

const currentUserFields = {
  id: isString,
  email: isString,
  displayName: isString,
  photoURL: isNullableString,
  bio: isNullableString,
  onboarded: (v) => typeof v === 'boolean',
} satisfies Record<keyof CurrentUser, Check>;

export function isCurrentUser(value: unknown): value is CurrentUser {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return Object.entries(currentUserFields).every(([key, check]) => check(record[key]));
}

function pickUser(value: CurrentUser): CurrentUser {
  const { id, email, displayName, photoURL, bio, onboarded } = value;
  return { id, email, displayName, photoURL, bio, onboarded };
}

type SafeParse<T> = { success: true; data: T } | { success: false };

/** Same shape as a zod schema's safeParse, for the api client. */
export const CurrentUserParser = {
  safeParse: (value: unknown): SafeParse<CurrentUser> => (isCurrentUser(value) ? { success: true, data: pickUser(value) } : { success: false }),
};

export const SessionParser = {
  safeParse: (value: unknown): SafeParse<SessionResponse> => {
    const user = (value as { user?: unknown } | null)?.user;
    if (user === null) return { success: true, data: { user: null } };
    return isCurrentUser(user) ? { success: true, data: { user: pickUser(user) } } : { success: false };
  },
};

export const SignedOutParser = {
  safeParse: (value: unknown): SafeParse<{ signedOut: boolean }> => {
    const signedOut = (value as { signedOut?: unknown } | null)?.signedOut;
    return typeof signedOut === 'boolean' ? { success: true, data: { signedOut } } : { success: false };
  },
};

/** GET /api/auth/session: the person behind the session cookie, or null. */
export const getSession = (signal?: AbortSignal) => api.get('auth/session', SessionParser, { signal });

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
  });

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';

/** Reads the session query: the person, and whether the server has answered yet. */
export function readCurrentUser(session: { data?: SessionResponse; isPending: boolean }): { user: CurrentUser | null; status: AuthStatus } {
  const user = session.data?.user ?? null;
  if (user) return { user, status: 'signed-in' };
  return { user: null, status: session.isPending ? 'checking' : 'signed-out' };
}

/** The person using the app, from the session query. */
export function useCurrentUser(): { user: CurrentUser | null; status: AuthStatus } {
  return readCurrentUser(useQuery(sessionQueryOptions()));
}

/** Replaces the session's person (after a sign-in step saved the profile, or null on a 401). */
export function setCurrentUser(client: QueryClient, user: CurrentUser | null): void {
  client.setQueryData(sessionQueryKey, { user });
}
